import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { type App, startApp } from "../../src/app/app.ts";
import { loadConfig } from "../../src/config.ts";
import { startSandbox } from "../../src/sandbox/index.ts";
import {
  type BotMessage,
  type FakeUser,
  startFakeTelegram,
} from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, ETH_ADDRESS } from "../support/flows.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { TestClock } from "../support/test-clock.ts";
import { until } from "../support/until.ts";

/**
 * The support desk (contract: "Support"), driven through the fake Telegram: a user's ticket reaches
 * the support chat with its swap, a member's answer reaches that user alone, tickets close from
 * either side, and only the support chat's members answer.
 */

const SUPPORT = -1_001_234_567_890;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function desk(
  env: Record<string, string> = {},
  options: { forum?: boolean; clock?: TestClock } = {},
) {
  h = await startHarness({
    env: { SUPPORT_CHAT_ID: String(SUPPORT), ...env },
    clock: options.clock,
  });
  const agent = h.tg.user({
    firstName: "Agent",
    username: "agent_smith",
    chat: { id: SUPPORT, type: "supergroup", title: "Support", isForum: options.forum ?? false },
  });
  return { bot: h, agent };
}

/** The bot's messages in the support chat whose text contains `words`. */
const inSupport = (bot: Harness, words: string) =>
  bot.tg.sentTo(SUPPORT).filter((m) => m.text.includes(words));

/**
 * /support, then the user's words: resolves with the ticket's first message in the support chat
 * (moving `clock` until it is there, for a bot on a test clock).
 */
async function openTicket(
  bot: Harness,
  user: FakeUser,
  words: string,
  clock?: TestClock,
): Promise<BotMessage> {
  await user.send("/support");
  await user.waitFor("What went wrong?");
  await user.send(words);
  const opened = await user.waitFor("Support has your message");
  const ticket = /ticket #(\d+)/.exec(opened.text)?.[1];
  if (clock) {
    await clock.until(
      () => inSupport(bot, `Ticket #${ticket}`).length > 0,
      10_000,
      `ticket #${ticket} in the support chat`,
    );
  }
  return bot.tg.until(
    () => inSupport(bot, `Ticket #${ticket}`)[0],
    10_000,
    () =>
      new Error(
        `ticket #${ticket} never reached the support chat: ${bot.logs.filter((l) => l.includes("support")).join("\n")}`,
      ),
  );
}

