import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** Every import specifier in the TypeScript files under `dir`. */
function importsUnder(dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (!entry.endsWith(".ts")) continue;
    const source = readFileSync(join(dir, entry), "utf8");
    for (const match of source.matchAll(/(?:from|import\()\s*"([^"]+)"/g)) {
      if (match[1]) found.add(match[1]);
    }
  }
  return found;
}

describe("package.json", () => {
  it("lists only runtime dependencies the bot uses (imported by src/, or run by a script)", () => {
    const imported = importsUnder(join(root, "src"));
    const scripts = Object.values(manifest.scripts).join("\n");
    const unused = Object.keys(manifest.dependencies).filter(
      (name) =>
        ![...imported].some((spec) => spec === name || spec.startsWith(`${name}/`)) &&
        !new RegExp(`(^|\\s)${name}\\s`).test(scripts),
    );
    expect(unused).toEqual([]);
  });
});
