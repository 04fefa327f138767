import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { step } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("the amount prompt's limits", () => {
  it("the first prompt of the day shows the pair's limits, for a coin worth more than the exchange's maximum in dollars too", async () => {
    // An exchange that names only the maximum when an amount is above it (as Exolix does), and a
    // bitcoin worth more than its $100,000 maximum: one whole coin is above the maximum.
    h = await startHarness({ sandbox: { quirks: { rangeAs422: true } } });
    h.sandbox.control.setPrice("btc", 250_000);
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    const prompt = await step(user, "eth", "amount");
    expect(prompt.text).toMatch(/Minimum: 0\.000061 BTC · Maximum: 0\.4 BTC/);
    // Known now from that answer: the next pair of the same coin is asked with an amount it takes.
    await step(user, "/cancel", "");
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    const next = await step(user, "ltc", "amount");
    expect(next.text).toMatch(/Minimum: 0\.000061 BTC · Maximum: 0\.4 BTC/);
  });
});
