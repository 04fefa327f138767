import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BOT_NOT_FEATURES } from "../support/bot-folders.ts";

/**
 * Tests are laid out like src/: each feature folder of src/bot/ (shared/, plumbing/ and outbox/
 * are not features) has its end-to-end file test/bot/<feature>.test.ts, so a feature's test is found
 * without a grep.
 */
const BOT = fileURLToPath(new URL("../../src/bot", import.meta.url));
const BOT_TESTS = fileURLToPath(new URL("../bot", import.meta.url));

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
  it("gives each feature folder of src/bot/ its own end-to-end file in test/bot/", () => {
    expect(features().length).toBeGreaterThan(10);
    expect(untested(features(), readdirSync(BOT_TESTS))).toEqual([]);
  });

  it("is really checked: a feature folder without its file is named", () => {
    expect(untested([...features(), "wallet"], readdirSync(BOT_TESTS))).toEqual([
      "src/bot/wallet/ has no test/bot/wallet.test.ts",
    ]);
  });
});
