import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BotMessage, FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { step } from "../support/flows.ts";
import { TEST_DIALECT, UNLISTED_STATUS } from "../support/test-dialect.ts";
import { until } from "../support/until.ts";

/**
 * Deposit instructions that hold for real coins and exchanges: the network shown is the one the
 * exchange confirmed, a deposit memo stands beside its address everywhere, and a fixed-rate swap
 * is shown only at the payout the user confirmed. Driven through the fake Telegram against the
 * sandbox, whose faults play the exchanges that get these wrong.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { QUOTE_CACHE_MS: "0" } });
});
afterEach(() => {
  h.sandbox.control.clearFaults();
  h.sandbox.control.setQuirks({ memoField: "deposit_extra_id" });
  h.sandbox.control.clearTransactions();
  h.sandbox.control.resetStats();
});
afterAll(async () => {
  await h?.close();
});

const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

/** Walks the flow by typing, from `from` to BTC, up to the summary. */
async function toSummary(user: FakeUser, from: string, amount: string): Promise<void> {
  await step(user, "/exchange", "send");
  await step(user, from, "receive");
  await step(user, "btc", "amount");
  await step(user, amount, "address");
  await step(user, BTC_ADDRESS, "refund");
  await step(user, "skip", "Please check");
}

/** The texts the message shows in tap-to-copy form, each on its own. */
const copyable = (m: BotMessage) =>
  m.entities
    .filter((e) => e.type === "code")
    .map((e) => m.text.slice(e.offset, e.offset + e.length));

const onlyTransaction = () => {
  const txs = h.sandbox.control.transactions();
  expect(txs).toHaveLength(1);
  return txs[0]!;
};

const shownAnywhere = (user: FakeUser, text: string) =>
  user.transcript().some((m) => m.text.includes(text));

describe("a network the user chose", () => {
  it("is shown only once the exchange's detail names it: USDT (BEP20) after one detail read", async () => {
    const user = h.tg.user();
    await toSummary(user, "usdt bep20", "100");
    const deposit = await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    expect(tx.network_from).toBe("BEP20");
    expect(deposit.text).toContain("Send exactly 100 USDT (BEP20)");
    expect(copyable(deposit)).toContain(tx.deposit_address);
    // The created shape names no network: the detail was read before the address was shown.
    // (The exolix dialect's created answer names its networks in its coin objects: no read.)
    expect(h.sandbox.control.stats.byEndpoint.get).toBe(TEST_DIALECT === "spec" ? 1 : undefined);
    const status = await step(user, "/status", tx.id);
    expect(status.text).toContain("USDT (BEP20)");
  });

  it("that the exchange silently replaced by its default network: no deposit address is shown", async () => {
    const user = h.tg.user();
    await toSummary(user, "usdt bep20", "100");
    h.sandbox.control.useDefaultNetworksNextCreate();
    const warning = await step(user, "confirm", "could not be set up safely");
    expect(warning.text).toContain("Do not send anything");
    const tx = onlyTransaction();
    expect(tx.network_from).toBe("ERC20");
    expect(shownAnywhere(user, tx.deposit_address)).toBe(false);
    expect(user.transcript().some((m) => m.photo)).toBe(false);
    expect(warning.text).not.toContain("BEP20");
    const status = await step(user, "/status", tx.id);
    expect(status.text).toContain("could not be set up safely");
    expect(status.text).not.toContain(tx.deposit_address);
  });

  it("that the create answer names wrongly while the detail confirms it: the detail's network is shown", async () => {
    const user = h.tg.user();
    await toSummary(user, "usdt bep20", "100");
    h.sandbox.control.alterNextCreate({ network_from: "ERC20" });
    const deposit = await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    expect(deposit.text).toContain("Send exactly 100 USDT (BEP20)");
    expect(deposit.text).toContain(tx.deposit_address);
    expect(deposit.text).not.toContain("ERC20");
  });
});

