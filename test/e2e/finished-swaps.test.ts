import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BotMessage,
  buttonsOf,
  type FakeUser,
} from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, ETH_ADDRESS, step, toSummary } from "../support/flows.ts";
import { TestClock } from "../support/test-clock.ts";
import { UNLISTED_STATUS } from "../support/test-dialect.ts";

/**
 * The bot's loops (tracker, notifier, reconciler) run on a clock the tests move: a chat's
 * one-a-second pace and the polls pass as fast as their I/O. The chat itself runs in real time.
 */
const clock = new TestClock();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock });
});
afterAll(async () => {
  await h?.close();
});

const BTC_REFUND = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

/** What the deposit message says while the swap waits, in both languages. */
const SEND_INSTRUCTION = /send exactly|to this deposit address|отправьте ровно|на этот адрес/i;

interface Finished {
  id: string;
  deposit: string;
  /** The deposit message as it reads after the last edit. */
  card: BotMessage;
  /** The new message announcing the final state. */
  push: BotMessage;
}

/**
 * Drives a swap created in the chat to `status` through the sandbox and returns its card once
 * edited to the final state, and the push that announced it.
 */
async function finish(user: FakeUser, id: string, status: string, word: string): Promise<Finished> {
  const created = user.transcript().find((m) => m.text.includes(id) && !m.photo)!;
  const deposit = h.sandbox.control.transaction(id)!.deposit_address;
  h.sandbox.control.setStatus(id, status);
  const pushOf = () =>
    user
      .transcript()
      .find((m) => m.messageId !== created.messageId && m.text.includes(`${id}: ${word}`));
  await clock.until(() => pushOf() !== undefined, 8_000, `the ${word} push`);
  const cardOf = () => h.tg.message(user.chatId, created.messageId);
  await clock.until(
    () => {
      const now = cardOf();
      return now !== undefined && !SEND_INSTRUCTION.test(now.text);
    },
    8_000,
    "the card edited to the final state",
  );
  return { id, deposit, card: cardOf()!, push: pushOf()! };
}

