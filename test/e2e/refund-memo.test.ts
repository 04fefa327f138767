import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { step } from "../support/flows.ts";

/**
 * The refund memo (docs/behaviour.md, "What users get": refund memos): after a refund address on a send network that takes a memo, an
 * optional refund memo is asked, checked as the payout memo is, shown in the summary, sent as
 * `refundExtraId`; an answer that carries another one back gets no deposit address. Driven through
 * the fake Telegram against the sandbox, in both dialects.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => {
  h.sandbox.control.clearFaults();
  h.sandbox.control.clearTransactions();
});
afterAll(async () => {
  await h?.close();
});

const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";
const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const ETH_ADDRESS = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";

/** XRP → BTC up to the refund memo step (a refund address given), whose prompt is returned. */
async function toRefundMemoStep(user: FakeUser) {
  await step(user, "/exchange", "send");
  await step(user, "xrp", "receive");
  await step(user, "btc", "amount");
  await step(user, "100", "address");
  await step(user, BTC_ADDRESS, "refund");
  return step(user, XRP_ADDRESS, /memo.*refund|refund.*memo/);
}

const onlyTransaction = () => {
  const txs = h.sandbox.control.transactions();
  expect(txs).toHaveLength(1);
  return txs[0]!;
};

describe("the refund memo", () => {
  it("is asked after an XRP refund address, checked as a destination tag, sent as refundExtraId and shown in the summary", async () => {
    const user = h.tg.user();
    const prompt = await toRefundMemoStep(user);
    expect(prompt.text).toContain("refund");
    expect(prompt.text).not.toContain("Confirm");
    expect(prompt.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toEqual(
      expect.arrayContaining([expect.stringContaining("No memo")]),
    );
    const refused = await step(user, "abc", "whole number");
    expect(refused.text).toContain("4294967295");
    expect(refused.text).toContain("refund memo");
    const summary = await step(user, "4242", "Please check");
    expect(summary.text).toContain("Refund memo: 4242");
    const deposit = await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    expect(tx.refund_address).toBe(XRP_ADDRESS);
    expect(tx.refund_extra_id).toBe("4242");
    expect(deposit.text).toContain(tx.deposit_address);
    // Wherever the refund address is shown, its memo stands under it: /status, and a refund's
    // push and card.
    const status = await step(user, `/status ${tx.id}`, "Refund address");
    expect(status.text).toMatch(new RegExp(`${XRP_ADDRESS}\nRefund memo: 4242`));
    h.sandbox.control.setStatus(tx.id, "refunded");
    const push = await user.waitFor((m) => m.text.includes(`${tx.id}: refunded`), {
      timeoutMs: 20_000,
    });
    expect(push.text).toMatch(new RegExp(`${XRP_ADDRESS}\\.?\\nRefund memo: 4242`));
    await user.waitFor(
      (m) =>
        m.messageId === deposit.messageId &&
        m.text.includes("refunded") &&
        m.text.includes("Refund memo: 4242"),
      { timeoutMs: 20_000 },
    );
  });

  it("is skipped with No memo or skip: nothing is sent; not asked without a refund address", async () => {
    const user = h.tg.user();
    await toRefundMemoStep(user);
    await user.press("No memo");
    const summary = await user.waitFor((m) => m.text.includes("Please check"));
    expect(summary.text).not.toContain("Refund memo");
    await step(user, "confirm", "Swap created");
    expect(onlyTransaction().refund_extra_id).toBeNull();

    h.sandbox.control.clearTransactions();
    await step(user, "/exchange", "send");
    await step(user, "xrp", "receive");
    await step(user, "btc", "amount");
    await step(user, "100", "address");
    await step(user, BTC_ADDRESS, "refund");
    const noRefund = await step(user, "skip", "Please check");
    expect(noRefund.text).not.toContain("Refund memo");
  });

  it("is not asked for a send network without memos", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "eth", "receive");
    await step(user, "btc", "amount");
    await step(user, "0.5", "address");
    await step(user, BTC_ADDRESS, "refund");
    const summary = await step(user, ETH_ADDRESS, "Please check");
    expect(summary.text).not.toContain("memo");
  });

  it("carried back as another memo by the exchange: no deposit address is shown", async () => {
    const user = h.tg.user();
    await toRefundMemoStep(user);
    await step(user, "4242", "Please check");
    // The sandbox may hand out the refund address itself as the deposit address: only what comes
    // after the summary counts.
    const shownBefore = user.transcript().length;
    h.sandbox.control.alterNextCreate({ refund_extra_id: "999", persist: true });
    const warning = await step(user, "confirm", "could not be set up safely");
    expect(warning.text).toContain("Do not send anything");
    const tx = onlyTransaction();
    const after = user.transcript().slice(shownBefore);
    expect(after.some((m) => m.text.includes(tx.deposit_address))).toBe(false);
  });
});
