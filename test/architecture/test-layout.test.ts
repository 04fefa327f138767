import { readdirSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BOT_NOT_FEATURES } from "../support/bot-folders.ts";

/**
 * Tests are laid out like src/ (docs/design.md §10, "Where tests go"), so that a module's tests are
 * found without a grep:
 * - each feature folder of src/bot/ (shared/, plumbing/ and outbox/ are not features) has its end-to-end file
 *   test/bot/<feature>.test.ts;
 * - every other test file is named after what it tests: test/<dir>/<name>.test.ts, where src/<dir>/
 *   (test/rig/ mirrors tools/) holds, at any depth, a module or folder called <name>, or <name> is
 *   such a module's name, or its path below src/<dir>/ joined with dashes, followed by `-<aspect>`
 *   (`webhook-limits` tests transport/webhook.ts, `pg-client` db/pg/client.ts);
 * - the folders that test no one module are named here, and so are the few files that test one
 *   concern across modules, each with its reason.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BOT = join(ROOT, "src", "bot");
const BOT_TESTS = join(ROOT, "test", "bot");

/** Test folders that test no single module. */
const ACROSS_MODULES: Record<string, string> = {
  architecture: "rules over the whole tree",
  bench: "benchmarks, not tests",
  e2e: "what crosses features, through the fake Telegram",
  sandbox: "the embedded exchange as a client sees it, one file per endpoint or behaviour",
  support: "the harness, not tests",
  upgrades: "the previous release beside this one",
};
/** Single files that test one concern across modules. */
const CONCERNS: Record<string, string> = {
  "test/bot/input-parsing.test.ts": "every parser of typed and tapped input (bot/, lib/, swaps/)",
  "test/db/migrations.test.ts": "the generated migrations in drizzle/, not a module",
  "test/swaps/fair-shares.test.ts": "every budget's per-user share (lib/, exchange/, swaps/, bot/)",
};
/** Which tree a test folder mirrors. */
const MIRRORS: Record<string, string> = { rig: "tools" };

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return [path, ...walk(path)];
    return [path];
  });
}

/** Every name a test may take after the modules and folders under one source folder. */
function moduleNames(sourceDir: string, paths: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const path of paths) {
    const rel = relative(sourceDir, path);
    if (rel.startsWith("..") || rel === "") continue;
    const bare = rel.replace(/\.(tsx?|ftl|json)$/, "");
    names.add(basename(bare));
    names.add(bare.split(/[\\/]/).join("-"));
  }
  return names;
}

function misnamed(testFiles: readonly string[], sourcePaths: readonly string[]): string[] {
  const out: string[] = [];
  for (const file of testFiles) {
    const rel = relative(join(ROOT, "test"), file);
    const dir = dirname(rel);
    const top = dir.split(/[\\/]/)[0]!;
    if (ACROSS_MODULES[top] || CONCERNS[`test/${rel}`]) continue;
    const name = basename(rel).replace(/\.test\.tsx?$/, "");
    const mirrored = MIRRORS[top]
      ? join(ROOT, MIRRORS[top], ...dir.split(/[\\/]/).slice(1))
      : join(ROOT, "src", dir === "." ? "" : dir);
    const names = moduleNames(mirrored, sourcePaths);
    const named = [...names].some((module) => name === module || name.startsWith(`${module}-`));
    if (!named) {
      out.push(`test/${rel} is named after no module in ${relative(ROOT, mirrored) || "."}/`);
    }
  }
  return out;
}

const features = () =>
  readdirSync(BOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !BOT_NOT_FEATURES.has(entry.name))
    .map((entry) => entry.name);

function untested(featureNames: readonly string[], testFiles: readonly string[]): string[] {
  const tested = new Set(testFiles);
  return featureNames
    .filter((feature) => !tested.has(`${feature}.test.ts`))
    .map((feature) => `src/bot/${feature}/ has no test/bot/${feature}.test.ts`);
}

describe("the tests' layout", () => {
  const testFiles = walk(join(ROOT, "test")).filter((f) => /\.test\.tsx?$/.test(f));
  const sourcePaths = [...walk(join(ROOT, "src")), ...walk(join(ROOT, "tools"))];

  it("gives each feature folder of src/bot/ its own end-to-end file in test/bot/", () => {
    expect(features().length).toBeGreaterThan(10);
    expect(untested(features(), readdirSync(BOT_TESTS))).toEqual([]);
  });

  it("is really checked: a feature folder without its file is named", () => {
    expect(untested([...features(), "wallet"], readdirSync(BOT_TESTS))).toEqual([
      "src/bot/wallet/ has no test/bot/wallet.test.ts",
    ]);
  });

  it("names every test file after the module it tests", () => {
    expect(testFiles.length).toBeGreaterThan(100);
    expect(misnamed(testFiles, sourcePaths)).toEqual([]);
  });

  it("is really checked: a file named after nothing is listed, an aspect of a module is not", () => {
    const planted = [
      join(ROOT, "test", "lib", "limiter.test.ts"),
      join(ROOT, "test", "transport", "webhook-limits.test.ts"),
      join(ROOT, "test", "db", "pg-client.test.ts"),
      join(ROOT, "test", "rig", "fake-telegram.test.ts"),
      join(ROOT, "test", "e2e", "anything.test.ts"),
    ];
    expect(misnamed(planted, sourcePaths)).toEqual([
      "test/lib/limiter.test.ts is named after no module in src/lib/",
    ]);
  });
});
