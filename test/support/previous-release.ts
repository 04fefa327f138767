import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const ROOT = new URL("../..", import.meta.url).pathname;

/** A release: its tag and the commit it names. */
export interface Release {
  tag: string;
  commit: string;
}

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** The file naming the previous release for clones without tags (".ci/run" keeps it reachable). */
export const FALLBACK_FILE = ".ci/previous-release";

/**
 * The release before this code: the newest `v*` tag that is an ancestor of HEAD and does not
 * point at HEAD (so once HEAD is tagged, the tag before it), or, in a clone without tags, the one
 * named in `.ci/previous-release`. Throws a sentence saying what is missing when its commit is
 * not in this clone (a shallow clone: `.ci/run` fetches the history first).
 */
export function previousRelease(): Release {
  const head = git("rev-parse", "HEAD").trim();
  const tagged = git(
    "for-each-ref",
    "--merged",
    "HEAD",
    "--sort=-v:refname",
    "--format=%(refname:short) %(*objectname) %(objectname)",
    "refs/tags/v*",
  )
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      // An annotated tag names its commit as `*objectname`; a lightweight one as `objectname`.
      const [tag = "", peeled = "", object = ""] = line.split(" ");
      return { tag, commit: peeled || object };
    })
    .find((release) => release.commit !== head);
  const release = tagged ?? fromFallbackFile();
  try {
    git("cat-file", "-e", `${release.commit}^{commit}`);
  } catch {
    throw new Error(
      `the previous release ${release.tag} (commit ${release.commit}) is not in this clone: ` +
        "fetch the full history and tags (git fetch --tags --unshallow), as .ci/run does",
    );
  }
  return release;
}

function fromFallbackFile(): Release {
  const line = readFileSync(`${ROOT}${FALLBACK_FILE}`, "utf8")
    .split("\n")
    .find((l) => l.trim() && !l.startsWith("#"));
  const match = /^(v\d+\.\d+\.\d+)\s+([0-9a-f]{40})\s*$/.exec(line ?? "");
  if (!match?.[1] || !match[2]) {
    throw new Error(`${FALLBACK_FILE} names no release as "vX.Y.Z <40-hex commit>"`);
  }
  return { tag: match[1], commit: match[2] };
}

/** The files under `folder` in a commit (paths relative to the project). */
export function filesAt(commit: string, folder: string): string[] {
  return git("ls-tree", "-r", "--name-only", commit, "--", folder).split("\n").filter(Boolean);
}

/** A file's text at a commit. */
export function fileAt(commit: string, path: string): string {
  return git("show", `${commit}:${path}`);
}

/**
 * FLOW_STORAGE_VERSION as a release's source says it (releases before 2026-11 named it
 * CONVERSATION_VERSION, in src/app.ts).
 */
export function flowVersionAt(commit: string): number {
  const pattern = /(?:FLOW_STORAGE_VERSION|CONVERSATION_VERSION) = (\d+);/;
  const found = git(
    "grep",
    "-h",
    "-E",
    "(FLOW_STORAGE_VERSION|CONVERSATION_VERSION) = [0-9]+;",
    commit,
    "--",
    "src",
  )
    .split("\n")
    .map((line) => pattern.exec(line)?.[1])
    .find(Boolean);
  if (!found) throw new Error(`no FLOW_STORAGE_VERSION in ${commit}`);
  return Number(found);
}
