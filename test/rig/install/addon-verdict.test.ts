import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { judge, MARKER } from "../../../tools/install/addon-verdict.ts";

/** A better-sqlite3 folder as an install leaves it, and Node headers of a given version. */
const made: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "addon-verdict-"));
  made.push(dir);
  return dir;
}
function headers(version: string): string {
  const dir = scratch();
  const [maj, min, patch] = version.split(".");
  mkdirSync(join(dir, "include", "node"), { recursive: true });
  writeFileSync(
    join(dir, "include", "node", "node_version.h"),
    `#define NODE_MAJOR_VERSION ${maj}\n#define NODE_MINOR_VERSION ${min}\n#define NODE_PATCH_VERSION ${patch}\n`,
  );
  return dir;
}
function addon(build: { gypi?: { modules: string; nodedir: string }; marker?: string }): string {
  const dir = scratch();
  mkdirSync(join(dir, "build", "Release"), { recursive: true });
  if (build.gypi) {
    const { modules, nodedir } = build.gypi;
    writeFileSync(
      join(dir, "build", "config.gypi"),
      `{\n  "variables": {\n    "node_module_version": ${modules},\n    "nodedir": "${nodedir}"\n  }\n}\n`,
    );
  }
  if (build.marker) writeFileSync(join(dir, "build", MARKER), build.marker);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("better-sqlite3's addon on Node 24", () => {
  it("is compiled again when it was compiled against Node 24.19's headers or later", () => {
    const verdict = judge(addon({ gypi: { modules: "137", nodedir: headers("24.21.0") } }), "137");
    expect(verdict).toEqual({
      rebuild: true,
      why: "compiled against Node 24.21.0's headers (nodejs/node#65446)",
    });
  });

  it("stays when compiled against older Node 24 headers", () => {
    const verdict = judge(addon({ gypi: { modules: "137", nodedir: headers("24.18.1") } }), "137");
    expect(verdict).toEqual({ rebuild: false, why: "compiled against Node 24.18.1's headers" });
  });

  it("is compiled again when it was compiled for another Node", () => {
    const verdict = judge(addon({ gypi: { modules: "115", nodedir: headers("20.20.2") } }), "137");
    expect(verdict).toEqual({
      rebuild: true,
      why: "compiled for another Node (module version 115)",
    });
  });

  it("is compiled again when the headers it was compiled against cannot be found", () => {
    const gone = join(scratch(), "gone");
    expect(judge(addon({ gypi: { modules: "137", nodedir: gone } }), "137").rebuild).toBe(true);
  });

  it("stays when it is the prebuilt binary (no build configuration beside it)", () => {
    expect(judge(addon({}), "137").rebuild).toBe(false);
  });

  it("stays once compiled here against 24.18.1's headers for this Node, not for another", () => {
    const newer = { modules: "137", nodedir: headers("24.21.0") };
    expect(judge(addon({ gypi: newer, marker: "24.18.1 137\n" }), "137").rebuild).toBe(false);
    expect(judge(addon({ gypi: newer, marker: "24.18.1 127\n" }), "137").rebuild).toBe(true);
  });
});
