import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-imports.ts";

/**
 * One symbol, one import path (docs/design.md §2): a module of src/ exports what it declares, never
 * what it imported, so a reader finds each declaration where its importers say it is. The one door
 * is the sandbox's index, which stands for the embedded exchange as a whole to tests and tools.
 */
const SRC = fileURLToPath(new URL("../../src", import.meta.url));
const DOORS = new Set(["sandbox/index.ts"]);

/**
 * The local names a module imports from src/ (value and type imports alike). A package's name may
 * be passed on (lib/logger.ts hands out pino's `Logger`): the package is the one place it comes from.
 */
function importedNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const match of code.matchAll(/\bimport\s+(?:type\s+)?([^;]*?)\s+from\s*["']\.[^"']*["']/g)) {
    const clause = match[1]!;
    const braces = /\{([^}]*)\}/.exec(clause);
    for (const part of braces?.[1]?.split(",") ?? []) {
      const local = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop();
      if (local) names.add(local.trim());
    }
    const head = clause
      .replace(/\{[^}]*\}/, "")
      .replace(/,/g, " ")
      .trim();
    for (const word of head.split(/\s+/)) if (/^[A-Za-z_$][\w$]*$/.test(word)) names.add(word);
  }
  return names;
}

/** Each re-export in a module: `export … from "…"`, or `export { x }` of a name it imported. */
function reExports(code: string): string[] {
  const found = [
    ...code.matchAll(
      /^export\s+(?:type\s+)?(?:\*|\{[^}]*\})(?:\s+as\s+\w+)?\s+from\s*["'][^"']+["']/gm,
    ),
  ].map((m) => m[0]);
  const imported = importedNames(code);
  for (const match of code.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s*;/gm)) {
    const names = match[1]!.split(",").map((part) =>
      part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0]!
        .trim(),
    );
    if (names.some((name) => imported.has(name))) found.push(match[0]);
  }
  return found;
}

describe("one import path per symbol", () => {
  it("no module of src/ but the sandbox's index re-exports what it imported", () => {
    const found = sourceFiles(SRC, [".ts", ".tsx"])
      .filter((file) => !DOORS.has(relative(SRC, file).replaceAll("\\", "/")))
      .flatMap((file) =>
        reExports(readFileSync(file, "utf8")).map((line) => `${relative(SRC, file)}: ${line}`),
      );
    expect(found).toEqual([]);
  });

  it("sees a shim, a type re-export and a re-exported import", () => {
    expect(reExports('export * from "../swaps/amount-fit.ts";\n')).toHaveLength(1);
    expect(reExports('export type { PageSwap } from "../server/swap-view.ts";\n')).toHaveLength(1);
    expect(
      reExports('import { type A, amountFit } from "./amount-fit.ts";\n\nexport { amountFit };\n'),
    ).toHaveLength(1);
    expect(reExports("const local = 1;\nexport { local };\nexport const other = 2;\n")).toEqual([]);
  });
});
