import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buttonsOf, copyButtonsOf } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, ETH_ADDRESS, step } from "../support/flows.ts";

let h: Harness;

const getReads = () => h.sandbox.control.stats.responses.get?.[200] ?? 0;

beforeAll(async () => {
  h = await startHarness({ env: { STATUS_POLL_INTERVAL_MS: "60000" } });
});
afterAll(async () => {
  await h?.close();
});

describe("/status", () => {
  it("says so when the chat has no swap", async () => {
    const reply = await h.tg.user().reply("/status");
    expect(reply.text).toContain("no swaps yet");
  });

  it("shows the newest swap with every field of the detail", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    h.sandbox.control.setStatus(id, "success");
    const tx = h.sandbox.control.transaction(id)!;
    const reply = await step(user, "/status", "Deposit address:");
    expect(reply.text).toContain(id);
    expect(reply.text).toContain("complete");
    expect(reply.text).toContain(tx.deposit_address);
    expect(reply.text).toContain(ETH_ADDRESS);
    expect(reply.text).toContain(tx.tx_hash_in);
    expect(reply.text).toContain(tx.tx_hash_out);
    expect(reply.text).toContain(String(tx.amount_out));
  });

  it("falls back to the stored state, saying it is stale, when the exchange is down", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user, "0.6");
    h.sandbox.control.setDown(true);
    try {
      const reply = await user.reply(`/status ${id}`, { timeoutMs: 10_000 });
      expect(reply.text).toContain(id);
      expect(reply.text).toContain("last known state");
    } finally {
      h.sandbox.control.setDown(false);
    }
  });
});

describe("privacy", () => {
  it("another chat's id is not found, and the exchange is not asked", async () => {
    const alice = h.tg.user();
    const mallory = h.tg.user();
    const id = await createSwapViaChat(alice, "0.7");
    const reads = getReads();
    const reply = await mallory.reply(`/status ${id}`);
    expect(reply.text).toContain("not found");
    expect(reply.text).not.toContain(ETH_ADDRESS);
    expect(getReads()).toBe(reads);
  });

  it("forged callback data naming another chat's swap shows nothing", async () => {
    const alice = h.tg.user();
    const mallory = h.tg.user();
    const id = await createSwapViaChat(alice, "0.8");
    const history = await mallory.reply("/history");
    const reads = getReads();
    const queryId = mallory.pressRaw(history.messageId, `st:${id}`);
    await mallory.callbackAnswer(queryId);
    const reply = await mallory.answer();
    expect(reply.text).toContain("not found");
    expect(reply.text).not.toContain(ETH_ADDRESS);
    expect(getReads()).toBe(reads);
  });
});

describe("ids of any format (the API does not document them)", () => {
  it("a swap whose id is too long for a button still shows in /history and answers /status ID", async () => {
    const user = h.tg.user();
    await createSwapViaChat(user);
    // As if the exchange had answered with a 70-character id containing dots.
    const longId = `tx.${"a1b2c3d4e5".repeat(6)}.0000001`;
    await h.app.repos.transactions.insert({
      id: longId,
      chatId: user.chatId,
      userId: user.id,
      coinFrom: "btc",
      coinTo: "eth",
      networkFrom: null,
      networkTo: null,
      amountIn: "0.7",
      amountOutExpected: "20",
      amountOut: null,
      rate: null,
      rateType: "float",
      depositAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      depositMemo: null,
      withdrawalAddress: ETH_ADDRESS,
      refundAddress: null,
      txHashIn: null,
      txHashOut: null,
      status: "wait",
      createdAt: new Date().toISOString(),
      exchange: h.app.exchangeId,
    });
    const history = await step(user, "/history", "Your swaps");
    expect(history.text).toContain("0.7 BTC");
    const buttons = buttonsOf(history);
    // No callback button can carry it; a copy button can (1 to 256 characters).
    expect(buttons.filter((b) => b.data?.includes(longId))).toEqual([]);
    expect(buttons.map((b) => b.text)).toContain("🔎 2");
    expect(copyButtonsOf(history)["📋 Id 1"]).toBe(longId);
    // It never had a deposit message in this chat: /status is that message.
    const status = await step(user, `/status ${longId}`, "Send exactly");
    expect(status.text).toContain(longId);
    expect(status.text).toContain("0.7");
  });
});

describe("a status the API never documented", () => {
  it("is shown as it came, escaped once, in /status and /history", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    h.sandbox.control.setStatus(id, "on hold & <review>");
    const card = await step(user, `/status ${id}`, "Status:");
    expect(card.text).toContain("Status: on hold & <review>");
    const history = await step(user, "/history", id);
    expect(history.text).toContain("on hold & <review>");
    expect(history.text).not.toContain("&amp;");
  });
});