describe("a ticket", () => {
  it("reaches the support chat with who wrote and the swap, and the user is told its number", async () => {
    const { bot } = await desk();
    const user = bot.tg.user({ firstName: "Anna", username: "anna_k", languageCode: "en" });
    const id = await createSwapViaChat(user);
    const swap = (await bot.app.repos.transactions.get(id))!;

    await user.send("/support");
    const ask = await user.waitFor("What went wrong?");
    expect(ask.text).toContain(id);
    expect(ask.text).toContain("never writes to you first");
    expect(ask.text).toContain("seed phrase");
    await user.send("My BTC left hours ago and nothing came");
    const told = await user.waitFor("Support has your message");
    expect(told.text).toContain("ticket #1");

    const ticket = await bot.tg.until(
      () => inSupport(bot, "Ticket #1")[0],
      10_000,
      () => new Error("no ticket in the support chat"),
    );
    for (const fact of [
      "My BTC left hours ago and nothing came",
      "Anna (@anna_k)",
      String(user.id),
      "language en",
      id,
      "waiting",
      swap.amountIn,
      "BTC",
      "ETH",
      swap.depositAddress,
      ETH_ADDRESS,
    ]) {
      expect(ticket.text).toContain(fact);
    }
    // Nothing of the user's words is taken as markup.
    expect(ticket.parseMode).toBe("HTML");
  });

  it("shows the swap's hashes with explorer links and its status history", async () => {
    const { bot } = await desk();
    const user = bot.tg.user();
    const id = await createSwapViaChat(user);
    bot.sandbox.control.setStatus(id, "confirmation");
    await user.waitFor(`${id}: confirming`, { timeoutMs: 10_000 });
    const hashIn = bot.sandbox.control.transaction(id)!.tx_hash_in;
    expect(hashIn).toBeTruthy();
    // The push goes out first; the deposit's hash is read right after it.
    await until(
      async () => (await bot.app.repos.transactions.get(id))?.txHashIn === hashIn,
      10_000,
      "the deposit hash stored",
    );
    const ticket = await openTicket(bot, user, "deposit stuck");
    expect(ticket.raw).toContain(
      `Deposit hash: <code>${hashIn}</code> · <a href="https://mempool.space/tx/${hashIn}">mempool.space</a>`,
    );
    expect(ticket.text).toMatch(/History: .*confirming/);
  });

  it("is about the swap the user picks, and never about another chat's swap", async () => {
    const { bot } = await desk();
    const user = bot.tg.user();
    const stranger = bot.tg.user();
    const older = await createSwapViaChat(user, "0.5");
    const latest = await createSwapViaChat(user, "0.6");
    const theirs = await createSwapViaChat(stranger, "0.7");

    await user.send("/support");
    const ask = await user.waitFor("What went wrong?");
    expect(ask.text).toContain(latest);
    await user.press("0.5 BTC");
    await user.waitFor((m) => m.edited && m.text.includes(older));
    // A forged button naming another chat's swap: the ticket is about no swap at all.
    await user.pressRaw(ask.messageId, `sup:${theirs}`);
    await user.waitFor((m) => m.text.includes("not about a particular swap"));
    await user.send("which one is it?");
    await user.waitFor("Support has your message");
    const ticket = await bot.tg.until(
      () => inSupport(bot, "Ticket #1")[0],
      10_000,
      () => new Error("no ticket"),
    );
    expect(ticket.text).toContain("No particular swap");
    expect(ticket.text).not.toContain(theirs);
  });

  it("takes the user's later messages, and their photos and documents, into the same ticket", async () => {
    // The desk's pace towards the support chat runs on a clock the test moves.
    const clock = new TestClock();
    const { bot } = await desk({}, { clock });
    const user = bot.tg.user({ firstName: "Bob" });
    await createSwapViaChat(user);
    await openTicket(bot, user, "first words", clock);

    await user.send("and one more thing");
    await user.waitFor("Added to ticket #1");
    await user.sendPhoto("my wallet");
    await user.waitFor("Added to ticket #1");
    await user.sendDocument("statement.pdf");
    await user.waitFor("Added to ticket #1");

    const found = () => bot.tg.sentTo(SUPPORT).filter((m) => m.text.startsWith("🎫 #1 · Bob"));
    await clock.until(() => found().length === 3, 15_000, "the three follow-ups in support");
    const followUps = found();
    expect(followUps[0]!.text).toContain("and one more thing");
    expect(followUps[1]).toMatchObject({ method: "copyMessage", photo: true });
    expect(followUps[1]!.text).toContain("my wallet");
    expect(followUps[2]).toMatchObject({ method: "copyMessage" });
    expect(followUps[2]!.document?.fileName).toBe("statement.pdf");
  });

  it("opens with a screenshot whose caption says what is wrong", async () => {
    const { bot } = await desk();
    const user = bot.tg.user({ firstName: "Cleo" });
    await user.send("/support");
    await user.waitFor("What went wrong?");
    await user.sendPhoto();
    await user.waitFor("describe the problem in words");
    await user.sendPhoto("this is what my wallet shows");
    await user.waitFor("Support has your message");
    const copies = await bot.tg.until(
      () => {
        const header = inSupport(bot, "Ticket #1")[0];
        const photo = bot.tg.sentTo(SUPPORT).find((m) => m.photo);
        return header && photo ? { header, photo } : undefined;
      },
      10_000,
      () => new Error("the ticket or its photo never arrived"),
    );
    expect(copies.header.text).toContain("this is what my wallet shows");
    expect(copies.photo.method).toBe("copyMessage");
  });
});

describe("a support request", () => {
  it("/cancel drops it: the next message is not a ticket", async () => {
    const { bot } = await desk();
    const user = bot.tg.user();
    await user.send("/support");
    await user.waitFor("What went wrong?");
    const cancelled = await user.reply("/cancel");
    expect(cancelled.text).toContain("support request is cancelled");
    const hint = await user.reply("hello?");
    expect(hint.text).not.toContain("Support has your message");
    await bot.tg.settle(300);
    expect(bot.tg.sentTo(SUPPORT)).toHaveLength(0);
  });

  it("the start link support-<id> asks about that swap, only when it is the chat's own", async () => {
    const { bot } = await desk();
    const user = bot.tg.user();
    const stranger = bot.tg.user();
    const first = await createSwapViaChat(user, "0.5");
    await createSwapViaChat(user, "0.6");
    const theirs = await createSwapViaChat(stranger, "0.7");
    const about = await user.reply(`/start support-${first}`);
    expect(about.text).toContain(`It is about your swap ${first}`);
    const forged = await user.reply(`/start support-${theirs}`);
    expect(forged.text).toContain("not about a particular swap");
    expect(forged.text).not.toContain(theirs);
  });
});

