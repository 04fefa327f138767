import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDecimal, readableRate } from "../../src/lib/decimal.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, ETH_ADDRESS, step } from "../support/flows.ts";

/**
 * Numbers said as they are: a fixed quote is exact (no "≈") and says how long it holds; a finished
 * swap's /status shows the rate it actually paid beside the quoted one; /rate without an amount
 * answers the rate of one coin with the limits; /rate above the maximum still shows the rate.
 */

const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { FIXED_QUOTE_TTL_MS: "120000" } });
});
afterAll(async () => {
  await h?.close();
});

describe("a fixed rate", () => {
  it("is shown without ≈, says it holds for FIXED_QUOTE_TTL_MS, and the summary and deposit message agree", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    const float = await step(user, "0.1", "address");
    expect(float.text).toMatch(/0\.1 BTC → ≈ [\d.]+ ETH/);
    expect(float.text).not.toContain("holds for");
    await user.press("Fixed");
    const fixed = await user.waitFor((m) => m.edited && m.text.includes("(fixed rate)"));
    expect(fixed.text).toMatch(/0\.1 BTC → [\d.]+ ETH/);
    expect(fixed.text).toMatch(/Rate: 1 BTC = [\d.]+ ETH \(fixed rate\)/);
    expect(fixed.text).not.toContain("≈");
    expect(fixed.text).toContain("It holds for 2 min after the quote");
    await step(user, ETH_ADDRESS, "refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toMatch(/You receive: [\d.]+ ETH \(fixed rate\)/);
    expect(summary.text).toContain("It holds for 2 min");
    expect(summary.text).not.toContain("≈");
    const deposit = await step(user, "confirm", "Swap created");
    expect(deposit.text).toMatch(/You receive: [\d.]+ ETH \(fixed rate\)/);
    expect(deposit.text).not.toContain("≈");
  });
});

describe("/status of a finished swap", () => {
  it("shows the quoted rate and, on a line of its own, the rate actually paid (received ÷ sent), each with a rate's six significant digits", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user, "0.5");
    h.sandbox.control.setStatus(id, "success");
    const tx = h.sandbox.control.transaction(id)!;
    // The card names the payout transaction once the swap's detail was read (with its rate).
    await user.waitFor((m) => m.edited && m.text.includes(tx.tx_hash_out), { timeoutMs: 10_000 });
    const paid = readableRate(Number(tx.amount_out) / Number(tx.amount_in));
    const status = await step(user, `/status ${id}`, "Rate paid");
    expect(status.text).toMatch(
      new RegExp(
        `\\nQuoted rate: 1 BTC ≈ \\d{1,2}\\.\\d{1,4} ETH \\(floating rate\\)\\nRate paid: 1 BTC = ${paid} ETH\\n`,
      ),
    );
    // What was received stays exact, whatever the rate's rounding.
    expect(status.text).toContain(`Received: ${tx.amount_out} ETH`);
  });

  it("a rate in the tens of thousands reads with two decimals (BTC → XRP), quoted and paid", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "xrp", "amount");
    await step(user, "0.05", "address");
    await step(user, XRP_ADDRESS, "memo");
    await step(user, "skip", "refund");
    await step(user, "skip", "Please check");
    const deposit = await step(user, "confirm", "Swap created");
    const id = /Transaction id: (\S+)/.exec(deposit.text)![1]!;
    h.sandbox.control.setStatus(id, "success");
    const tx = h.sandbox.control.transaction(id)!;
    // The card names the payout transaction once the swap's detail was read (with its rate).
    await user.waitFor(
      (m) => m.messageId === deposit.messageId && m.text.includes(tx.tx_hash_out),
      { timeoutMs: 10_000 },
    );
    const status = await step(user, `/status ${id}`, "Rate paid");
    const lines =
      /\nQuoted rate: 1 BTC ≈ (\d+(?:\.\d{1,2})?) XRP \(floating rate\)\nRate paid: 1 BTC = (\d+(?:\.\d{1,2})?) XRP\n/.exec(
        status.text,
      );
    expect(lines, status.text).not.toBeNull();
    expect(Number(lines![1])).toBeGreaterThan(10_000);
    const paid = Number(tx.amount_out) / Number(tx.amount_in);
    expect(Math.abs(Number(lines![2]) - paid)).toBeLessThanOrEqual(0.005);
  });

  it("of a swap still running shows the quoted rate alone", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user, "0.5");
    const status = await step(user, `/status ${id}`, "Rate:");
    expect(status.text).toMatch(/Rate: 1 BTC ≈ [\d.]+ ETH \(floating rate\)/);
    expect(status.text).toMatch(/You receive: ≈ [\d.]+ ETH \(expected\)/);
    expect(status.text).not.toContain("paid");
  });
});

describe("/rate", () => {
  it("without an amount answers the rate of one coin with the pair's limits", async () => {
    const reply = await h.tg.user().reply("/rate btc eth");
    const direct = (await (
      await fetch(`${h.sandbox.url}/rate?coinFrom=btc&coinTo=eth&amount=1&rateType=float`)
    ).json()) as { rate: number; minAmount: number; maxAmount: number };
    expect(reply.text).toContain(`1 BTC ≈ ${formatDecimal(direct.rate, 12)} ETH`);
    expect(reply.text).toContain(`Minimum: ${formatDecimal(direct.minAmount)} BTC`);
    expect(reply.text).toContain(`Maximum: ${formatDecimal(direct.maxAmount)} BTC`);
  });

  it("above the maximum still shows the rate and the maximum", async () => {
    const reply = await h.tg.user().reply("/rate 5 btc eth");
    expect(reply.text).toMatch(/5 BTC is above the maximum of [\d.]+ BTC/);
    expect(reply.text).toMatch(/Rate: 1 BTC ≈ [\d.]+ ETH \(floating rate\)/);
  });
});
