import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { copyButtonsOf, type FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { step } from "../support/flows.ts";

/**
 * The payout memo (docs/behaviour.md, "What users get": payout memos): asked only for a receive network that takes one, checked
 * for the network, sent as `withdrawalExtraId`, shown wherever the payout address is; a swap whose
 * exchange dropped it gets no deposit address. Driven through the fake Telegram against the
 * sandbox, in both dialects.
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
const ETH_ADDRESS = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";
const XLM_ADDRESS = "GCKFBEIYV2U22IO2BJ4KVJOIP7XPWQGQFKKWXR6DOSJBV7STMAQSMTGG";

/** BTC → XRP up to the memo step, whose prompt is returned. */
async function toMemoStep(user: FakeUser) {
  await step(user, "/exchange", "send");
  await step(user, "btc", "receive");
  await step(user, "xrp", "amount");
  await step(user, "0.05", "address");
  return step(user, XRP_ADDRESS, "memo");
}

const onlyTransaction = () => {
  const txs = h.sandbox.control.transactions();
  expect(txs).toHaveLength(1);
  return txs[0]!;
};

describe("the payout memo", () => {
  it("is asked for an XRP payout, checked as a destination tag, sent, echoed and shown in the summary, the deposit message and /status, which copy it", async () => {
    const user = h.tg.user();
    const prompt = await toMemoStep(user);
    expect(prompt.text).toContain("memo");
    expect(prompt.text).not.toMatch(/refund/i);
    expect(prompt.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toEqual(
      expect.arrayContaining([expect.stringContaining("No memo")]),
    );
    const refused = await step(user, "abc", "memo");
    expect(refused.text).toContain("whole number from 0 to 4294967295");
    const tooBig = await step(user, "4294967296", "memo");
    expect(tooBig.text).toContain("4294967295");
    await step(user, "12345", "refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toContain("Payout memo: 12345");
    const deposit = await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    expect(tx.withdrawal_extra_id).toBe("12345");
    expect(deposit.text).toContain(tx.deposit_address);
    expect(deposit.text).toContain("Payout memo: 12345");
    expect(copyButtonsOf(deposit)["📋 Payout memo"]).toBe("12345");
    const status = await step(user, "/status", tx.id);
    expect(status.text).toContain("Payout memo: 12345");
    expect(copyButtonsOf(status)["📋 Payout memo"]).toBe("12345");
  });

  it("stands under the payout address, before the refund address and its memo, in the summary and /status", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "xlm", "receive");
    await step(user, "xrp", "amount");
    await step(user, "500", "address");
    await step(user, XRP_ADDRESS, "memo");
    await step(user, "12345", "refund");
    await step(user, XLM_ADDRESS, /memo.*refund|refund.*memo/);
    const summary = await step(user, "777", "Please check");
    const order = new RegExp(
      `Payout to: ${XRP_ADDRESS}\nPayout memo: 12345\nRefund to: ${XLM_ADDRESS}\nRefund memo: 777\n`,
    );
    expect(summary.text).toMatch(order);
    await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    expect([tx.withdrawal_extra_id, tx.refund_extra_id]).toEqual(["12345", "777"]);
    const status = await step(user, `/status ${tx.id}`, "Refund address");
    expect(status.text).toMatch(
      new RegExp(
        `Payout address: ${XRP_ADDRESS}\nPayout memo: 12345\nRefund address: ${XLM_ADDRESS}\nRefund memo: 777\n`,
      ),
    );
  });

  it("is skipped with the No memo button, or by typing skip: nothing is sent", async () => {
    const user = h.tg.user();
    await toMemoStep(user);
    await user.press("No memo");
    await user.waitFor((m) => m.text.includes("refund"));
    await step(user, "skip", "Please check");
    await step(user, "confirm", "Swap created");
    expect(onlyTransaction().withdrawal_extra_id).toBeNull();

    h.sandbox.control.clearTransactions();
    await toMemoStep(user);
    await step(user, "skip", "refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).not.toContain("Payout memo");
  });

  it("dropped by the exchange: no deposit address is shown", async () => {
    const user = h.tg.user();
    await toMemoStep(user);
    await step(user, "777", "refund");
    await step(user, "skip", "Please check");
    h.sandbox.control.dropPayoutMemoNextCreate();
    const warning = await step(user, "confirm", "could not be set up safely");
    expect(warning.text).toContain("Do not send anything");
    const tx = onlyTransaction();
    expect(tx.withdrawal_extra_id).toBeNull();
    expect(user.transcript().some((m) => m.text.includes(tx.deposit_address))).toBe(false);
  });

  it("is not asked for a network without memos: the payout address is followed by the refund step", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    await step(user, "0.05", "address");
    const next = await step(user, ETH_ADDRESS, "refund");
    expect(next.text).not.toContain("memo");
  });
});
