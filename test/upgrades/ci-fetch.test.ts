import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { previousRelease } from "../support/previous-release.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const run = promisify(execFile);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A shallow clone of this repository's HEAD, without tags, as a CI checkout often is. */
async function shallowClone(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-clone-"));
  dirs.push(dir);
  await run("git", ["clone", "--quiet", "--depth", "1", "--no-tags", `file://${ROOT}`, dir]);
  return dir;
}

const git = async (cwd: string, ...args: string[]) =>
  (await run("git", args, { cwd })).stdout.trim();

describe(".ci/fetch-previous-release (run by .ci/run before the suite)", () => {
  it("gives a shallow clone whose origin is a folder here the history and tags, so the previous release is found", async () => {
    const clone = await shallowClone();
    expect(await git(clone, "rev-parse", "--is-shallow-repository")).toBe("true");
    const { stdout } = await run("bash", [".ci/fetch-previous-release"], { cwd: clone });
    expect(await git(clone, "rev-parse", "--is-shallow-repository")).toBe("false");
    const { commit } = previousRelease();
    expect(await git(clone, "rev-parse", `${commit}^{commit}`)).toBe(commit);
    expect(stdout).toContain("the previous release for the upgrade tests");
  }, 60_000);

  it("fails with one line saying what to do when the release is missing and the origin is not a folder here", async () => {
    const clone = await shallowClone();
    await git(clone, "remote", "set-url", "origin", "https://example.invalid/swapbot.git");
    const failed = await run("bash", [".ci/fetch-previous-release"], { cwd: clone }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("is not in this clone");
    expect(failed?.stderr).toContain("git fetch --tags --unshallow");
  }, 60_000);
});