describe("answers", () => {
  it("a member's reply reaches that user, marked as support's, and no other chat", async () => {
    const { bot, agent } = await desk();
    const anna = bot.tg.user({ firstName: "Anna" });
    const bob = bot.tg.user({ firstName: "Bob" });
    const annaTicket = await openTicket(bot, anna, "Anna's problem");
    const bobTicket = await openTicket(bot, bob, "Bob's problem");
    expect(annaTicket.text).toContain("Ticket #1");
    expect(bobTicket.text).toContain("Ticket #2");

    const bobBefore = bob.transcript().length;
    await agent.send("We see your deposit, Anna: payout within the hour", {
      replyTo: annaTicket.messageId,
    });
    const answer = await anna.waitFor("payout within the hour", { timeoutMs: 10_000 });
    expect(answer.text).toMatch(/^💬 Support · ticket #1 \(through this bot\)/);
    await bot.tg.settle(300);
    expect(bob.transcript()).toHaveLength(bobBefore);
    expect(bob.transcript().some((m) => m.text.includes("payout"))).toBe(false);

    // A reply to a later message of Bob's ticket reaches Bob.
    await bob.send("hello?");
    const followUp = await bot.tg.until(
      () => inSupport(bot, "hello?")[0],
      10_000,
      () => new Error("no follow-up"),
    );
    await agent.send("Bob, looking into it", { replyTo: followUp.messageId });
    await bob.waitFor("Bob, looking into it", { timeoutMs: 10_000 });
    expect(anna.transcript().some((m) => m.text.includes("Bob, looking"))).toBe(false);
  });

  it("a member's photo reaches the user as a copy, marked as support's", async () => {
    const { bot, agent } = await desk();
    const user = bot.tg.user();
    const ticket = await openTicket(bot, user, "how do I add the memo?");
    await agent.sendPhoto("put it here", { replyTo: ticket.messageId });
    const copy = await user.waitFor((m) => m.photo, { timeoutMs: 10_000 });
    expect(copy.method).toBe("copyMessage");
    expect(copy.text).toContain("Support · ticket #1");
    expect(copy.text).toContain("put it here");
  });

  it("does not pass on what a non-member writes, nor the group's other talk", async () => {
    const { bot, agent } = await desk();
    const outsider = bot.tg.user({
      firstName: "Mallory",
      chat: { id: SUPPORT, type: "supergroup", title: "Support" },
      member: false,
    });
    const user = bot.tg.user();
    const ticket = await openTicket(bot, user, "my swap is late");
    const before = user.transcript().length;

    await outsider.send("Send 0.1 BTC to verify your wallet", { replyTo: ticket.messageId });
    await agent.send("lunch anyone?");
    await bot.tg.settle(500);
    await bot.tg.until(
      () => (bot.logs.some((l) => l.includes("non-member")) ? true : undefined),
      5_000,
      () => new Error("the non-member's message was not looked at"),
    );
    expect(user.transcript()).toHaveLength(before);

    // A member who left cannot answer either.
    bot.tg.leave(SUPPORT, agent.id);
    await agent.send("psst, I left", { replyTo: ticket.messageId });
    await bot.tg.settle(500);
    expect(user.transcript()).toHaveLength(before);
    expect(user.transcript().some((m) => m.text.includes("verify"))).toBe(false);
  });
});

describe("closing a ticket", () => {
  it("/close in reply closes it and tells the user; the user's next words go nowhere near it", async () => {
    const { bot, agent } = await desk();
    const user = bot.tg.user();
    const ticket = await openTicket(bot, user, "all good now?");
    await agent.send("/close", { replyTo: ticket.messageId });
    await agent.waitFor("#1 is closed; the user is told");
    await user.waitFor("Support closed ticket #1", { timeoutMs: 10_000 });
    const hint = await user.reply("thanks!");
    expect(hint.text).not.toContain("ticket");
    await bot.tg.settle(300);
    expect(inSupport(bot, "thanks!")).toHaveLength(0);

    await agent.send("one more word", { replyTo: ticket.messageId });
    await agent.waitFor("#1 is closed: the user does not get this");
  });

  it("the user closes it with the button, and support is told", async () => {
    const { bot } = await desk();
    const user = bot.tg.user();
    await openTicket(bot, user, "never mind");
    await user.press("Close ticket #1");
    await user.waitFor("Ticket #1 is closed");
    await bot.tg.until(
      () => inSupport(bot, "the user closed the ticket")[0],
      10_000,
      () => new Error("support was not told"),
    );
  });

  it("a user cannot close another chat's ticket", async () => {
    const { bot } = await desk();
    const anna = bot.tg.user();
    const bob = bot.tg.user();
    await openTicket(bot, anna, "Anna's");
    await bob.send("/start");
    await bob.answer();
    const query = await bob.pressRaw(bob.lastBotMessage()!.messageId, "supx:1");
    expect((await bob.callbackAnswer(query)).text).toBe("This button is no longer active.");
    await bot.tg.settle(300);
    expect(inSupport(bot, "the user closed the ticket")).toHaveLength(0);
    expect((await bot.app.repos.support.ticket(1))?.state).toBe("open");
  });
});

describe("forum supergroups", () => {
  it("give each ticket a topic: its messages go there, and any message in it answers", async () => {
    const { bot, agent } = await desk({}, { forum: true });
    const user = bot.tg.user({ firstName: "Dana" });
    const ticket = await openTicket(bot, user, "in a topic please");
    const [topic] = bot.tg.topics(SUPPORT);
    expect(topic?.name).toBe("#1 · Dana");
    expect(ticket.threadId).toBe(topic!.threadId);
    expect(ticket.text).toContain("Write in this topic");

    await user.send("a follow-up");
    const followUp = await bot.tg.until(
      () => inSupport(bot, "a follow-up")[0],
      10_000,
      () => new Error("no follow-up"),
    );
    expect(followUp.threadId).toBe(topic!.threadId);

    await agent.send("Answer in the topic, not a reply", { threadId: topic!.threadId });
    await user.waitFor("Answer in the topic, not a reply", { timeoutMs: 10_000 });

    await agent.send("/close", { threadId: topic!.threadId });
    await user.waitFor("Support closed ticket #1", { timeoutMs: 10_000 });
    await bot.tg.until(
      () => (bot.tg.topics(SUPPORT)[0]?.closed ? true : undefined),
      5_000,
      () => new Error("the ticket's topic stayed open"),
    );
  });
});

describe("a forum where the bot may not make topics", () => {
  it("gets the ticket in its general topic, answered by replies", async () => {
    const { bot, agent } = await desk({}, { forum: true });
    bot.tg.failNext("createForumTopic", {
      errorCode: 400,
      description: "Bad Request: not enough rights to create a topic",
    });
    const user = bot.tg.user();
    const ticket = await openTicket(bot, user, "no topic for me");
    expect(ticket.threadId).toBeUndefined();
    expect(ticket.text).toContain("Reply to a message of this ticket");
    await agent.send("answered from the general topic", { replyTo: ticket.messageId });
    await user.waitFor("answered from the general topic", { timeoutMs: 10_000 });
  });
});

describe("a Telegram that cannot say more", () => {
  it("a failing getChat sends the ticket as to a plain group", async () => {
    const { bot, agent } = await desk();
    bot.tg.failNext("getChat", { errorCode: 500, description: "Internal Server Error" });
    const user = bot.tg.user();
    const ticket = await openTicket(bot, user, "can you hear me?");
    expect(ticket.text).toContain("Reply to a message of this ticket");
    await agent.send("loud and clear", { replyTo: ticket.messageId });
    await user.waitFor("loud and clear", { timeoutMs: 10_000 });
  });

  it("a getChatMember that keeps failing counts the writer as no member: no close, no answer, a log line; once Telegram answers, the member is heard", async () => {
    const clock = new TestClock();
    const { bot, agent } = await desk({}, { clock });
    const user = bot.tg.user();
    const ticket = await openTicket(bot, user, "close me if you can", clock);
    bot.tg.failNext("getChatMember", {
      errorCode: 500,
      description: "Internal Server Error",
      times: 1_000,
    });
    await agent.send("/close", { replyTo: ticket.messageId });
    const closedForUser = () =>
      user.transcript().some((m) => m.text.includes("Support closed ticket"));
    await clock.until(
      () => bot.logs.some((l) => l.includes("could not check membership")) || closedForUser(),
      3 * 60_000,
      "the membership check given up (or the ticket closed)",
    );
    expect((await bot.app.repos.support.ticket(1))?.state).toBe("open");
    // A refusal (a 4xx, not tried again) counts the writer out too.
    bot.tg.clearFailures("getChatMember");
    bot.tg.failNext("getChatMember", {
      errorCode: 400,
      description: "Bad Request: method not found",
    });
    await agent.send("an answer nobody checked", { replyTo: ticket.messageId });
    await bot.tg.until(
      () =>
        bot.logs.filter((l) => l.includes("could not check membership")).length >= 2
          ? true
          : undefined,
      10_000,
      () => new Error("the second check never failed"),
    );
    await clock.advance(60_000);
    await bot.tg.settle(300);
    expect((await bot.app.repos.support.ticket(1))?.state).toBe("open");
    expect(closedForUser()).toBe(false);
    expect(user.transcript().some((m) => m.text.includes("an answer nobody checked"))).toBe(false);
    // Telegram answers again: the member's answer is taken.
    await agent.send("now you hear me", { replyTo: ticket.messageId });
    await clock.until(
      () => user.transcript().some((m) => m.text.includes("now you hear me")),
      60_000,
      "the member's answer",
    );
  });
});

describe("bounds", () => {
  it("a flood gets one polite answer and only the first messages reach support", async () => {
    // The desk's pace towards the support chat runs on a clock the test moves.
    const clock = new TestClock();
    const { bot } = await desk({}, { clock });
    const user = bot.tg.user({ firstName: "Flo" });
    await openTicket(bot, user, "message 0", clock);
    for (let i = 1; i <= 10; i++) await user.send(`message ${i}`);
    await user.waitFor("writing faster than support can read");
    await bot.tg.settle(300);
    const polite = user.transcript().filter((m) => m.text.includes("writing faster"));
    expect(polite).toHaveLength(1);
    // The first message and five follow-ups make the limit of six a minute.
    await clock.until(
      () => bot.tg.sentTo(SUPPORT).filter((m) => m.text.startsWith("🎫 #1 · Flo")).length === 5,
      60_000,
      "the follow-ups under the limit",
    );
    // A minute more of the desk's time: nothing else was queued for support.
    await clock.advance(60_000);
    const passed = bot.tg.sentTo(SUPPORT).map((m) => m.text);
    expect(passed.filter((t) => /message \d+/.test(t))).toHaveLength(6);
    expect(passed.some((t) => t.includes("message 6"))).toBe(false);
    expect(passed.some((t) => t.includes("message 10"))).toBe(false);
  });

  it("closing and opening again: a chat opens at most three tickets an hour, then /support says when it may again", async () => {
    const { bot } = await desk();
    const user = bot.tg.user();
    for (let n = 1; n <= 3; n++) {
      await openTicket(bot, user, `ticket number ${n}`);
      await user.press(`Close ticket #${n}`);
      await user.waitFor(`Ticket #${n} is closed`);
    }
    const refused = await user.reply("/support");
    expect(refused.text).toContain("as many tickets in the last hour");
    expect(refused.text).toMatch(/open a new one in about (59|60) min/);
    // Nothing is drafted: the next words are no ticket.
    const next = await user.reply("ticket number 4");
    expect(next.text).not.toContain("Support has your message");
    await bot.tg.settle(300);
    expect(inSupport(bot, "ticket number 4")).toHaveLength(0);
    expect(await bot.app.repos.support.openedSince(user.chatId, 0)).toHaveLength(3);
  });

  it("one user's burst shares the support chat's pace: another user's new ticket goes out next, not after the burst", async () => {
    const clock = new TestClock();
    const { bot } = await desk({}, { clock });
    const flo = bot.tg.user({ firstName: "Flo" });
    await openTicket(bot, flo, "first words", clock);
    for (let i = 1; i <= 5; i++) await flo.send(`burst ${i}`);
    await flo.waitFor(
      (m) =>
        m.text.includes("Added to ticket #1") &&
        flo.transcript().filter((t) => t.text.includes("Added to ticket #1")).length === 5,
      { timeoutMs: 10_000 },
    );
    const anna = bot.tg.user({ firstName: "Anna" });
    await openTicket(bot, anna, "my new ticket", clock);
    const order = bot.tg.sentTo(SUPPORT).map((m) => m.text);
    const annasAt = order.findIndex((t) => t.includes("my new ticket"));
    const burstsBefore = order.slice(0, annasAt).filter((t) => /burst \d/.test(t));
    expect(burstsBefore.length).toBeLessThanOrEqual(1);
    // Flo's burst still goes out whole, in order.
    await clock.until(
      () => bot.tg.sentTo(SUPPORT).some((m) => m.text.includes("burst 5")),
      60_000,
      "the rest of the burst",
    );
    const bursts = bot.tg
      .sentTo(SUPPORT)
      .map((m) => /burst (\d)/.exec(m.text)?.[1])
      .filter(Boolean);
    expect(bursts).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("/stats counts the open tickets and the oldest one's age", async () => {
    const { bot } = await desk({ ADMIN_CHAT_IDS: "424242" });
    const admin = bot.tg.user({ id: 424242 });
    const user = bot.tg.user();
    await openTicket(bot, user, "help");
    const stats = await admin.reply("/stats");
    expect(stats.text).toMatch(/Support: 1 open tickets, the oldest opened \d+ s ago/);
  });
});

describe("contact buttons", () => {
  it("a finished card and /status of a finished swap offer Contact support, about that swap", async () => {
    const { bot } = await desk();
    const user = bot.tg.user();
    const id = await createSwapViaChat(user);
    await createSwapViaChat(user, "0.6");
    bot.sandbox.control.setStatus(id, "overdue");
    const card = await user.waitFor(
      (m) => m.edited && m.text.includes(id) && m.replyMarkup !== undefined,
      { timeoutMs: 10_000 },
    );
    expect(card.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toContain(
      "🆘 Contact support",
    );
    await user.press("Contact support", { messageId: card.messageId });
    // About the expired swap, not the chat's latest.
    const ask = await user.waitFor("What went wrong?");
    expect(ask.text).toContain(id);

    const status = await user.reply(`/status ${id}`);
    expect(status.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toContain(
      "🆘 Contact support",
    );
  });

  it("the deposit message says that support never writes first", async () => {
    const { bot } = await desk();
    const user = bot.tg.user();
    await createSwapViaChat(user);
    const deposit = user.transcript().find((m) => m.text.includes("Swap created"))!;
    expect(deposit.text).toContain("Support never writes to you first");
    expect(deposit.text).toContain("seed phrases");
  });
});

describe("trust and contact", () => {
  it("/help says that support never writes first and never asks for keys, and that its answers come here marked “Support”", async () => {
    const { bot } = await desk();
    const help = await bot.tg.user().reply("/help");
    expect(help.text).toContain("Support never writes to you first");
    expect(help.text).toContain("keys, seed phrase");
    expect(help.text).toContain("marked “Support”");
    expect(help.text).toContain("/support");
  });

  it("without a support chat, /support gives the operator's contact and promises no answers in this chat", async () => {
    h = await startHarness({ env: { SUPPORT_CONTACT: "@swap_helpdesk" } });
    const answer = await h.tg.user().reply("/support");
    expect(answer.text).toContain("write to @swap_helpdesk");
    expect(answer.text).toContain("never writes to you first");
    expect(answer.text).not.toContain("marked “Support”");
  });

  it("without a support chat or a contact, /support says there is none, and neither it nor /help promises answers marked “Support”", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const answer = await user.reply("/support");
    expect(answer.text).toContain("no support desk");
    expect(answer.text).toContain("Support never writes to you first");
    expect(answer.text).toContain("seed phrase");
    expect(answer.text).not.toContain("Its answers come only in this chat");
    const help = await user.reply("/help");
    expect(help.text).toContain("Support never writes to you first");
    expect(help.text).not.toContain("marked “Support”");
  });
});

describe("durability", () => {
  it("a ticket the support chat refuses (the bot not in it yet) waits and arrives later, once", async () => {
    // The desk's retry after the refusal comes on a clock the test moves.
    const clock = new TestClock();
    const { bot } = await desk({}, { clock });
    bot.tg.failNext("sendMessage", {
      errorCode: 403,
      description: "Forbidden: bot is not a member of the supergroup chat",
      chatId: SUPPORT,
    });
    const user = bot.tg.user();
    await user.send("/support");
    await user.waitFor("What went wrong?");
    await user.send("is anyone there?");
    await user.waitFor("Support has your message");
    await clock.until(
      () => inSupport(bot, "is anyone there?").length > 0,
      60_000,
      "the refused ticket's arrival",
    );
    // Ten minutes more of the desk's time: it went out once.
    await clock.advance(10 * 60_000);
    expect(inSupport(bot, "Ticket #1")).toHaveLength(1);
    expect(bot.logs.some((l) => l.includes("the support chat refused"))).toBe(true);
  });

  it("an answer to the ticket's message before the bot has recorded sending it reaches the user", async () => {
    const { bot, agent } = await desk();
    const user = bot.tg.user();
    // The ticket's message is in the support chat, Telegram's answer (its id) not yet with the bot.
    const held = bot.tg.holdNext("sendMessage", SUPPORT);
    await user.send("/support");
    await user.waitFor("What went wrong?");
    await user.send("quick one");
    await held.arrived;
    const ticket = inSupport(bot, "Ticket #1")[0]!;
    await agent.send("quick answer", { replyTo: ticket.messageId });
    // The reply is the ticket's: its answer is queued behind the ticket's message.
    try {
      await until(
        async () => (await bot.app.repos.support.pendingCount()) === 2,
        10_000,
        "the answer queued for the ticket",
      );
    } finally {
      held.release();
    }
    await user.waitFor("quick answer", { timeoutMs: 10_000 });
    expect(inSupport(bot, "Ticket #1")).toHaveLength(1);
  });

  it("an answer to a ticket's message whose sending the bot could not record reaches the user", async () => {
    const clock = new TestClock();
    const { bot, agent } = await desk({}, { clock });
    const user = bot.tg.user();
    // Telegram takes the ticket's message and the connection breaks before its answer: the bot
    // cannot know, and sends the ticket again later (at least once).
    bot.tg.dropNext("sendMessage", { chatId: SUPPORT });
    await user.send("/support");
    await user.waitFor("What went wrong?");
    await user.send("lost in the wires");
    await user.waitFor("Support has your message");
    await clock.until(
      () => inSupport(bot, "Ticket #1").length === 2,
      60_000,
      "the ticket sent again",
    );
    // The team answers the first copy, the one the bot has no record of.
    const first = inSupport(bot, "Ticket #1")[0]!;
    await agent.send("answer to the first copy", { replyTo: first.messageId });
    await user.waitFor("answer to the first copy", { timeoutMs: 10_000 });
    expect(inSupport(bot, "Ticket #1")).toHaveLength(2);
  });

  it("a restart between the ticket and the answer loses nothing", async () => {
    const { bot, agent } = await desk();
    const user = bot.tg.user();
    const ticket = await openTicket(bot, user, "before the restart");
    await bot.app.stop();
    // The answer comes while the bot is down; the next start takes it and delivers it.
    await agent.send("answered while you were away", { replyTo: ticket.messageId });
    bot.app = await startApp(
      loadConfig({
        BOT_TOKEN: bot.tg.token,
        TELEGRAM_API_ROOT: bot.tg.apiRoot,
        EXCHANGE_API_URL: bot.sandbox.url,
        EXCHANGE_API_KEY: bot.sandbox.apiKey,
        DATABASE_PATH: bot.dbPath,
        SUPPORT_CHAT_ID: String(SUPPORT),
      }),
      pino({ level: "silent" }),
    );
    await user.waitFor("answered while you were away", { timeoutMs: 15_000 });
    await user.send("and after it");
    await bot.tg.until(
      () => inSupport(bot, "and after it")[0],
      10_000,
      () => new Error("the follow-up after the restart did not arrive"),
    );
    expect(inSupport(bot, "Ticket #1")).toHaveLength(1);
  });
});

describe("several instances (PostgreSQL)", () => {
  it("two instances deliver every message once, across the leader's stop", async () => {
    const tg = await startFakeTelegram();
    const sandbox = await startSandbox({ schedule: false, limits: false });
    const database = await freshPostgresDatabase();
    const apps: App[] = [];
    try {
      const config = loadConfig({
        BOT_TOKEN: tg.token,
        TELEGRAM_API_ROOT: tg.apiRoot,
        EXCHANGE_API_URL: sandbox.url,
        EXCHANGE_API_KEY: sandbox.apiKey,
        DATABASE_URL: database.url,
        SUPPORT_CHAT_ID: String(SUPPORT),
        STATUS_POLL_INTERVAL_MS: "200",
      });
      for (let i = 0; i < 2; i++) apps.push(await startApp(config, pino({ level: "silent" })));
      await tg.waitForPolling(30_000);
      const agent = tg.user({ chat: { id: SUPPORT, type: "supergroup", title: "Support" } });
      const user = tg.user();
      const once = (chatId: number, words: string) =>
        tg.until(
          () => (tg.sentTo(chatId).some((m) => m.text.includes(words)) ? true : undefined),
          20_000,
          () => new Error(`"${words}" never reached chat ${chatId}`),
        );

      await user.send("/support");
      await user.waitFor("What went wrong?", { timeoutMs: 10_000 });
      await user.send("two of you?");
      await user.waitFor("Support has your message", { timeoutMs: 10_000 });
      await once(SUPPORT, "two of you?");
      const ticket = tg.sentTo(SUPPORT).find((m) => m.text.includes("Ticket #1"))!;
      await agent.send("first answer", { replyTo: ticket.messageId });
      await once(user.chatId, "first answer");

      // The first one started leads: it stops, the other takes the lead and the desk goes on.
      await apps.shift()!.stop();
      await tg.waitForPolling(30_000);
      await user.send("still there?");
      await once(SUPPORT, "still there?");
      await agent.send("second answer", { replyTo: ticket.messageId });
      await once(user.chatId, "second answer");
      await tg.settle(1_500, 20_000);

      const count = (chatId: number, words: string) =>
        tg.sentTo(chatId).filter((m) => m.text.includes(words)).length;
      expect(count(SUPPORT, "Ticket #1")).toBe(1);
      expect(count(SUPPORT, "still there?")).toBe(1);
      expect(count(user.chatId, "first answer")).toBe(1);
      expect(count(user.chatId, "second answer")).toBe(1);
    } finally {
      for (const app of apps) await app.stop();
      await tg.close();
      await sandbox.close();
      await database.drop();
    }
  });
});

describe("long words", () => {
  it("words cut for length are cut between whole characters: an emoji at the cut reaches support whole", async () => {
    const clock = new TestClock();
    const { bot } = await desk({}, { clock });
    const user = bot.tg.user({ firstName: "Emo" });
    // 3,499 letters, then an emoji across the 3,500th code unit: the cut of a piece.
    const words = `${"a".repeat(3_499)}😀${"b".repeat(200)}`;
    await openTicket(bot, user, words, clock);
    await clock.until(
      () => inSupport(bot, "b".repeat(200)).length > 0,
      60_000,
      "the words after the cut",
    );
    const parts = bot.tg.sentTo(SUPPORT).filter((m) => m.text.startsWith("🎫 #1 · Emo"));
    const joined = parts.map((m) => m.text.replace(/^🎫 #1 · Emo:\n/, "")).join("");
    expect(joined).toBe(words);
    expect(bot.logs.some((l) => l.includes("must be encoded in UTF-8"))).toBe(false);
  });

  it("a message Telegram refuses for what it says is dropped with a log line, and the ticket's next messages go on", async () => {
    const clock = new TestClock();
    const { bot } = await desk({}, { clock });
    const user = bot.tg.user();
    await openTicket(bot, user, "first words", clock);
    bot.tg.failNext("sendMessage", {
      errorCode: 400,
      description: 'Bad Request: can\'t parse entities: Unsupported start tag "x" at byte offset 3',
      chatId: SUPPORT,
    });
    expect((await user.reply("refused words")).text).toContain("Added to ticket #1");
    expect((await user.reply("next words")).text).toContain("Added to ticket #1");
    await clock.until(() => inSupport(bot, "next words").length === 1, 60_000, "the next words");
    // However long the desk goes on, the refused row is not tried again.
    await clock.advance(30 * 60_000);
    expect(inSupport(bot, "refused words")).toHaveLength(0);
    expect(
      bot.tg.callsTo("sendMessage").filter((c) => String(c.params.text).includes("refused words")),
    ).toHaveLength(1);
    expect(bot.logs.some((l) => l.includes("refused a message for what it says"))).toBe(true);
  });

  it("a ticket opened with 4000 characters reaches support whole, in messages Telegram takes", async () => {
    const { bot, agent } = await desk();
    const user = bot.tg.user({ firstName: "Long" });
    const words = `${"a <b>ig</b> & long story ".repeat(170)}THE END`;
    expect(words.length).toBeGreaterThan(4000);
    const ticket = await openTicket(bot, user, words);
    expect(ticket.text).toContain("(long: in the next messages)");
    const parts = await bot.tg.until(
      () => {
        const found = bot.tg.sentTo(SUPPORT).filter((m) => m.text.startsWith("🎫 #1 · Long"));
        return found.some((m) => m.text.endsWith("THE END")) ? found : undefined;
      },
      10_000,
      () => new Error("the long words never arrived whole"),
    );
    expect(parts.length).toBe(2);
    const joined = parts.map((m) => m.text.replace(/^🎫 #1 · Long:\n/, "")).join(" ");
    expect(joined.replace(/\s+/g, " ")).toBe(words.replace(/\s+/g, " ").trim());
    // A long answer reaches the user whole too.
    const answer = `${"x".repeat(3000)} ${"y".repeat(3000)}`;
    await agent.send(answer, { replyTo: ticket.messageId });
    await user.waitFor((m) => m.text.includes("y".repeat(3000)), { timeoutMs: 10_000 });
    const answers = user.transcript().filter((m) => m.text.startsWith("💬 Support"));
    expect(answers).toHaveLength(2);
  });
});
