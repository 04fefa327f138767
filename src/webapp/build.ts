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
  const options = {
    bundle: true,
    minify: true,
    target: "es2020",
    entryNames: "[name]-[hash]",
    outdir: assets,
    metafile: true,
    legalComments: "none",
    logLevel: "warning",
  } as const;
  const [app, head] = await Promise.all([
    build({
      ...options,
      entryPoints: [join(PAGE, "main.tsx")],
      format: "esm",
      jsx: "automatic",
      jsxImportSource: "preact",
    }),
    // A few lines the HTML's head runs before the body is painted (the theme's colours), wrapped
    // in a function of their own: a classic script shares the page's global scope.
    build({ ...options, entryPoints: [join(PAGE, "first-paint.ts")], format: "iife" }),
  ]);
  const files = [app, head].flatMap((r) => Object.keys(r.metafile.outputs).map((p) => basename(p)));
  const js = files.find((f) => f.startsWith("main-") && f.endsWith(".js"));
  const first = files.find((f) => f.startsWith("first-paint-"));
  const css = files.find((f) => f.endsWith(".css"));
  if (!js || !first || !css) throw new Error(`esbuild made no bundle: ${files.join(", ")}`);
  const html = readFileSync(join(PAGE, "index.html"), "utf8")
    .replace("{{js}}", js)
    .replace("{{first}}", first)
    .replace("{{css}}", css);
  writeFileSync(join(outDir, "index.html"), html);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWebApp();
  console.log(`Mini App page built into ${WEBAPP_BUILD_DIR}`);
}
