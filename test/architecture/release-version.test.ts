import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * package.json's version is the newest release CHANGELOG.md names (docs/upgrades.md, "Releasing"),
 * so `npm ls`, an operator's `npm view .` and a bug report say which release runs.
 */
const ROOT = new URL("../../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, ROOT), "utf8");

describe("the release version", () => {
  it("is the same in package.json, package-lock.json and CHANGELOG.md's newest release", () => {
    const newest = /^## v(\d+\.\d+\.\d+) /m.exec(read("CHANGELOG.md"))?.[1];
    expect(newest).toBeDefined();
    const pkg = JSON.parse(read("package.json")) as { version: string };
    const lock = JSON.parse(read("package-lock.json")) as {
      version: string;
      packages: Record<string, { version?: string }>;
    };
    expect(pkg.version).toBe(newest);
    expect(lock.version).toBe(newest);
    expect(lock.packages[""]?.version).toBe(newest);
  });
});
