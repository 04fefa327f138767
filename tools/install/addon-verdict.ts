/**
 * Whether better-sqlite3's addon in place may stay on Node 24, or must be compiled again against
 * Node 24.18.1's headers (nodejs/node#65446; run by tools/install/sqlite-addon.ts after `npm ci`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const SAFE_HEADERS = "24.18.1";
/** Written beside the addon after a rebuild here: which headers it was compiled against. */
export const MARKER = "swapbot-node-headers";

export type Verdict = { rebuild: false; why: string } | { rebuild: true; why: string };

export const major = (version: string) => Number(version.split(".")[0]);

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
export function judge(addonDir: string, modules: string): Verdict {
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
