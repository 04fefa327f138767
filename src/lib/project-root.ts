import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project folder (the one holding package.json), found by walking up from this module: it is
 * `src/lib/` under tsx and the bundle `dist/main.js` when compiled, so a path relative to this
 * file would differ between the two. Files read at run time (migrations, locale files) are found
 * from here, and both ways read the same ones.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json in ${from} or above it`);
  }
}

const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

export function projectPath(...segments: string[]): string {
  return join(PROJECT_ROOT, ...segments);
}
