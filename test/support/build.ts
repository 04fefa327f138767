import { execFileSync } from "node:child_process";

const ROOT = new URL("../..", import.meta.url).pathname;

/**
 * Compiles the bot into dist/ the way `npm ci` does (its `prepare` runs `npm run build`), so that
 * tests and benches which start the bot as a process run what operators run, never a stale build.
 */
export function buildBot(): void {
  execFileSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: "inherit" });
}

/** vitest's global setup: once per `vitest run`, before any test file. */
export default function setup(): void {
  buildBot();
}
