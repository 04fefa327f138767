import { readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * How the architecture tests read src/: its source files and the modules each one names. One
 * reader for every rule over imports (test/architecture/imports.test.ts, import-circles.test.ts).
 */

/** Every file under `dir` whose name ends in one of `extensions` (default: `.ts`). */
export function sourceFiles(dir: string, extensions: readonly string[] = [".ts"]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, extensions);
    return extensions.some((extension) => entry.name.endsWith(extension)) ? [path] : [];
  });
}

/** Every module specifier of static imports, re-exports and dynamic imports. */
export function specifiers(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}
