import { DIALECTS, type Dialect } from "../../src/sandbox/index.ts";

/**
 * The exchange dialect a test file runs over: the sandbox speaks it and the bot is set to it
 * (EXCHANGE_DIALECT). The spec's, but for the files in test/e2e/over-exolix/, which run an
 * end-to-end file again over Exolix's (test/support/over-exolix.ts names it for the file before
 * this module is loaded for it). SWAPBOT_TEST_DIALECT sets every other file's, for example
 * `SWAPBOT_TEST_DIALECT=exolix npx vitest run test/e2e`.
 */
export const TEST_DIALECT: Dialect = dialectOf(
  (globalThis as Record<symbol, unknown>)[Symbol.for("swapbot.test-dialect")] ??
    process.env.SWAPBOT_TEST_DIALECT,
);

function dialectOf(value: unknown): Dialect {
  if (value === undefined || value === "") return "spec";
  const found = DIALECTS.find((d) => d === value);
  if (!found) throw new Error(`SWAPBOT_TEST_DIALECT must be one of ${DIALECTS.join(", ")}`);
  return found;
}

/**
 * A status the dialect does not list, which the bot must keep and show as it came: the spec's
 * `sending` is the exolix dialect's word for a payout under way (shown as exchanging there).
 */
export const UNLISTED_STATUS = TEST_DIALECT === "spec" ? "sending" : "on-hold";
