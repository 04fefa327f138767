import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { WEBAPP_BUILD_DIR } from "./server/server.ts";

const PAGE = fileURLToPath(new URL("./page/", import.meta.url));

/**
 * Bundles the page (Preact, Telegram's SDK, the stylesheet) into WEBAPP_BUILD_DIR: content-hashed
 * bundles under assets/ and an index.html that names them. Run by `npm run build:webapp`, which
 * `npm ci` runs (prepare), so a fresh clone serves the page without another step.
 */
export async function buildWebApp(outDir = WEBAPP_BUILD_DIR): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  const assets = join(outDir, "assets");
  mkdirSync(assets, { recursive: true });
  const result = await build({
    entryPoints: [join(PAGE, "main.tsx")],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2020",
    jsx: "automatic",
    jsxImportSource: "preact",
    entryNames: "[name]-[hash]",
    outdir: assets,
    metafile: true,
    legalComments: "none",
    logLevel: "warning",
  });
  const outputs = Object.keys(result.metafile.outputs).map((p) => basename(p));
  const js = outputs.find((f) => f.endsWith(".js"));
  const css = outputs.find((f) => f.endsWith(".css"));
  if (!js || !css) throw new Error(`esbuild made no bundle: ${outputs.join(", ")}`);
  const html = readFileSync(join(PAGE, "index.html"), "utf8")
    .replace("{{js}}", js)
    .replace("{{css}}", css);
  writeFileSync(join(outDir, "index.html"), html);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWebApp();
  console.log(`Mini App page built into ${WEBAPP_BUILD_DIR}`);
}
