import { afterEach, describe, expect, it } from "vitest";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS } from "../support/flows.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { TestClock } from "../support/test-clock.ts";
import { until } from "../support/until.ts";

/**
 * The reconciler as the background wires it, over each store: when a pending intent (a POST whose
 * outcome was never recorded) is looked up. On SQLite the bot's loops run on a test clock, so "not
 * looked up" is proven by moving that clock, and "at once" means within a few seconds of it, far
 * short of the wait for a POST that may still be running (the harness's: 10 s budget wait + 1 s
 * EXCHANGE_TIMEOUT_MS + 15 s).
 */

let h: Harness | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await dropDatabase?.();
  dropDatabase = undefined;
});

/** Clock time a pending intent of a live process waits before it is looked up (see above). */
const PENDING_AFTER_MS = 26_000;

/**
 * The bot (on PostgreSQL or SQLite) and a chat whose Confirm left a pending intent behind when
 * the bot stopped, the exchange having created its swap; then the bot started again.
 */
async function pendingAcrossRestart(options: { postgres: boolean; clock?: TestClock }) {
  const { clock } = options;
  let databaseUrl: string | undefined;
  if (options.postgres) {
    const database = await freshPostgresDatabase();
    dropDatabase = database.drop;
    databaseUrl = database.url;
  }
  const harness = await startHarness({
    ...(clock ? { clock } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  h = harness;
  const user = harness.tg.user();
  const claim = (key: string, amount: string) =>
    harness.app.repos.intents.claim({
      key,
      chatId: user.chatId,
      userId: user.id,
      exchange: harness.app.exchangeId,
      request: {
        coinFrom: "btc",
        coinTo: "eth",
        amount: amount as DecimalString,
        withdrawalAddress: ETH_ADDRESS,
      },
    });
  const swapOf = (amount: number) =>
    harness.sandbox.control.seed(1, {
      amount,
      withdrawalAddress: ETH_ADDRESS,
      createdAt: Date.now(),
    });
  await claim("before", "0.5");
  const [before] = swapOf(0.5);
  await harness.restart();
  const stateOf = async (key: string) => (await harness.app.repos.intents.get(key))?.state;
  return { harness, user, claim, swapOf, before: before!, stateOf };
}

describe("a pending intent claimed before the bot started", () => {
  it("on SQLite (one process: the one that claimed it has ended) is looked up at once and its deposit address sent, while one claimed by the running bot waits", async () => {
    const clock = new TestClock();
    const { harness, user, claim, swapOf, before, stateOf } = await pendingAcrossRestart({
      postgres: false,
      clock,
    });
    await claim("since", "0.6");
    swapOf(0.6);
    const deposit = before && harness.sandbox.control.transaction(before)!.deposit_address;
    await clock.until(
      () => user.transcript().some((m) => m.text.includes(deposit)),
      5_000,
      "the found swap's deposit address",
    );
    expect(user.transcript().find((m) => m.text.includes(deposit))?.text).toContain("Found it");
    expect(await stateOf("before")).toBe("created");
    // The running bot's own: its POST may still be running, so it waits out the wait.
    expect(await stateOf("since")).toBe("pending");
    await clock.until(
      async () => (await stateOf("since")) === "created",
      PENDING_AFTER_MS + 10_000,
      "the running bot's intent looked up after the wait",
    );
  });

  it("on PostgreSQL (other instances, alive, create swaps too) waits out the wait: an intent whose outcome is unknown, claimed after it, is looked up and adopted while it is not", async () => {
    // The real clock: PostgreSQL's queries are not among what a test clock waits for.
    const { harness, claim, swapOf, stateOf } = await pendingAcrossRestart({ postgres: true });
    expect(harness.app.storage.dialect).toBe("postgres");
    await claim("unknown", "0.6");
    swapOf(0.6);
    await harness.app.repos.intents.markUnknown("unknown");
    await until(
      async () => (await stateOf("unknown")) === "created",
      20_000,
      "the unknown intent's swap adopted",
    );
    // A pass takes the intents oldest first: had the pending one been due, it would have been
    // adopted before (its swap is there, and no lookup failed).
    expect(await stateOf("before")).toBe("pending");
    expect(harness.logs.some((l) => l.includes("looking up a lost create answer failed"))).toBe(
      false,
    );
  });
});
