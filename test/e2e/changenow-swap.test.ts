import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BotMessage, FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS, step } from "../support/flows.ts";
import { TestClock } from "../support/test-clock.ts";

/**
 * A whole swap over ChangeNOW's dialect (docs/exchange-changenow.md), through the chat: a floating
 * quote (range and estimate), an amount to receive (`5 eth`: worked out at a floating rate, quoted
 * by ChangeNOW itself at a fixed one, with its rate id), a memo coin's destination tag, the deposit
 * message, and the status pushes as the exchange moves the swap on (the tracker on the test clock).
 */

const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";
/** The harness's poll (STATUS_POLL_INTERVAL_MS). */
const POLL_MS = 200;
const PUSH_BOUND_MS = 3 * POLL_MS + 3_000;

let h: Harness;
let clock: TestClock;
beforeAll(async () => {
  clock = new TestClock();
  h = await startHarness({ sandbox: { dialect: "changenow" }, clock });
});
afterEach(() => {
  h.sandbox.control.clearFaults();
  h.sandbox.control.clearTransactions();
});
afterAll(async () => {
  await h?.close();
});

const onlyTransaction = () => {
  const txs = h.sandbox.control.transactions();
  expect(txs).toHaveLength(1);
  return txs[0]!;
};

async function toAmountStep(user: FakeUser, to: string): Promise<BotMessage> {
  await step(user, "/exchange", "send");
  await step(user, "btc", "receive");
  return step(user, to, "amount");
}

/** New messages (not edits) naming the swap's state. */
const pushes = (user: FakeUser, id: string, word: string) =>
  user.transcript().filter((m) => !m.photo && m.text.includes(`Swap ${id}: ${word}\n`)).length;

describe("a swap over ChangeNOW's dialect", () => {
  it("BTC → XRP with a destination tag: quote, memo, deposit, then one push per state", async () => {
    expect(h.sandbox.url).toMatch(/\/v2$/);
    const user = h.tg.user();
    const prompt = await toAmountStep(user, "xrp");
    expect(prompt.text).toMatch(/Minimum: [\d.]+ BTC/);
    h.sandbox.control.resetStats();
    const quote = await step(user, "0.05", "address");
    expect(quote.text).toMatch(/0\.05 BTC → ≈ [\d.]+ XRP/);
    // The limits and the estimate: two calls of ChangeNOW's (the limits may be known already).
    expect(h.sandbox.control.stats.byEndpoint.rate ?? 0).toBeLessThanOrEqual(2);
    await step(user, XRP_ADDRESS, "memo");
    await step(user, "12345", "refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toContain("Payout memo: 12345");
    const deposit = await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    // The tag went upstream as ChangeNOW's extraId and came back as payoutExtraId.
    expect(tx.withdrawal_extra_id).toBe("12345");
    expect(tx.network_to).toBe("XRP");
    expect(deposit.text).toContain(tx.deposit_address);
    expect(deposit.text).toContain(`Transaction id: ${tx.id}`);
    expect(deposit.text).toContain("Payout memo: 12345");
    for (const [status, word] of [
      ["confirmation", "confirming"],
      ["exchanging", "exchanging"],
      ["sending", "exchanging"],
      ["success", "complete"],
    ] as const) {
      h.sandbox.control.setStatus(tx.id, status);
      await clock.until(() => pushes(user, tx.id, word) >= 1, PUSH_BOUND_MS, `the ${word} push`);
    }
    await clock.advance(10 * POLL_MS + 1_000);
    expect(pushes(user, tx.id, "confirming")).toBe(1);
    // `sending` is still exchanging: no second message.
    expect(pushes(user, tx.id, "exchanging")).toBe(1);
    expect(pushes(user, tx.id, "complete")).toBe(1);
  });

  it("`5 eth`: worked out from the rate when floating; at a fixed rate ChangeNOW quotes it and exactly 5 ETH is paid at the quote's rate id", async () => {
    const user = h.tg.user();
    await toAmountStep(user, "eth");
    const before = h.sandbox.control.stats.reverseQuotes;
    const floating = await step(user, "5 eth", "address");
    expect(floating.text).toContain("To receive 5 ETH");
    expect(floating.text).toContain("worked out from the rate");
    expect(h.sandbox.control.stats.reverseQuotes).toBe(before);
    await user.press("Fixed");
    const fixed = await user.waitFor((m) => m.edited && m.text.includes("fixed rate"));
    expect(h.sandbox.control.stats.reverseQuotes).toBe(before + 1);
    const send = /you send ([\d.]+) BTC/.exec(fixed.text)?.[1];
    expect(send, fixed.text).toBeDefined();
    expect(fixed.text).toContain(`${send} BTC → 5 ETH`);
    await step(user, ETH_ADDRESS, "refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toContain(`You send: ${send} BTC`);
    await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    expect(tx.rate_type).toBe("fixed");
    // type=reverse with toAmount: exactly that is paid out (the sandbox refuses a fixed create
    // without a rate id it handed out, so the quote's went with it).
    expect(tx.withdrawal_amount).toBe(5);
    expect(tx.amount_out_expected).toBe(5);
    expect(String(tx.amount_in)).toBe(send);
  });

  it("money rules at ChangeNOW: a fixed create paying less than the quote is refused; a lost create is found once", async () => {
    const user = h.tg.user();
    const fixedSummary = async () => {
      await toAmountStep(user, "eth");
      await step(user, "0.1", "address");
      await user.press("Fixed");
      await user.waitFor((m) => m.edited && m.text.includes("fixed rate"));
      await step(user, ETH_ADDRESS, "refund");
      return step(user, "skip", "Please check");
    };
    await fixedSummary();
    h.sandbox.control.worsenNextFixedCreate(0.02);
    const refused = await step(user, "confirm", "does not match your fixed quote");
    const worse = onlyTransaction();
    expect(refused.text).toContain("Do not send anything");
    expect(user.transcript().some((m) => m.text.includes(worse.deposit_address))).toBe(false);
    h.sandbox.control.clearTransactions();

    // A create whose answer is lost (a 502 after creating): found in the list's window, shown once.
    await fixedSummary();
    h.sandbox.control.createThenHang(0, { status: 502 });
    await step(user, "confirm", "may have been created");
    await clock.until(
      () => user.transcript().some((m) => m.text.includes("Found it")),
      60_000,
      "the reconciler's find",
    );
    const found = user.transcript().find((m) => m.text.includes("Found it"))!;
    const tx = onlyTransaction();
    expect(found.text).toContain(tx.deposit_address);
    expect(h.sandbox.control.transactions()).toHaveLength(1);
  });

  it("an amount below ChangeNOW's minimum names the minimum and asks for the amount again", async () => {
    const user = h.tg.user();
    await toAmountStep(user, "eth");
    const refused = await step(user, "0.00000001", "minimum");
    expect(refused.text).toMatch(/minimum of [\d.]+ BTC/);
    expect(refused.text).toContain("amount");
    expect(h.sandbox.control.transactions()).toHaveLength(0);
  });
});
