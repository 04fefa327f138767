import { spawn } from "node:child_process";
import { once } from "node:events";

const ROOT = new URL("../..", import.meta.url).pathname;

/**
 * Compiles the bot into dist/ and the page into build/webapp the way `npm ci` does (its `prepare`
 * runs `npm run build`: both scripts, here side by side, as neither reads the other's output), so
 * that tests and benches which start the bot as a process run what operators run, never a stale
 * build.
 */
export async function buildBot(): Promise<void> {
  await Promise.all(["build:webapp", "build:bot"].map(runScript));
}

async function runScript(script: string): Promise<void> {
  const build = spawn("npm", ["run", "--silent", script], { cwd: ROOT, stdio: "inherit" });
  const [code] = (await once(build, "exit")) as [number | null];
  if (code !== 0) throw new Error(`npm run ${script} failed (exit ${code})`);
}
