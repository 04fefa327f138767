import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS, step } from "../support/flows.ts";
import { TestClock } from "../support/test-clock.ts";

/**
 * Fixed quotes go stale after 300 ms here (30 s by default), and quotes are not reused. Their age
 * is told by a clock the tests move.
 */
let h: Harness;
const clock = new TestClock();
beforeAll(async () => {
  h = await startHarness({ env: { FIXED_QUOTE_TTL_MS: "300", QUOTE_CACHE_MS: "0" }, clock });
});
const BTC_USD = () => h.sandbox.control.coins().find((c) => c.code === "btc")!.usd;
let btcUsd: number;
beforeAll(() => {
  btcUsd = BTC_USD();
});
afterEach(() => {
  h.sandbox.control.setPrice("btc", btcUsd);
  h.sandbox.control.clearFaults();
  h.sandbox.control.clearTransactions();
});
afterAll(async () => {
  await h?.close();
});

type User = ReturnType<Harness["tg"]["user"]>;

/** Walks to the summary with a fixed-rate quote; returns the summary. */
async function fixedSummary(user: User, amount = "0.1") {
  await step(user, "/exchange", "send");
  await step(user, "btc", "receive");
  await step(user, "eth", "amount");
  await step(user, amount, "address");
  await user.press("Fixed");
  await user.waitFor((m) => m.edited && m.text.includes("fixed rate"));
  await step(user, ETH_ADDRESS, "refund");
  return step(user, "skip", "Please check");
}

/** A fixed quote's amount to receive: exact, so never after "≈". */
const estimate = (text: string) =>
  /You receive: <b>([\d.]+) ETH/.exec(text)?.[1] ?? /You receive: ([\d.]+) ETH/.exec(text)?.[1];

describe("a fixed-rate quote older than FIXED_QUOTE_TTL_MS at Confirm", () => {
  it("is fetched again; if it moved, the new numbers are shown and nothing is created yet", async () => {
    const user = h.tg.user();
    const summary = await fixedSummary(user);
    h.sandbox.control.setPrice("btc", btcUsd * 1.1);
    await clock.advance(400);

    const moved = await step(user, "confirm", "rate has changed");
    expect(moved.text).toContain("Please check");
    expect(estimate(moved.text)).toBeDefined();
    expect(moved.text).not.toContain("≈");
    expect(estimate(moved.text)).not.toBe(estimate(summary.text));
    expect(h.sandbox.control.transactions()).toHaveLength(0);

    const created = await step(user, "confirm", "Swap created");
    expect(created.text).toContain("fixed rate");
    expect(h.sandbox.control.transactions()).toHaveLength(1);
  });

  it("is fetched again and, unchanged, the swap is created at once", async () => {
    const user = h.tg.user();
    await fixedSummary(user);
    await clock.advance(400);
    const created = await step(user, "confirm", "Swap created");
    expect(user.transcript().some((m) => m.text.includes("rate has changed"))).toBe(false);
    expect(created.text).toContain("0.1");
    expect(h.sandbox.control.transactions()).toHaveLength(1);
  });

  it("if the amount no longer fits the new limits, says which and creates nothing", async () => {
    const user = h.tg.user();
    await fixedSummary(user, "0.5");
    h.sandbox.control.setPrice("btc", btcUsd * 1.2);
    await clock.advance(400);
    const reply = await step(user, "confirm", "maximum");
    expect(reply.text).toContain("above the maximum");
    expect(reply.text).toContain("Nothing was created");
    expect(h.sandbox.control.transactions()).toHaveLength(0);
  });

  it("when it cannot be fetched again, says so, creates nothing, and Confirm can be tried again", async () => {
    const user = h.tg.user();
    await fixedSummary(user);
    await clock.advance(400);
    h.sandbox.control.failNext("rate", { status: 500, times: 3 });
    const failed = await step(user, "confirm", "Nothing was created");
    expect(failed.text).toContain("unavailable");
    expect(JSON.stringify(failed.replyMarkup)).toContain("Confirm");
    expect(h.sandbox.control.transactions()).toHaveLength(0);
    await user.press("Confirm");
    await user.waitFor((m) => m.text.includes("Swap created"), { timeoutMs: 8_000 });
    expect(h.sandbox.control.transactions()).toHaveLength(1);
  });
});
