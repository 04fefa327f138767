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
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const SAFE_HEADERS = "24.18.1";
/** Written beside the addon after a rebuild here: which headers it was compiled against. */
const MARKER = "swapbot-node-headers";

type Verdict = { rebuild: false; why: string } | { rebuild: true; why: string };

const major = (version: string) => Number(version.split(".")[0]);

function versionAtLeast(version: string, than: string): boolean {
  const a = version.split(".").map(Number);
  const b = than.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

/** The version in a Node headers folder's include/node/node_version.h, if it is there. */
function headersVersion(nodedir: string): string | undefined {
  const file = join(nodedir, "include", "node", "node_version.h");
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, "utf8");
  const part = (name: string) => text.match(new RegExp(`#define NODE_${name}_VERSION (\\d+)`))?.[1];
  const [maj, min, patch] = [part("MAJOR"), part("MINOR"), part("PATCH")];
  return maj && min && patch ? `${maj}.${min}.${patch}` : undefined;
}

/** Whether the addon in place may stay, on this Node 24. */
function judge(addonDir: string, modules: string): Verdict {
  const build = join(addonDir, "build");
  const marker = join(build, MARKER);
  if (existsSync(marker) && readFileSync(marker, "utf8").trim() === `${SAFE_HEADERS} ${modules}`) {
    return { rebuild: false, why: `compiled here against Node ${SAFE_HEADERS}'s headers` };
  }
  const gypi = join(build, "config.gypi");
  if (!existsSync(gypi)) {
    return {
      rebuild: false,
      why: "the prebuilt binary (built upstream against Node 24.0.0's headers)",
    };
  }
  const config = readFileSync(gypi, "utf8");
  const builtFor = config.match(/"node_module_version":\s*(\d+)/)?.[1];
  if (builtFor !== modules) {
    return {
      rebuild: true,
      why: `compiled for another Node (module version ${builtFor ?? "unknown"})`,
    };
  }
  const nodedir = config.match(/"nodedir":\s*"([^"]*)"/)?.[1];
  const version = nodedir === undefined ? undefined : headersVersion(nodedir);
  if (version === undefined)
    return { rebuild: true, why: "compiled against headers of an unknown version" };
  if (major(version) === 24 && versionAtLeast(version, "24.19.0")) {
    return { rebuild: true, why: `compiled against Node ${version}'s headers (nodejs/node#65446)` };
  }
  return { rebuild: false, why: `compiled against Node ${version}'s headers` };
}

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
