import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";

const ROOT = new URL("../..", import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), "swapbot-build-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** `npm run build:bot` as package.json has it, written to a scratch folder with a metafile. */
function buildInputs(): string[] {
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
  const inputs = z
    .object({ inputs: z.record(z.string(), z.unknown()) })
    .parse(JSON.parse(readFileSync(meta, "utf8"))).inputs;
  return Object.keys(inputs);
}

describe("the compiled bot", () => {
  it("is built from src/ alone: nothing of tools/ or test/ is in it", () => {
    const inputs = buildInputs();
    expect(inputs).toContain("src/main.ts");
    expect(inputs.filter((path) => !path.startsWith("src/"))).toEqual([]);
  });
});
