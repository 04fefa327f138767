import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyButtonsOf } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS, step } from "../support/flows.ts";
import { TestClock } from "../support/test-clock.ts";

/**
 * A whole swap over LetsExchange's dialect (docs/exchange-letsexchange.md), through the fake
 * Telegram against the sandbox speaking it: the quote (`v1/info`), an amount to receive
 * (`v1/info-revert`), a memo coin's payout memo (`withdrawal_extra_id`), the deposit
 * (`v1/transaction`) and a status push read from the list (`v2/transactions-list`).
 */

const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";
const POLL_MS = 200;

let h: Harness;
let clock: TestClock;
beforeAll(async () => {
  clock = new TestClock();
  h = await startHarness({ sandbox: { dialect: "letsexchange" }, clock });
});
afterAll(async () => {
  await h?.close();
});

describe("a swap over LetsExchange's dialect", () => {
  it("quotes an amount to send, and `5 eth` by LetsExchange's own reverse quote, created at the fixed rate by its rate id", async () => {
    expect(h.sandbox.dialect).toBe("letsexchange");
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    const quote = await step(user, "0.5", "address");
    expect(quote.text).toMatch(/0\.5 BTC → ≈ [\d.]+ ETH/);
    expect(quote.text).toMatch(/min/i);

    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    const before = h.sandbox.control.stats.reverseQuotes;
    const reverse = await step(user, "5 eth", "address");
    expect(reverse.text).toContain("To receive 5 ETH");
    expect(h.sandbox.control.stats.reverseQuotes - before).toBe(1);
    expect(reverse.text).not.toContain("worked out from the rate");
    await user.press("Fixed");
    const fixed = await user.waitFor((m) => m.edited && m.text.includes("fixed rate"));
    const send = /you send ([\d.]+) BTC/.exec(fixed.text)?.[1];
    expect(fixed.text).toContain(`${send} BTC → 5 ETH`);
    await step(user, ETH_ADDRESS, "refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toContain(`You send: ${send} BTC`);
    await step(user, "confirm", "Swap created");
    const [tx] = h.sandbox.control.transactions();
    // transaction-revert with the amount to receive and the fixed quote's rate id: exactly 5 ETH.
    expect(tx).toMatchObject({
      rate_type: "fixed",
      withdrawal_amount: 5,
      amount_out_expected: 5,
      rate_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(String(tx!.amount_in)).toBe(send);
  });

  it("BTC → XRP with a destination tag: the memo goes as withdrawal_extra_id, the deposit is shown, a status change is pushed once", async () => {
    h.sandbox.control.clearTransactions();
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "xrp", "amount");
    await step(user, "0.05", "address");
    const memo = await step(user, XRP_ADDRESS, "memo");
    expect(memo.text).toContain("memo");
    await step(user, "12345", "refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toContain("Payout memo: 12345");
    const deposit = await step(user, "confirm", "Swap created");
    const [tx] = h.sandbox.control.transactions();
    expect(tx).toMatchObject({ coin_from: "btc", coin_to: "xrp", withdrawal_extra_id: "12345" });
    expect(deposit.text).toContain(tx!.deposit_address);
    expect(deposit.text).toContain(`Transaction id: ${tx!.id}`);
    expect(deposit.text).toContain("Payout memo: 12345");
    expect(copyButtonsOf(deposit)["📋 Payout memo"]).toBe("12345");

    // LetsExchange's `confirmed` is the core's confirming: one push, read from the list.
    h.sandbox.control.setStatus(tx!.id, "confirmed");
    const pushed = () =>
      user.transcript().filter((m) => !m.photo && /Swap \w+: confirming\n/.test(m.text)).length;
    await clock.until(() => pushed() >= 1, 3 * POLL_MS + 3_000, "the confirming push");
    await clock.advance(5 * POLL_MS + 1_000);
    expect(pushed()).toBe(1);
  });
});

describe("a create answer lost at LetsExchange", () => {
  let lost: Harness | undefined;
  afterAll(async () => {
    await lost?.close();
  });

  it("is found in the list's date windows however many land after it: its deposit is shown, and Confirm again makes no second swap", async () => {
    lost = await startHarness({ sandbox: { dialect: "letsexchange" } });
    const user = lost.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    await step(user, "0.5", "address");
    await step(user, ETH_ADDRESS, "refund");
    await step(user, "skip", "Please check");
    // The exchange creates the swap, 150 others follow it on the key, and the answer never comes.
    lost.sandbox.control.createThenHang(3_000, { destroy: true, othersAfter: 150 });
    await step(user, "confirm", "may have been created");
    const found = await user.waitFor((m) => m.text.includes("Found it"), { timeoutMs: 30_000 });
    const ours = () =>
      lost!.sandbox.control.transactions().filter((t) => t.withdrawal_address === ETH_ADDRESS);
    expect(ours()).toHaveLength(1);
    expect(found.text).toContain(ours()[0]!.deposit_address);
    // Read from v2/transactions-list, page by page (151 at the sandbox's cap of 100).
    expect(lost.sandbox.control.stats.responses.list?.[200]).toBeGreaterThanOrEqual(2);
    await step(user, "confirm", "already created");
    expect(ours()).toHaveLength(1);
    expect(lost.sandbox.control.transactions()).toHaveLength(151);
  });
});
