import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";

const ROOT = new URL("../..", import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), "swapbot-build-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const Metafile = z.object({
  inputs: z.record(z.string(), z.unknown()),
  outputs: z.record(
    z.string(),
    z.object({
      entryPoint: z.string().optional(),
      inputs: z.record(z.string(), z.unknown()),
      imports: z.array(
        z.object({ path: z.string(), kind: z.string(), external: z.boolean().optional() }),
      ),
    }),
  ),
});
type Metafile = z.infer<typeof Metafile>;

let built: Metafile | undefined;

/** `npm run build:bot` as package.json has it, written to a scratch folder with a metafile. */
function build(): Metafile {
  if (built) return built;
  const scripts = z
    .object({ scripts: z.object({ "build:bot": z.string() }) })
    .parse(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"))).scripts;
  const [command, ...args] = scripts["build:bot"].split(/\s+/);
  expect(command).toBe("esbuild");
  const meta = join(out, "meta.json");
  const flags = args.filter((arg) => !arg.startsWith("--outdir="));
  execFileSync(
    join(ROOT, "node_modules", ".bin", "esbuild"),
    [...flags, `--outdir=${join(out, "dist")}`, `--metafile=${meta}`],
    { cwd: ROOT },
  );
  built = Metafile.parse(JSON.parse(readFileSync(meta, "utf8")));
  return built;
}

/**
 * What a start loads before anything runs: the entry chunk and the chunks it imports statically,
 * and the packages they import statically (a dynamic `import()` is loaded only when reached).
 */
function loadedAtStart(meta: Metafile): { sources: string[]; packages: string[] } {
  const entry = Object.keys(meta.outputs).find(
    (output) => meta.outputs[output]?.entryPoint === "src/main.ts",
  );
  expect(entry, "the metafile names the output of src/main.ts").toBeDefined();
  const chunks = new Set<string>();
  const packages = new Set<string>();
  const visit = (output: string) => {
    if (chunks.has(output)) return;
    chunks.add(output);
    for (const imported of meta.outputs[output]?.imports ?? []) {
      if (imported.kind !== "import-statement") continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(entry ?? "");
  const sources = [...chunks].flatMap((chunk) => Object.keys(meta.outputs[chunk]?.inputs ?? {}));
  return { sources, packages: [...packages] };
}

describe("the compiled bot", () => {
  it("is built from src/ alone: nothing of tools/ or test/ is in it", () => {
    const inputs = Object.keys(build().inputs);
    expect(inputs).toContain("src/main.ts");
    expect(inputs.filter((path) => !path.startsWith("src/"))).toEqual([]);
  });

  // docs/design.md §2, "What a process loads": each of these is loaded by the part that uses it,
  // when it is configured or first reached, never by every start.
  it("loads at start none of the packages that only a setting or a first use needs", () => {
    const { packages } = loadedAtStart(build());
    // The walk sees what it must: the chat's packages are loaded at start.
    expect(packages).toContain("grammy");
    expect(packages).toContain("better-sqlite3");
    const onDemand = [
      "hono",
      "@hono/node-server",
      "@tma.js/init-data-node",
      "qrcode",
      "multicoin-address-validator",
      "prom-client",
      // long polling's: not loaded in webhook mode
      "@grammyjs/runner",
      "pg",
      "drizzle-orm/node-postgres",
    ];
    expect(
      packages.filter((name) =>
        onDemand.some((lazy) => name === lazy || name.startsWith(`${lazy}/`)),
      ),
    ).toEqual([]);
  });

  it("loads the embedded sandbox, the Mini App server, the ops server and the transport's mode only where they are used", () => {
    const { sources } = loadedAtStart(build());
    expect(sources).toContain("src/main.ts");
    expect(sources).toContain("src/app/app.ts");
    const onDemand = [
      "src/sandbox/",
      "src/webapp/",
      "src/app/webapp.ts",
      "src/app/ops.ts",
      "src/ops/metrics.ts",
      "src/transport/polling.ts",
      "src/transport/webhook.ts",
    ];
    expect(sources.filter((path) => onDemand.some((lazy) => path.startsWith(lazy)))).toEqual([]);
  });
});