describe("a deposit memo", () => {
  it("stands under the address, copyable on its own, in the deposit message, the QR caption, /status and the card after each edit", async () => {
    const user = h.tg.user();
    await toSummary(user, "xrp", "100");
    const deposit = await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    const memo = tx.deposit_extra_id;
    expect(memo).toMatch(/^\d+$/);
    expect(deposit.text).toContain(`${tx.deposit_address}\nMemo (destination tag): ${memo}`);
    expect(deposit.text).toContain("A deposit without it is lost");
    expect(copyable(deposit)).toEqual(expect.arrayContaining([tx.deposit_address, memo]));
    const qr = user.transcript().find((m) => m.photo);
    expect(qr?.text).toContain(`Memo (destination tag): ${memo}`);
    expect(copyable(qr!)).toContain(memo);

    const status = await step(user, "/status", tx.id);
    expect(status.text).toContain(`${tx.deposit_address}\nMemo (destination tag): ${memo}`);
    expect(copyable(status)).toContain(memo);

    // A state the bot does not know keeps the card asking for the deposit: memo still there.
    h.sandbox.control.setStatus(tx.id, UNLISTED_STATUS);
    const card = () => h.tg.message(user.chatId, deposit.messageId)!;
    await user.waitFor(() => card().edited && card().text.includes(UNLISTED_STATUS), {
      timeoutMs: 10_000,
    });
    expect(card().text).toContain(`Memo (destination tag): ${memo}`);
    // Expired: the card names the closed address with its memo, and asks for nothing.
    h.sandbox.control.setStatus(tx.id, "overdue");
    await user.waitFor(() => card().text.includes("Swap expired"), { timeoutMs: 10_000 });
    expect(card().text).toContain(`${tx.deposit_address} any more`);
    expect(card().text).toContain(`Memo (destination tag): ${memo}`);
    expect(card().text).not.toContain("A deposit without it is lost");
  });

  it("spelled depositExtraId, or given as a number, is shown the same", async () => {
    h.sandbox.control.setQuirks({ memoField: "depositExtraId" });
    const user = h.tg.user();
    await toSummary(user, "xlm", "100");
    const deposit = await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    expect(copyable(deposit)).toContain(tx.deposit_extra_id);

    h.sandbox.control.clearTransactions();
    await toSummary(user, "xrp", "100");
    h.sandbox.control.alterNextCreate({ deposit_extra_id: 4_294_967, persist: true });
    const numeric = await step(user, "confirm", "Swap created");
    expect(copyable(numeric)).toContain("4294967");
  });

  it("that a memo coin's answers do not carry (or carry empty) is not shown: no memo line", async () => {
    const user = h.tg.user();
    await toSummary(user, "xrp", "100");
    h.sandbox.control.alterNextCreate({ deposit_extra_id: "", persist: true });
    const deposit = await step(user, "confirm", "Swap created");
    expect(deposit.text).toContain(onlyTransaction().deposit_address);
    expect(deposit.text).not.toContain("Memo");
  });

  it("that the create answer leaves out while the detail has it: read back and shown", async () => {
    const user = h.tg.user();
    await toSummary(user, "xrp", "100");
    h.sandbox.control.alterNextCreate({ deposit_extra_id: null });
    const deposit = await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    expect(tx.deposit_extra_id).toBeTruthy();
    // The detail was read before the address went out, and the memo it gave stands with it.
    expect(h.sandbox.control.stats.byEndpoint.get).toBeGreaterThanOrEqual(1);
    expect(copyable(deposit)).toEqual(
      expect.arrayContaining([tx.deposit_address, String(tx.deposit_extra_id)]),
    );
  });

  it("that the create answer and the detail disagree on: no deposit address is shown", async () => {
    const user = h.tg.user();
    // BEP2 names a network, so the detail is read; the answer alone lies about the memo.
    await toSummary(user, "bnb bep2", "0.5");
    h.sandbox.control.alterNextCreate({ deposit_extra_id: "8642097531" });
    const warning = await step(user, "confirm", "could not be set up safely");
    expect(warning.text).toContain("Do not send anything");
    const tx = onlyTransaction();
    expect(tx.deposit_extra_id).not.toBe("8642097531");
    expect(shownAnywhere(user, tx.deposit_address)).toBe(false);
    expect(shownAnywhere(user, "8642097531")).toBe(false);
    expect((await h.app.repos.transactions.get(tx.id))?.suspect).toBe(true);
  });
});

