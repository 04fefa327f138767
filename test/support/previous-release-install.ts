import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { previousRelease, type Release } from "./previous-release.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const CACHE = join(ROOT, "node_modules/.cache/swapbot-previous-release");

/** The previous release, installed and built, ready for `npm start` in `dir`. */
export interface InstalledRelease extends Release {
  dir: string;
}

async function run(command: string, args: string[], cwd: string): Promise<void> {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd} (exit ${code})`);
}

const ADDON = "node_modules/better-sqlite3/build/Release/better_sqlite3.node";
const versionOf = (root: string, pkg: string) =>
  (
    JSON.parse(readFileSync(join(root, "node_modules", pkg, "package.json"), "utf8")) as {
      version: string;
    }
  ).version;

/**
 * `npm ci` from the registry, without install scripts: they would fetch better-sqlite3's binary
 * from GitHub or Node's headers from nodejs.org. The addon is today's build when the version is
 * the same (this Node's ABI), else built by `npm rebuild` (which needs a compiler and headers).
 */
async function installOwnModules(work: string): Promise<void> {
  await run("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], work);
  if (versionOf(work, "better-sqlite3") === versionOf(ROOT, "better-sqlite3")) {
    mkdirSync(join(work, ADDON, ".."), { recursive: true });
    copyFileSync(join(ROOT, ADDON), join(work, ADDON));
  } else {
    await run("npm", ["rebuild", "better-sqlite3"], work);
  }
}

const lockSchema = z.object({
  packages: z.record(z.string(), z.object({ version: z.string().optional() }).loose()),
});

/**
 * Whether today's node_modules hold every package the release's lockfile installs, at the same
 * place and version (a release before a dependency was added, or made explicit, is served too).
 */
function todaysModulesServe(releaseLock: string, todaysLock: string): boolean {
  const read = (path: string) => lockSchema.parse(JSON.parse(readFileSync(path, "utf8"))).packages;
  const theirs = read(releaseLock);
  const ours = read(todaysLock);
  return Object.entries(theirs).every(
    ([path, entry]) => path === "" || ours[path]?.version === entry.version,
  );
}

/**
 * The previous release's code (test/support/previous-release.ts says which; `release` names an
 * older one, by a commit this clone holds), exported from git and
 * installed once into node_modules/.cache, keyed by its commit and this Node's addon ABI (the suite
 * runs on two Nodes, and better-sqlite3 is native). When today's node_modules hold every package
 * its package-lock.json installs, they serve it (a link: nothing to download, the right ABI);
 * otherwise `npm ci` installs its own from the registry (installOwnModules). Either way its dist/
 * is built, as its `npm start` needs (when it has a build). Built in a temporary folder renamed
 * into place, so two runs at once never see half an install.
 */
export async function installPreviousRelease(
  options: { ownModules?: boolean; release?: Release } = {},
): Promise<InstalledRelease> {
  const release = options.release ?? previousRelease();
  const dir = join(CACHE, `${release.commit}-abi${process.versions.modules}`);
  if (existsSync(join(dir, ".installed"))) return { ...release, dir };
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(`${dir}.tmp-`);
  try {
    const tar = execFileSync("git", ["archive", "--format=tar", release.commit], {
      cwd: ROOT,
      maxBuffer: 1 << 30,
    });
    execFileSync("tar", ["-x", "-f", "-", "-C", work], { input: tar });
    if (
      todaysModulesServe(join(work, "package-lock.json"), join(ROOT, "package-lock.json")) &&
      !options.ownModules
    ) {
      // The real folder: a worktree's node_modules may itself be a link, gone with the worktree.
      symlinkSync(realpathSync(join(ROOT, "node_modules")), join(work, "node_modules"), "dir");
    } else {
      await installOwnModules(work);
    }
    // What its `prepare` does on `npm ci` (an older release without a build runs from source).
    const { scripts } = JSON.parse(readFileSync(join(work, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    if (scripts.build) {
      await run("npm", ["run", "--silent", "build"], work);
      if (!existsSync(join(work, "dist/main.js"))) throw new Error(`no dist/main.js in ${work}`);
    }
    writeFileSync(join(work, ".installed"), `${release.tag} ${release.commit}\n`);
    try {
      renameSync(work, dir);
    } catch (error) {
      // Another run put it there first.
      if (!existsSync(join(dir, ".installed"))) throw error;
      rmSync(work, { recursive: true, force: true });
    }
    return { ...release, dir };
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
