import { spawn } from "node:child_process";
import { once } from "node:events";

const ROOT = new URL("../..", import.meta.url).pathname;

/**
 * Compiles the bot into dist/ the way `npm ci` does (its `prepare` runs `npm run build`), so that
 * tests and benches which start the bot as a process run what operators run, never a stale build.
 */
export async function buildBot(): Promise<void> {
  const build = spawn("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: "inherit" });
  const [code] = (await once(build, "exit")) as [number | null];
  if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
}