describe("a fixed-rate create answer", () => {
  async function fixedSummary(user: FakeUser) {
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    await step(user, "0.1", "address");
    await user.press("Fixed");
    await user.waitFor((m) => m.edited && m.text.includes("fixed rate"));
    await step(user, "0x742d35Cc6634C0532925a3b844Bc454e4438f44e", "refund");
    return step(user, "skip", "Please check");
  }
  const quoted = (text: string) => /You receive: ([\d.]+) ETH/.exec(text)?.[1];

  it("paying 2 % less than the fixed quote confirmed: refused, both amounts named, no deposit address", async () => {
    const user = h.tg.user();
    const summary = await fixedSummary(user);
    h.sandbox.control.worsenNextFixedCreate(0.02);
    const refused = await step(user, "confirm", "does not match your fixed quote");
    const tx = onlyTransaction();
    expect(refused.text).toContain(`${quoted(summary.text)} ETH you confirmed`);
    expect(refused.text).toContain(`≈ ${tx.amount_out_expected} ETH`);
    expect(refused.text).toContain("Do not send anything");
    expect(shownAnywhere(user, tx.deposit_address)).toBe(false);
  });

  it("lost, then found by the reconciler paying 5 % less than the fixed quote confirmed: never shown as agreed", async () => {
    const user = h.tg.user();
    await fixedSummary(user);
    h.sandbox.control.worsenNextFixedCreate(0.05);
    h.sandbox.control.createThenHang(0, { status: 502 });
    await step(user, "confirm", "may have been created");
    const warning = await user.waitFor((m) => m.text.includes("could not be set up safely"), {
      timeoutMs: 30_000,
    });
    const tx = onlyTransaction();
    expect(warning.text).toContain("Do not send anything");
    expect(shownAnywhere(user, "Found it")).toBe(false);
    expect(shownAnywhere(user, tx.deposit_address)).toBe(false);
    expect((await h.app.repos.transactions.get(tx.id))?.suspect).toBe(true);

    // Confirm replayed on that summary (its intent is created now): the same refusal, no address.
    const again = await step(user, "confirm", "could not be set up safely");
    expect(again.text).toContain(tx.id);
    expect(shownAnywhere(user, tx.deposit_address)).toBe(false);
    expect(h.sandbox.control.transactions()).toHaveLength(1);
  });

  it("paying 0.3 % less (within the 0.5 % tolerance): created and shown as usual", async () => {
    const user = h.tg.user();
    await fixedSummary(user);
    h.sandbox.control.worsenNextFixedCreate(0.003);
    const deposit = await step(user, "confirm", "Swap created");
    expect(deposit.text).toContain(onlyTransaction().deposit_address);
  });
});

describe("a floating estimate far below the quote confirmed", () => {
  async function floatingSummary(user: FakeUser): Promise<BotMessage> {
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    await step(user, "0.1", "address");
    await step(user, "0x742d35Cc6634C0532925a3b844Bc454e4438f44e", "refund");
    return step(user, "skip", "Please check");
  }

  it("a tenth of the quote: refused like a fixed cut, both amounts named, no deposit address", async () => {
    const user = h.tg.user();
    await floatingSummary(user);
    h.sandbox.control.worsenNextFloatCreate(0.9);
    const refused = await step(user, "confirm", "does not match your quote");
    const tx = onlyTransaction();
    expect(tx.rate_type).toBe("float");
    expect(refused.text).toContain(`≈ ${tx.amount_out_expected} ETH instead of`);
    expect(refused.text).toContain("Do not send anything");
    expect(shownAnywhere(user, tx.deposit_address)).toBe(false);
    expect((await h.app.repos.transactions.get(tx.id))?.suspect).toBe(true);
  });

  it("2 % below (the market may move that much meanwhile): created and shown as usual", async () => {
    const user = h.tg.user();
    await floatingSummary(user);
    h.sandbox.control.worsenNextFloatCreate(0.02);
    const deposit = await step(user, "confirm", "Swap created");
    expect(deposit.text).toContain(onlyTransaction().deposit_address);
  });
});

describe("a deposit message that never went out", () => {
  it("is what the next /status shows, and that message becomes the status card", async () => {
    const user = h.tg.user();
    await toSummary(user, "xrp", "100");
    // Telegram refuses the QR code and the deposit message: the swap exists, its message does not.
    h.tg.failNext("sendPhoto", { errorCode: 400, chatId: user.chatId });
    h.tg.failNext("sendMessage", { errorCode: 400, chatId: user.chatId });
    user.send("confirm");
    await h.tg.settle(500);
    const tx = onlyTransaction();
    expect(shownAnywhere(user, tx.deposit_address)).toBe(false);

    const status = await step(user, "/status", tx.id);
    expect(status.text).toContain("Send exactly 100 XRP");
    expect(copyable(status)).toEqual(
      expect.arrayContaining([tx.deposit_address, tx.deposit_extra_id, tx.id]),
    );
    const card = async () => (await h.app.repos.transactions.get(tx.id))?.cardMessageId;
    await until(async () => (await card()) === status.messageId, 10_000, "the card recorded");
  });
});

describe("a payout address the validator's decoder throws on", () => {
  it("is refused with the format message at the address step", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "xmr", "amount");
    await step(user, "0.01", "address");
    const malformed =
      "4RnNDAJ4SokHYE4cX8Jcvryb33Gnni4Ex2dAzR4W4X6gFdraSJf5Yf5NDcA1TV4x96kF1m4Vj3Gdr2UW5yzdaqDmc2yzBe4";
    const reply = await step(user, malformed, "address");
    expect(reply.text).toContain("not a valid XMR address");
    expect(reply.text).not.toContain("refund");
  });
});