describe("a finished swap gives no instruction to send", () => {
  it.each([
    ["success", "complete", "Swap complete"],
    ["refunded", "refunded", "Swap refunded"],
  ])("%s: the card, the push and /status say what happened", async (status, word, heading) => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const { card, push, deposit } = await finish(user, id, status, word);
    expect(card.edited).toBe(true);
    expect(card.text).toContain(heading);
    expect(card.text).toContain(id);
    expect(card.text).toContain(`Status: ${word}`);
    expect(card.text).toContain("no longer accepts funds");
    expect(push.text).not.toMatch(SEND_INSTRUCTION);
    expect(push.text).toContain("no longer accepts funds");
    const card2 = await step(user, `/status ${id}`, "Deposit address:");
    expect(card2.text).toContain(`Status: ${word}`);
    expect(card2.text).toContain(deposit);
    expect(card2.text).not.toMatch(SEND_INSTRUCTION);
    expect(card2.text).not.toContain("You send");
    expect(card2.text).toContain("no longer accepts funds");
  });

  it.each([
    ["success", "complete"],
    ["overdue", "expired"],
    ["refunded", "refunded"],
  ])(
    "%s: nothing offers 🔄 Refresh any more (the card, a /status answer tapped again, a new /status)",
    async (status, word) => {
      const refresh = (m: BotMessage | undefined) =>
        buttonsOf(m).find((b) => b.text === "🔄 Refresh");
      const user = h.tg.user();
      const id = await createSwapViaChat(user);
      // While the swap is open, /status offers it.
      const before = await step(user, `/status ${id}`, "Deposit address:");
      const button = refresh(before);
      expect(button?.data).toBeDefined();
      const { card } = await finish(user, id, status, word);
      expect(refresh(card)).toBeUndefined();
      // The earlier answer's Refresh, tapped once the swap is finished: the card it becomes has none.
      await user.callbackAnswer(user.pressRaw(before.messageId, button!.data!));
      const refreshed = await user.answer();
      expect(refreshed.messageId).toBe(before.messageId);
      expect(refreshed.text).toContain(`Status: ${word}`);
      expect(refresh(refreshed)).toBeUndefined();
      const after = await step(user, `/status ${id}`, `Status: ${word}`);
      expect(refresh(after)).toBeUndefined();
      // Copying the id still works.
      expect(buttonsOf(after).some((b) => b.copy === id)).toBe(true);
    },
  );

  it("a complete card names what arrived and the payout transaction", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const { card } = await finish(user, id, "success", "complete");
    const tx = h.sandbox.control.transaction(id)!;
    expect(card.text).toContain(`${tx.amount_out} ETH`);
    expect(card.text).toContain(tx.tx_hash_out);
    expect(card.text).toContain(ETH_ADDRESS);
    const status = await step(user, `/status ${id}`, "Deposit address:");
    expect(status.text).toContain(`Received: ${tx.amount_out} ETH`);
  });

  it("expired: not to send to that address any more, and what to do if the user already did", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const { card, push, deposit } = await finish(user, id, "overdue", "expired");
    for (const text of [card.text, push.text]) {
      expect(text).not.toMatch(SEND_INSTRUCTION);
      expect(text).toContain(`Do not send anything to ${deposit} any more`);
      expect(text).toContain("contact the exchange's support");
      expect(text).toContain(`quote the transaction id ${id}`);
      // No refund address was given: the user is told a refund needs one.
      expect(text).toContain("A refund needs an address");
    }
    expect(card.text).toContain("Swap expired");
    expect(push.text).toContain("deposit window closed");
    const status = await step(user, `/status ${id}`, "Deposit address:");
    expect(status.text).toContain("Status: expired");
    // Nothing was paid out, whatever amount the exchange's detail carries.
    expect(status.text).toContain("Received: —");
    expect(status.text).not.toMatch(SEND_INSTRUCTION);
    expect(status.text).toContain(`Do not send anything to ${deposit} any more`);
    expect(status.text).toContain(`quote the transaction id ${id}`);
  });

  it("expired with a refund address: the help names it", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    await step(user, "0.5", "address");
    await step(user, ETH_ADDRESS, "refund");
    await step(user, BTC_REFUND, "Please check");
    const created = await step(user, "confirm", "Swap created");
    const id = /Transaction id: (\S+)/.exec(created.text)![1]!;
    const { card, push } = await finish(user, id, "overdue", "expired");
    expect(card.text).toContain(`your refund address ${BTC_REFUND}`);
    expect(push.text).toContain(`your refund address ${BTC_REFUND}`);
  });

  it("in Russian too", async () => {
    const user = h.tg.user({ languageCode: "ru" });
    // Pushes speak the chat's chosen language (/language), not the sender's Telegram language.
    await user.reply("/language");
    await user.press("Русский");
    await user.waitFor("по-русски");
    await step(user, "/exchange", "отправить");
    await step(user, "btc", "получить");
    await step(user, "eth", "сумм");
    await step(user, "0.5", "адрес");
    await step(user, ETH_ADDRESS, "возврат");
    await step(user, "skip", "Проверьте");
    const created = await step(user, "confirm", "Обмен создан");
    expect(created.text).toMatch(SEND_INSTRUCTION);
    const id = /Id транзакции: (\S+)/.exec(created.text)![1]!;
    const { card, push, deposit } = await finish(user, id, "overdue", "истёк");
    for (const text of [card.text, push.text]) {
      expect(text).not.toMatch(SEND_INSTRUCTION);
      expect(text).toContain(`Больше ничего не отправляйте на ${deposit}`);
      expect(text).toContain(id);
    }
  });

  it("a 'waiting' push delayed until after the swap finished does not say to send", async () => {
    // The notifier's retry backoff passes by moving time: a bot of its own on a test clock.
    const clock = new TestClock();
    const bot = await startHarness({ clock });
    try {
      const user = bot.tg.user();
      const id = await createSwapViaChat(user);
      bot.sandbox.control.setStatus(id, UNLISTED_STATUS);
      const pushed = (text: string) => () => user.transcript().some((m) => m.text.includes(text));
      await clock.until(pushed(`${id}: ${UNLISTED_STATUS}`), 20_000, "the unlisted status's push");
      const failedSends = () =>
        bot.tg
          .callsTo("sendMessage")
          .filter((c) => c.params.chat_id === user.chatId && c.response?.ok === false).length;
      // The push of the swap going back to "wait" fails once and waits to be retried...
      bot.tg.failNext("sendMessage", { errorCode: 400, chatId: user.chatId });
      bot.sandbox.control.setStatus(id, "wait");
      await clock.until(() => failedSends() === 1, 20_000, "the 'wait' push tried");
      // ...while the swap completes: it goes out after all, before the "complete" one.
      bot.sandbox.control.setStatus(id, "success");
      await clock.until(pushed(`${id}: complete`), 120_000, "the 'complete' push");
      const waiting = user
        .transcript()
        .find((m) => m.text.includes(`${id}: waiting for your deposit`));
      expect(waiting).toBeDefined();
      expect(waiting!.text).not.toMatch(SEND_INSTRUCTION);
    } finally {
      await bot.close();
    }
  });
});

