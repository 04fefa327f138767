import { DIALECTS, type Dialect } from "../../src/sandbox/index.ts";

/**
 * The exchange dialect the end-to-end suite runs over: the sandbox speaks it and the bot is set to
 * it (EXCHANGE_DIALECT). vitest.config.ts runs the suite once per dialect (its projects `spec` and
 * `exolix` set SWAPBOT_TEST_DIALECT).
 */
export const TEST_DIALECT: Dialect = dialectOf(process.env.SWAPBOT_TEST_DIALECT);

function dialectOf(value: string | undefined): Dialect {
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
