import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { autoRetry } from "@grammyjs/auto-retry";
import {
  Bot,
  GrammyError,
  HttpError,
  InlineKeyboard,
  InlineQueryResultBuilder,
  InputFile,
  webhookCallback,
} from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  buttonsOf,
  copyButtonsOf,
  type FakeTelegram,
  startFakeTelegram,
} from "../../tools/fake-telegram/fake-telegram.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Bytes that would break a text-based multipart parser: CR LF, dashes, a high byte, a NUL. */
const IMAGE = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]),
  Buffer.from("\r\n--not-a-boundary\r\n\r\n"),
  Buffer.alloc(2048, 0xab),
]);

let tg: FakeTelegram;
let bot: Bot | undefined;
let botErrors: unknown[];

/** A small real grammY bot covering what the rig must support. */
function buildBot(): Bot {
  const b = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
  b.command("start", (ctx) =>
    ctx.reply(`<b>Welcome</b>, ${ctx.from?.first_name}! Payload: ${ctx.match || "none"}`, {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Confirm ✅", "confirm").text("Cancel", "cancel"),
    }),
  );
  b.callbackQuery("confirm", async (ctx) => {
    await ctx.answerCallbackQuery({ text: "Done" });
    await ctx.editMessageText("Confirmed: you will <i>receive</i> it", {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Again", "again"),
    });
  });
  b.callbackQuery("cancel", (ctx) => ctx.answerCallbackQuery());
  b.on("callback_query:data", (ctx) =>
    ctx.answerCallbackQuery({ text: `unknown: ${ctx.callbackQuery.data}`, show_alert: true }),
  );
  b.command("photo", (ctx) =>
    ctx.replyWithPhoto(new InputFile(IMAGE, "qr.png"), {
      caption: "Scan <code>this</code>",
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Done", "done"),
    }),
  );
  b.command("steps", async (ctx) => {
    const first = await ctx.reply("Working…");
    await sleep(60);
    await ctx.api.editMessageText(ctx.chat.id, first.message_id, "Still working…");
    await sleep(60);
    await ctx.reply("Finished: you receive 1 BTC");
  });
  b.on("inline_query", async (ctx) => {
    const query = ctx.inlineQuery.query;
    if (query === "too many") {
      const many = Array.from({ length: 51 }, (_, i) =>
        InlineQueryResultBuilder.article(`m${i}`, "x").text("x"),
      );
      await ctx.answerInlineQuery(many);
      return;
    }
    const all = Array.from({ length: 70 }, (_, i) =>
      InlineQueryResultBuilder.article(`r${i}`, `${query.toUpperCase()} #${i}`).text(
        `<b>${query}</b> ${i}`,
        {
          parse_mode: "HTML",
        },
      ),
    );
    const offset = Number(ctx.inlineQuery.offset || 0);
    await ctx.answerInlineQuery(all.slice(offset, offset + 50), {
      next_offset: offset + 50 < all.length ? String(offset + 50) : "",
      cache_time: 0,
    });
  });
  b.on("message:text", (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
  b.catch(({ error }) => {
    botErrors.push(error);
  });
  return b;
}

async function startBot(b: Bot = buildBot()): Promise<Bot> {
  bot = b;
  void b.start({ drop_pending_updates: false });
  await tg.waitForPolling();
  return b;
}

beforeEach(async () => {
  tg = await startFakeTelegram();
  botErrors = [];
});

afterEach(async () => {
  if (bot?.isRunning()) await bot.stop();
  bot = undefined;
  await tg.close();
});

describe("the Bot API surface a real grammY bot sees", () => {
  it("getMe describes the bot; a wrong token gets 401 Unauthorized", async () => {
    const b = await startBot();
    expect(b.botInfo).toMatchObject({
      username: "swap_test_bot",
      is_bot: true,
      supports_inline_queries: true,
    });
    expect(b.botInfo.id).toBe(tg.botId);
    const wrong = new Bot("123:wrong", { client: { apiRoot: tg.apiRoot } });
    await expect(wrong.init()).rejects.toMatchObject({
      error_code: 401,
      description: "Unauthorized",
    });
  });

  it("records every call with its parameters, time and answer", async () => {
    const b = await startBot();
    const before = Date.now();
    await b.api.sendMessage(42, "hello");
    const call = tg.callsTo("sendMessage").at(-1)!;
    expect(call.params).toMatchObject({ chat_id: 42, text: "hello" });
    expect(call.at).toBeGreaterThanOrEqual(before);
    expect(call.response).toMatchObject({
      ok: true,
      result: { message_id: 1, text: "hello", chat: { id: 42 } },
    });
    expect(tg.calls.some((c) => c.method === "getUpdates")).toBe(false);
    expect(tg.polls.length).toBeGreaterThan(0);
  });

  it("unknown methods succeed with true; commands and menu buttons are stored", async () => {
    const b = await startBot();
    expect(await b.api.raw.leaveChat({ chat_id: 1 })).toBe(true);
    await b.api.setMyCommands([{ command: "rate", description: "A quote" }]);
    await b.api.setMyCommands([{ command: "taux", description: "Un devis" }], {
      language_code: "fr",
    });
    expect(await b.api.getMyCommands()).toEqual([{ command: "rate", description: "A quote" }]);
    expect(tg.commands(undefined, "fr")).toEqual([{ command: "taux", description: "Un devis" }]);
    await b.api.deleteMyCommands();
    expect(await b.api.getMyCommands()).toEqual([]);
    await expect(
      b.api.setMyCommands([{ command: "Bad-Name", description: "x" }]),
    ).rejects.toMatchObject({
      error_code: 400,
    });
    await b.api.setChatMenuButton({ menu_button: { type: "commands" } });
    expect(await b.api.getChatMenuButton()).toEqual({ type: "commands" });
    await b.api.sendChatAction(7, "typing");
    expect(tg.chatActions(7)).toEqual(["typing"]);
  });
});

describe("users driving the bot", () => {
  it("send: a /command carries its bot_command entity; reply returns the bot's prompt", async () => {
    await startBot();
    const alice = tg.user({ firstName: "Alice" });
    const prompt = await alice.reply("/start deep42");
    expect(prompt.text).toBe("Welcome, Alice! Payload: deep42");
    expect(prompt.raw).toContain("<b>Welcome</b>");
    expect(prompt.entities).toEqual([{ type: "bold", offset: 0, length: 7 }]);
    expect(buttonsOf(prompt).map((b) => b.text)).toEqual(["Confirm ✅", "Cancel"]);
    const echo = await alice.reply("just text");
    expect(echo.text).toBe("echo: just text");
  });

  it("reply waits for the bot to go quiet and returns the last message sent or edited", async () => {
    await startBot();
    const alice = tg.user();
    const answer = await alice.reply("/steps");
    expect(answer.text).toBe("Finished: you receive 1 BTC");
    expect(alice.transcript().map((m) => [m.text, m.edited])).toEqual([
      ["Still working…", true],
      ["Finished: you receive 1 BTC", false],
    ]);
    expect(alice.lastBotMessage()?.text).toContain("Finished");
  });

  it("waitFor finds the first matching message after the last action, edits included", async () => {
    await startBot();
    const alice = tg.user();
    await alice.send("/steps");
    const edited = await alice.waitFor((m) => m.text.startsWith("Still"));
    expect(edited.edited).toBe(true);
    const done = await alice.waitFor(/receive \d BTC/);
    expect(done.text).toContain("Finished");
    await alice.send("/start");
    await expect(alice.waitFor("Finished", { timeoutMs: 300 })).rejects.toThrow(
      /transcript:[\s\S]*Finished/,
    );
  });

  it("press waits for the button, queues its callback data, and the bot's answer is readable", async () => {
    await startBot();
    const alice = tg.user();
    await alice.send("/start");
    const queryId = await alice.press("Confirm");
    expect(await alice.callbackAnswer(queryId)).toMatchObject({
      callback_query_id: queryId,
      text: "Done",
    });
    const edited = await alice.waitFor((m) => m.edited);
    expect(edited.text).toBe("Confirmed: you will receive it");
    expect(buttonsOf(edited)).toEqual([{ text: "Again", data: "again" }]);
    const [card] = alice.transcript();
    expect(card?.messageId).toBe(edited.messageId);
    expect(card?.edited).toBe(true);
    // Only buttons shown or changed since the last action (the press) count as fresh.
    await expect(alice.press("Cancel", { fresh: true, timeoutMs: 200 })).rejects.toThrow(
      /no button/,
    );
    const again = await alice.press("Again", { fresh: true });
    expect((await alice.callbackAnswer(again)).text).toBe("unknown: again");
  });

  it("press by callback data or on a given message; a missing button lists the visible ones", async () => {
    await startBot();
    const alice = tg.user();
    const first = await alice.reply("/start");
    await alice.reply("/start");
    const byData = await alice.press("cancel", { match: "data", messageId: first.messageId });
    expect((await alice.callbackAnswer(byData)).text).toBeUndefined();
    const update = tg.deliveredUpdates().findLast((u) => u.callback_query)!;
    expect(update.callback_query?.message?.message_id).toBe(first.messageId);
    await expect(alice.press("Nope", { timeoutMs: 200 })).rejects.toThrow(
      /\[Confirm ✅ → confirm\] \[Cancel → cancel\]/,
    );
  });

  it("pressRaw sends forged data on any message id", async () => {
    await startBot();
    const mallory = tg.user();
    const queryId = await mallory.pressRaw(999, "st:someone-elses-id");
    const answer = await mallory.callbackAnswer(queryId);
    expect(answer).toMatchObject({ text: "unknown: st:someone-elses-id", show_alert: true });
  });

  it("a callback query can be answered once; a second answer is refused as Telegram does", async () => {
    const b = await startBot();
    const alice = tg.user();
    await alice.reply("/start");
    const queryId = await alice.press("Cancel");
    await alice.callbackAnswer(queryId);
    await expect(b.api.answerCallbackQuery(queryId)).rejects.toMatchObject({
      error_code: 400,
      description:
        "Bad Request: query is too old and response timeout expired or query ID is invalid",
    });
  });

  it("inlineQuery resolves with the answer; offsets page; more than 50 results is refused", async () => {
    await startBot();
    const alice = tg.user();
    const page1 = await alice.inlineQuery("btc");
    expect(page1.results).toHaveLength(50);
    expect(page1.results[0]).toMatchObject({ id: "r0", type: "article", title: "BTC #0" });
    expect(page1.next_offset).toBe("50");
    expect(page1.cache_time).toBe(0);
    const page2 = await alice.inlineQuery("btc", { offset: "50" });
    expect(page2.results).toHaveLength(20);
    await expect(alice.inlineQuery("too many")).rejects.toThrow(/RESULTS_TOO_MUCH/);
    const inline = tg.deliveredUpdates().find((u) => u.inline_query)!.inline_query!;
    expect(inline).toMatchObject({ query: "btc", chat_type: "sender", from: { id: alice.id } });
    await alice.chooseInlineResult("r3", "btc");
    expect(tg.deliveredUpdates().at(-1)?.chosen_inline_result).toMatchObject({
      result_id: "r3",
      query: "btc",
    });
  });

  it("sendPhoto with an uploaded InputFile arrives as multipart: bytes, caption and keyboard kept", async () => {
    const b = await startBot();
    const alice = tg.user();
    const photo = await alice.reply("/photo");
    expect(photo.photo).toBe(true);
    expect(photo.text).toBe("Scan this");
    expect(photo.entities).toEqual([{ type: "code", offset: 5, length: 4 }]);
    expect(photo.photoFile?.source).toBe("upload");
    expect(photo.photoFile?.upload?.filename).toBe("qr.png");
    expect(photo.photoFile?.upload?.data.equals(IMAGE)).toBe(true);
    expect(buttonsOf(photo)).toEqual([{ text: "Done", data: "done" }]);
    expect(tg.sentTo(alice.chatId).filter((m) => m.photo)).toHaveLength(1);
    // The file_id Telegram gave the photo can be sent again as JSON.
    const again = await b.api.sendPhoto(alice.chatId, `${photo.photoFile!.fileId}_800`, {
      caption: "again",
    });
    expect(again.photo?.length).toBeGreaterThan(0);
    await expect(b.api.sendPhoto(alice.chatId, "no-such-file-id")).rejects.toMatchObject({
      description: "Bad Request: wrong file identifier/HTTP URL specified",
    });
    await expect(b.api.editMessageText(alice.chatId, photo.messageId, "x")).rejects.toMatchObject({
      description: "Bad Request: there is no text in the message to edit",
    });
    await b.api.editMessageCaption(alice.chatId, photo.messageId, { caption: "new caption" });
    expect(tg.message(alice.chatId, photo.messageId)?.text).toBe("new caption");
  });

  it("a user in a group: chat, from and /command@bot as Telegram sends them", async () => {
    await startBot();
    const bob = tg.user({
      firstName: "Bob",
      chat: { id: -100500, type: "group", title: "Swappers" },
    });
    const reply = await bob.reply("/start@swap_test_bot");
    expect(reply.chatId).toBe(-100500);
    const update = tg.deliveredUpdates().at(-1)!;
    expect(update.message?.chat).toEqual({ id: -100500, type: "group", title: "Swappers" });
    expect(update.message?.entities).toEqual([{ type: "bot_command", offset: 0, length: 20 }]);
  });

  it("blockBot sends my_chat_member and makes sends answer 403", async () => {
    const b = await startBot();
    const carol = tg.user();
    await carol.blockBot();
    await tg.settle(50);
    expect(tg.deliveredUpdates().at(-1)?.my_chat_member?.new_chat_member.status).toBe("kicked");
    await expect(b.api.sendMessage(carol.chatId, "hi")).rejects.toMatchObject({ error_code: 403 });
    await carol.unblockBot();
    await b.api.sendMessage(carol.chatId, "hi again");
  });
});

describe("groups, forums and copies (the support desk's Telegram)", () => {
  const FORUM = -1_009_000_000_001;

  it("getChatMember answers member for a group's users and left for others or after leaving", async () => {
    const b = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
    const agent = tg.user({ chat: { id: FORUM, type: "supergroup", title: "Desk" } });
    const outsider = tg.user({ chat: { id: FORUM, type: "supergroup" }, member: false });
    expect((await b.api.getChatMember(FORUM, agent.id)).status).toBe("member");
    expect((await b.api.getChatMember(FORUM, outsider.id)).status).toBe("left");
    tg.leave(FORUM, agent.id);
    expect((await b.api.getChatMember(FORUM, agent.id)).status).toBe("left");
  });

  it("forum topics: created only in a forum, sent into, and a thread that is not one is refused", async () => {
    const b = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
    tg.user({ chat: { id: FORUM, type: "supergroup", title: "Desk", isForum: true } });
    tg.user({ chat: { id: -4242, type: "group", title: "Plain" } });
    expect((await b.api.getChat(FORUM)).is_forum).toBe(true);
    await expect(b.api.createForumTopic(-4242, "nope")).rejects.toMatchObject({
      description: "Bad Request: the chat is not a forum",
    });
    const topic = await b.api.createForumTopic(FORUM, "#1 · Anna");
    const sent = await b.api.sendMessage(FORUM, "in the topic", {
      message_thread_id: topic.message_thread_id,
    });
    expect(sent.message_thread_id).toBe(topic.message_thread_id);
    expect(tg.topics(FORUM)).toEqual([
      { chatId: FORUM, threadId: topic.message_thread_id, name: "#1 · Anna", closed: false },
    ]);
    await expect(
      b.api.sendMessage(FORUM, "nowhere", { message_thread_id: 999 }),
    ).rejects.toMatchObject({ description: "Bad Request: message thread not found" });
    await b.api.closeForumTopic(FORUM, topic.message_thread_id);
    expect(tg.topics(FORUM)[0]?.closed).toBe(true);
  });

  it("copyMessage copies a user's photo or document with a new caption, and refuses a missing one", async () => {
    const b = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
    const anna = tg.user();
    tg.user({ chat: { id: FORUM, type: "supergroup", title: "Desk" } });
    await anna.sendPhoto("my wallet");
    const photoId = anna.lastMessageId!;
    await anna.sendDocument("statement.pdf");
    const documentId = anna.lastMessageId!;
    const copy = await b.api.copyMessage(FORUM, anna.chatId, photoId, {
      caption: "<b>#1</b> my wallet",
      parse_mode: "HTML",
    });
    const copied = tg.message(FORUM, copy.message_id)!;
    expect(copied).toMatchObject({ method: "copyMessage", photo: true, text: "#1 my wallet" });
    await b.api.copyMessage(FORUM, anna.chatId, documentId);
    expect(tg.sentTo(FORUM).at(-1)?.document?.fileName).toBe("statement.pdf");
    await expect(b.api.copyMessage(FORUM, anna.chatId, 9_999)).rejects.toMatchObject({
      description: "Bad Request: message to copy not found",
    });
    // The user's messages reach the bot as Telegram sends them.
    const updates = tg.deliveredUpdates().slice(-2);
    expect(updates[0]?.message?.photo?.length).toBeGreaterThan(0);
    expect(updates[0]?.message?.caption).toBe("my wallet");
    expect(updates[1]?.message?.document?.file_name).toBe("statement.pdf");
  });

  it("a reply and a topic message carry reply_to_message and message_thread_id", async () => {
    const b = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
    const agent = tg.user({ chat: { id: FORUM, type: "supergroup", isForum: true } });
    const sent = await b.api.sendMessage(FORUM, "ticket");
    await agent.send("answer", { replyTo: sent.message_id });
    expect(tg.deliveredUpdates().at(-1)?.message?.reply_to_message?.from?.id).toBe(tg.botId);
    const topic = await b.api.createForumTopic(FORUM, "t");
    await agent.send("in topic", { threadId: topic.message_thread_id });
    const message = tg.deliveredUpdates().at(-1)?.message;
    expect(message?.message_thread_id).toBe(topic.message_thread_id);
    expect(message?.is_topic_message).toBe(true);
  });
});

describe("Telegram's validation", () => {
  it("refuses malformed HTML with Telegram's words, and too long texts", async () => {
    const b = await startBot();
    await expect(b.api.sendMessage(1, "<b>bold", { parse_mode: "HTML" })).rejects.toMatchObject({
      error_code: 400,
      description: `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`,
    });
    await expect(
      b.api.sendMessage(1, "1 <div>x</div>", { parse_mode: "HTML" }),
    ).rejects.toMatchObject({
      description: `Bad Request: can't parse entities: Unsupported start tag "div" at byte offset 2`,
    });
    await expect(b.api.sendMessage(1, "a <b>b</i>", { parse_mode: "HTML" })).rejects.toMatchObject({
      description: expect.stringContaining("Unmatched end tag"),
    });
    await expect(b.api.sendMessage(1, "x".repeat(4097))).rejects.toMatchObject({
      description: "Bad Request: message is too long",
    });
    await expect(b.api.sendMessage(1, "   ")).rejects.toMatchObject({
      description: "Bad Request: message text is empty",
    });
    const ok = await b.api.sendMessage(1, `${"&lt;".repeat(4096)}`, { parse_mode: "HTML" });
    expect(ok.text).toBe("<".repeat(4096));
  });

  it("refuses a text with an emoji cut in half (a lone surrogate) as not UTF-8", async () => {
    const b = await startBot();
    const half = "😀".slice(0, 1);
    await expect(b.api.sendMessage(1, `cut ${half}`)).rejects.toMatchObject({
      error_code: 400,
      description: "Bad Request: text must be encoded in UTF-8",
    });
    expect((await b.api.sendMessage(1, "whole 😀")).text).toBe("whole 😀");
  });

  it("refuses callback_data over 64 bytes and text-only inline buttons", async () => {
    const b = await startBot();
    const keyboard = new InlineKeyboard().text("ok", "é".repeat(33));
    await expect(b.api.sendMessage(1, "x", { reply_markup: keyboard })).rejects.toMatchObject({
      description: "Bad Request: BUTTON_DATA_INVALID",
    });
    await b.api.sendMessage(1, "x", {
      reply_markup: new InlineKeyboard().text("ok", "e".repeat(64)),
    });
    await expect(
      b.api.sendMessage(1, "x", {
        reply_markup: { inline_keyboard: [[{ text: "bare" } as never]] },
      }),
    ).rejects.toMatchObject({ error_code: 400 });
  });

  it("records copy_text buttons with what they copy, and refuses an empty or over-256 text", async () => {
    const b = await startBot();
    const sent = await b.api.sendMessage(1, "x", {
      reply_markup: new InlineKeyboard().copyText("📋 Address", "a".repeat(256)).text("ok", "ok"),
    });
    const recorded = tg.message(1, sent.message_id);
    expect(copyButtonsOf(recorded)).toEqual({ "📋 Address": "a".repeat(256) });
    expect(buttonsOf(recorded)).toEqual([
      { text: "📋 Address", copy: "a".repeat(256) },
      { text: "ok", data: "ok" },
    ]);
    for (const text of ["", "a".repeat(257)]) {
      await expect(
        b.api.sendMessage(1, "x", { reply_markup: new InlineKeyboard().copyText("c", text) }),
      ).rejects.toMatchObject({ error_code: 400 });
    }
  });

  it("edits: unknown message, unchanged content, and a real change", async () => {
    const b = await startBot();
    await expect(b.api.editMessageText(1, 77, "x")).rejects.toMatchObject({
      description: "Bad Request: message to edit not found",
    });
    const sent = await b.api.sendMessage(1, "<b>same</b>", { parse_mode: "HTML" });
    await expect(
      b.api.editMessageText(1, sent.message_id, "<b>same</b>", { parse_mode: "HTML" }),
    ).rejects.toMatchObject({
      error_code: 400,
      description: expect.stringMatching(/^Bad Request: message is not modified/),
    });
    // Same visible text but different entities is a change, as in Telegram.
    await b.api.editMessageText(1, sent.message_id, "same");
    await b.api.editMessageReplyMarkup(1, sent.message_id, {
      reply_markup: new InlineKeyboard().text("k", "k"),
    });
    await expect(
      b.api.editMessageReplyMarkup(1, sent.message_id, {
        reply_markup: new InlineKeyboard().text("k", "k"),
      }),
    ).rejects.toMatchObject({ description: expect.stringContaining("message is not modified") });
    expect(tg.message(1, sent.message_id)).toMatchObject({
      text: "same",
      entities: [],
      edited: true,
    });
    await b.api.deleteMessage(1, sent.message_id);
    expect(tg.message(1, sent.message_id)?.deleted).toBe(true);
    await expect(b.api.deleteMessage(1, sent.message_id)).rejects.toMatchObject({
      description: "Bad Request: message to delete not found",
    });
  });
});

describe("fault injection", () => {
  it("a blocked chat answers 403 to every send until unblocked", async () => {
    await startBot();
    const alice = tg.user();
    tg.blockChat(alice.chatId);
    await alice.send("/start");
    await tg.settle(100);
    expect(alice.transcript()).toEqual([]);
    expect(tg.callsTo("sendMessage").at(-1)?.response).toEqual({
      ok: false,
      error_code: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    expect(botErrors).toHaveLength(1);
    expect(botErrors[0]).toBeInstanceOf(GrammyError);
    tg.unblockChat(alice.chatId);
    expect((await alice.reply("/start")).text).toContain("Welcome");
  });

  it("failNext: 429 with retry_after, limited to a chat and a number of times", async () => {
    const b = await startBot();
    tg.failNext("sendMessage", { errorCode: 429, retryAfter: 7, chatId: 5, times: 2 });
    await b.api.sendMessage(6, "other chat is fine");
    for (let i = 0; i < 2; i++) {
      await expect(b.api.sendMessage(5, "x")).rejects.toMatchObject({
        error_code: 429,
        description: "Too Many Requests: retry after 7",
        parameters: { retry_after: 7 },
      });
    }
    await b.api.sendMessage(5, "third time works");
    tg.failNext("editMessageText", { errorCode: 500, description: "Internal Server Error" });
    await expect(b.api.editMessageText(5, 1, "x")).rejects.toMatchObject({ error_code: 500 });
  });

  it("dropNext carries a call out and cuts the connection; clearFailures forgets queued faults", async () => {
    const b = await startBot();
    tg.dropNext("sendMessage", { chatId: 5 });
    await expect(b.api.sendMessage(5, "delivered, unanswered")).rejects.toBeInstanceOf(HttpError);
    expect(tg.sentTo(5).map((m) => m.text)).toEqual(["delivered, unanswered"]);
    await b.api.sendMessage(5, "answered");
    tg.failNext("sendMessage", { errorCode: 500, times: 3 });
    tg.dropNext("sendMessage", { times: 3 });
    tg.clearFailures("sendMessage");
    await b.api.sendMessage(5, "no fault left");
    expect(tg.sentTo(5)).toHaveLength(3);
  });

  it("a 429 with retry_after is honoured by grammY's auto-retry", async () => {
    const b = buildBot();
    b.api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 5 }));
    await startBot(b);
    const alice = tg.user();
    tg.failNext("sendMessage", { errorCode: 429, retryAfter: 1, chatId: alice.chatId });
    const started = Date.now();
    const reply = await alice.reply("/start");
    expect(reply.text).toContain("Welcome");
    const attempts = tg.callsTo("sendMessage");
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("holdNext carries a call out but holds its answer until released", async () => {
    const b = await startBot();
    const held = tg.holdNext("sendMessage", 9);
    const sending = b.api.sendMessage(9, "held");
    await held.arrived;
    expect(tg.sentTo(9).map((m) => m.text)).toEqual(["held"]);
    let answered = false;
    void sending.then(() => {
      answered = true;
    });
    await sleep(50);
    expect(answered).toBe(false);
    held.release();
    expect((await sending).text).toBe("held");
  });
});

describe("updates, polling and lifecycle", () => {
  const call = async (method: string, body: Record<string, unknown> = {}) => {
    const response = await fetch(`${tg.apiRoot}/bot${tg.token}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await response.json()) as {
      ok: boolean;
      result?: unknown;
      error_code?: number;
      description?: string;
    };
  };

  it("getUpdates: in order, offset confirms, limit, long poll woken by a new update", async () => {
    const user = tg.user();
    await user.send("one");
    await user.send("two");
    await user.send("three");
    const first = await call("getUpdates", { limit: 2 });
    const ids = (first.result as Array<{ update_id: number }>).map((u) => u.update_id);
    expect(ids).toEqual([1, 2]);
    const rest = await call("getUpdates", { offset: 3 });
    expect((rest.result as Array<{ update_id: number }>).map((u) => u.update_id)).toEqual([3]);
    expect(tg.pendingUpdates().map((u) => u.update_id)).toEqual([3]);

    const started = Date.now();
    const polling = call("getUpdates", { offset: 4, timeout: 10 });
    await tg.waitForPolling();
    expect(tg.polling).toBe(1);
    await user.send("four");
    const woken = await polling;
    expect((woken.result as Array<{ update_id: number }>).map((u) => u.update_id)).toEqual([4]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(tg.polling).toBe(0);
  });

  it("failNext works on getUpdates too", async () => {
    tg.failNext("getUpdates", { errorCode: 502 });
    expect(await call("getUpdates")).toEqual({
      ok: false,
      error_code: 502,
      description: "Bad Gateway",
    });
    expect(await call("getUpdates")).toEqual({ ok: true, result: [] });
  });

  it("getUpdates honours its timeout when nothing comes", async () => {
    const started = Date.now();
    const empty = await call("getUpdates", { timeout: 1 });
    expect(empty).toEqual({ ok: true, result: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("a second poller ends the first with 409 Conflict, as Telegram does", async () => {
    const first = call("getUpdates", { timeout: 10 });
    await tg.waitForPolling();
    const second = call("getUpdates", { timeout: 1 });
    expect(await first).toMatchObject({
      ok: false,
      error_code: 409,
      description: expect.stringContaining("Conflict"),
    });
    expect((await second).ok).toBe(true);
  });

  it("waitForPolling follows the bot; bot.stop() releases its poll", async () => {
    const b = await startBot();
    expect(tg.polling).toBe(1);
    await b.stop();
    await tg.until(
      () => (tg.polling === 0 ? true : undefined),
      2_000,
      () => new Error("the poll stayed held after bot.stop()"),
    );
    await expect(tg.waitForPolling(200)).rejects.toThrow(/did not start long polling/);
  });

  it("pushUpdate injects a raw update; settle waits until the bot has handled it", async () => {
    await startBot();
    const chat = { id: 31, type: "private" as const, first_name: "Raw" };
    tg.pushUpdate({
      message: {
        message_id: 1,
        date: 0,
        chat,
        from: { id: 31, is_bot: false, first_name: "Raw" },
        text: "raw",
      },
    });
    await tg.settle();
    expect(tg.sentTo(31).map((m) => m.text)).toEqual(["echo: raw"]);
  });

  it("close() answers held polls and does not hang with a bot still polling", async () => {
    const b = await startBot();
    const started = Date.now();
    await tg.close();
    expect(Date.now() - started).toBeLessThan(1000);
    // grammY now gets connection errors; stopping it must not hang either.
    const stopped = await Promise.race([
      b.stop().then(
        () => "stopped",
        () => "stopped",
      ),
      sleep(3000).then(() => "hung"),
    ]);
    expect(stopped).toBe("stopped");
    bot = undefined;
  });

  it("webhook mode: updates are POSTed with the secret; getUpdates is refused meanwhile", async () => {
    const b = buildBot();
    await b.init();
    const handle = webhookCallback(b, "http", { secretToken: "s3cret" });
    const server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      await b.api.setWebhook(url, { secret_token: "s3cret" });
      expect(tg.webhookUrl).toBe(url);
      expect(await call("getUpdates")).toMatchObject({ ok: false, error_code: 409 });
      const alice = tg.user();
      expect((await alice.reply("/start")).text).toContain("Welcome");
      const info = await b.api.getWebhookInfo();
      expect(info).toMatchObject({ url, pending_update_count: 0 });
      await b.api.deleteWebhook();
      expect((await call("getUpdates")).ok).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a webhook answer carrying a method is carried out, as Telegram does", async () => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ method: "sendMessage", chat_id: 55, text: "from the webhook reply" }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await call("setWebhook", {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      });
      tg.user({ id: 55 }).send("hi");
      await tg.settle(50);
      expect(tg.sentTo(55).map((m) => m.text)).toEqual(["from the webhook reply"]);
      expect(tg.callsTo("sendMessage").at(-1)?.viaWebhookReply).toBe(true);
    } finally {
      await call("deleteWebhook");
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