describe("a swap found by reconciliation only after it finished", () => {
  it("is announced as expired, with no instruction to send and no QR code of its address", async () => {
    const user = h.tg.user();
    await toSummary(user);
    const before = new Set(h.sandbox.control.transactions().map((t) => t.id));
    // The exchange creates the swap, then answers 502 a second later: meanwhile it expires.
    h.sandbox.control.createThenHang(1_000, { status: 502 });
    user.send("confirm");
    const tx = await h.tg.until(
      () => h.sandbox.control.transactions().find((t) => !before.has(t.id)),
      8_000,
      () => new Error("the exchange never created the swap"),
    );
    h.sandbox.control.setStatus(tx.id, "overdue");
    const foundOf = () => user.transcript().find((m) => m.text.includes("Found it"));
    await clock.until(() => foundOf() !== undefined, 60_000, "the swap found");
    const found = foundOf()!;
    expect(found.text).toContain("Swap expired");
    expect(found.text).toContain(tx.id);
    expect(found.text).not.toMatch(SEND_INSTRUCTION);
    expect(found.text).toContain(`Do not send anything to ${tx.deposit_address} any more`);
    expect(user.transcript().some((m) => m.photo)).toBe(false);
  });
});

describe("labels show a network only when it adds something", () => {
  it("a finished BTC → ETH swap reads BTC and ETH everywhere, never 'BTC (BTC)'", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user, "0.9");
    const tx = h.sandbox.control.transaction(id)!;
    // The exchange names each coin's own chain after it: the detail says so once it is read.
    expect([tx.network_from, tx.network_to]).toEqual(["BTC", "ETH"]);
    const { card, push } = await finish(user, id, "success", "complete");
    const status = await step(user, `/status ${id}`, "Deposit address:");
    const history = await step(user, "/history", "Your swaps");
    for (const text of [card.text, push.text, status.text, history.text]) {
      expect(text).not.toMatch(/BTC \(BTC\)|ETH \(ETH\)/);
    }
    expect(card.text).toContain("0.9 BTC → ");
    expect(status.text).toContain("Amount: 0.9 BTC");
    expect(history.text).toContain("0.9 BTC → ETH");
  });

  it("a network other than the coin's own chain is still shown", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "usdt trc20", "amount");
    await step(user, "0.5", "address");
    await step(user, "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7", "refund");
    await step(user, "skip", "Please check");
    const created = await step(user, "confirm", "Swap created");
    const id = /Transaction id: (\S+)/.exec(created.text)![1]!;
    const { card } = await finish(user, id, "success", "complete");
    expect(card.text).toContain("USDT (TRC20)");
    expect(card.text).not.toContain("BTC (BTC)");
  });
});

describe("/history", () => {
  it("names each entry's transaction id", async () => {
    const user = h.tg.user();
    const first = await createSwapViaChat(user, "0.3");
    const second = await createSwapViaChat(user, "0.4");
    const history = await step(user, "/history", "Your swaps");
    expect(history.text).toContain(`Id ${first}`);
    expect(history.text).toContain(`Id ${second}`);
    expect(history.text.indexOf(second)).toBeLessThan(history.text.indexOf(first));
  });
});

describe("a swap whose deposit has arrived", () => {
  it.each([
    ["confirmation", "confirming"],
    ["exchanging", "exchanging"],
  ])("%s: the card says the deposit arrived and asks for no other", async (status, word) => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const created = user.transcript().find((m) => m.text.includes(id) && !m.photo)!;
    h.sandbox.control.setStatus(id, status);
    await clock.until(
      () => user.transcript().some((m) => m.text.includes(`${id}: ${word}`)),
      8_000,
      `the ${word} push`,
    );
    const cardOf = () => h.tg.message(user.chatId, created.messageId);
    await clock.until(
      () => cardOf()?.text.includes(`Status: ${word}`) === true,
      8_000,
      "the card edited",
    );
    const card = cardOf()!;
    expect(card.text).toContain("has arrived: do not send it again");
    expect(card.text).not.toMatch(SEND_INSTRUCTION);
    expect(card.text).toContain(id);
  });
});
