/**
 * Run by `npm ci` / `npm install` (package.json `postinstall`): makes better-sqlite3 safe on Node 24
 * without a hand rebuild (docs/operations.md, "Node versions").
 *
 * better-sqlite3 12 compiled against the headers of Node 24.19 or later aborts the process
 * (`Assertion failed: (env) != nullptr`) when V8 collects one of its statements after a worker or
 * the process is torn down (nodejs/node#65446); compiled against 24.18.1's headers it runs on every
 * Node 24. Its prebuilt Node 24 binary (what its own install downloads when it can) is built against
 * 24.0.0's headers and is left alone; an addon compiled here (no prebuilt reachable, or
 * `build-from-source`) against newer headers, or for another Node, is compiled again against
 * 24.18.1's headers, taken from the npm registry's `node-<platform>-<arch>` package as CI does.
 * On Node 20 and 22 nothing is done. better-sqlite3 13 has no such flaw but needs Node 22.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { judge, MARKER, major, SAFE_HEADERS } from "./addon-verdict.ts";

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"], env });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.error?.message ?? `exit ${result.status}`})`,
    );
  }
}

/** Loads the addon in a fresh process on this Node and runs one statement. */
function loads(): boolean {
  const check = "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()";
  return spawnSync(process.execPath, ["-e", check], { stdio: "ignore" }).status === 0;
}

function rebuild(addonDir: string): void {
  const platform = process.platform === "win32" ? "win" : process.platform;
  const headersPackage = `node-${platform}-${process.arch}`;
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const scratch = mkdtempSync(join(tmpdir(), "swapbot-node-headers-"));
  try {
    console.log(
      `better-sqlite3: fetching Node ${SAFE_HEADERS}'s headers (${headersPackage} from the npm registry)`,
    );
    run(npm, [
      "install",
      "--loglevel=error",
      "--no-save",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
      "--prefix",
      scratch,
      `${headersPackage}@${SAFE_HEADERS}`,
    ]);
    const nodedir = join(scratch, "node_modules", headersPackage);
    console.log(`better-sqlite3: compiling it against them for Node ${process.version}`);
    run(npm, ["rebuild", "better-sqlite3"], {
      ...process.env,
      npm_config_nodedir: nodedir,
      npm_config_build_from_source: "true",
    });
    writeFileSync(join(addonDir, "build", MARKER), `${SAFE_HEADERS} ${process.versions.modules}\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function main(): void {
  if (major(process.versions.node) !== 24) return;
  const addonDir = dirname(createRequire(import.meta.url).resolve("better-sqlite3/package.json"));
  const verdict = judge(addonDir, process.versions.modules);
  if (!verdict.rebuild && loads()) {
    console.log(`better-sqlite3 on Node ${process.version}: kept, ${verdict.why}`);
    return;
  }
  console.log(
    `better-sqlite3 on Node ${process.version}: ${verdict.rebuild ? verdict.why : "does not load"}`,
  );
  rebuild(addonDir);
  if (!loads()) throw new Error("the rebuilt addon does not load");
  console.log(
    `better-sqlite3 on Node ${process.version}: ready, compiled against Node ${SAFE_HEADERS}'s headers`,
  );
}

try {
  main();
} catch (error) {
  console.error(
    `better-sqlite3 could not be prepared for Node ${process.version}: ${(error as Error).message}. ` +
      "It needs a C++ toolchain (make, g++, python3) and the npm registry; or run the bot on Node 22.",
  );
  process.exit(1);
}
