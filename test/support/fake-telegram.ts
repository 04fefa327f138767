import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { htmlError, visibleText } from "./telegram-html.ts";

/** One Bot API call as the bot made it. */
export interface RecordedCall {
  method: string;
  params: Record<string, unknown>;
  at: number;
}

/** A bot message as the chat shows it now (edits applied). */
export interface BotMessage {
  messageId: number;
  chatId: number;
  /** Visible text (HTML tags removed), or the caption of a photo. */
  text: string;
  /** The text as sent, with markup. */
  raw: string;
  replyMarkup: InlineKeyboardMarkup | undefined;
  photo: boolean;
  edited: boolean;
  deleted: boolean;
}

interface ChatEvent {
  seq: number;
  chatId: number;
  message: BotMessage;
}

interface Failure {
  method: string;
  errorCode: number;
  description: string;
  retryAfter?: number;
  chatId?: number;
  times: number;
}

export interface UserOptions {
  id?: number;
  firstName?: string;
  username?: string;
  languageCode?: string;
  chat?: { id: number; type: "private" | "group" | "supergroup"; title?: string };
}

const BOT_ID = 7_000_000_001;

class TelegramError extends Error {
  constructor(
    readonly code: number,
    description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

/**
 * A fake Telegram Bot API on 127.0.0.1: enough of the real thing (long polling, messages, edits,
 * callback and inline answers, multipart uploads, Telegram's own validation errors) for the real
 * bot to run against it, plus a test API to act as users and read what the bot did.
 */
export class FakeTelegram {
  readonly token = `${BOT_ID}:${randomBytes(18).toString("base64url")}`;
  readonly calls: RecordedCall[] = [];
  apiRoot = "";
  readonly botUsername: string;
  private readonly server = createServer((req, res) => void this.handle(req, res));
  private readonly updates: Update[] = [];
  private readonly delivered: Update[] = [];
  private nextUpdateId = 1;
  private pollers: Array<() => void> = [];
  private pollingWaiters: Array<() => void> = [];
  private heldPolls = 0;
  private readonly chats = new Map<number, Map<number, BotMessage>>();
  private readonly nextMessageId = new Map<number, number>();
  private readonly events: ChatEvent[] = [];
  private eventListeners: Array<() => void> = [];
  private seq = 0;
  private lastCallAt = Date.now();
  private readonly failures: Failure[] = [];
  private readonly holds: Array<{
    method: string;
    chatId?: number;
    arrived: () => void;
    gate: Promise<void>;
  }> = [];
  private readonly blocked = new Set<number>();
  readonly callbackAnswers = new Map<string, Record<string, unknown>>();
  readonly inlineAnswers = new Map<string, Record<string, unknown>>();
  private nextUserId = 1000;
  private nextQueryId = 1;
  private closed = false;

  constructor(options: { botUsername?: string } = {}) {
    this.botUsername = options.botUsername ?? "swap_test_bot";
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.apiRoot = `http://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const release of this.pollers.splice(0)) release();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  // ── Test API ─────────────────────────────────────────────────────────────────────────────

  user(options: UserOptions = {}): FakeUser {
    const id = options.id ?? this.nextUserId++;
    return new FakeUser(
      this,
      {
        id,
        is_bot: false,
        first_name: options.firstName ?? `User${id}`,
        ...(options.username ? { username: options.username } : {}),
        language_code: options.languageCode ?? "en",
      },
      options.chat ?? { id, type: "private" },
    );
  }

  /** Queues an update as Telegram would deliver it (update_id is assigned here). */
  pushUpdate(update: Omit<Update, "update_id"> & { update_id?: number }): number {
    const full = { ...update, update_id: update.update_id ?? this.nextUpdateId++ } as Update;
    this.nextUpdateId = Math.max(this.nextUpdateId, full.update_id + 1);
    this.updates.push(full);
    this.delivered.push(full);
    for (const release of this.pollers.splice(0)) release();
    return full.update_id;
  }

  /** Every update queued so far, in order (to redeliver one, as Telegram sometimes does). */
  deliveredUpdates(): Update[] {
    return [...this.delivered];
  }

  /** Resolves once the bot is long-polling (a getUpdates is being held). */
  waitForPolling(timeoutMs = 10_000): Promise<void> {
    if (this.heldPolls > 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the bot never started polling")), timeoutMs);
      this.pollingWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Resolves when no Bot API call other than getUpdates has come for `ms`. */
  async settle(ms = 200, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const quiet = Date.now() - this.lastCallAt;
      if (quiet >= ms) return;
      await sleep(ms - quiet);
    }
  }

  failNext(
    method: string,
    options: {
      errorCode: number;
      description: string;
      retryAfter?: number;
      chatId?: number;
      times?: number;
    },
  ): void {
    this.failures.push({ method, times: 1, ...options });
  }

  /**
   * The next matching call is carried out (the message appears in the chat) but its answer is held
   * until release(): the moment a crash would lose the bot's record of having sent it.
   */
  holdNext(method: string, chatId?: number): { arrived: Promise<void>; release: () => void } {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = () => {};
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    this.holds.push({ method, chatId, arrived, gate });
    return { arrived: arrival, release };
  }

  blockChat(chatId: number): void {
    this.blocked.add(chatId);
  }

  unblockChat(chatId: number): void {
    this.blocked.delete(chatId);
  }

  /** Messages sent (not edits) to a chat, in order, as they look now. */
  sentTo(chatId: number): BotMessage[] {
    return [...(this.chats.get(chatId)?.values() ?? [])];
  }

  /** @internal Events after `mark` for a chat. */
  eventsSince(chatId: number, mark: number): ChatEvent[] {
    return this.events.filter((e) => e.chatId === chatId && e.seq > mark);
  }

  /** @internal */
  get currentSeq(): number {
    return this.seq;
  }

  /** @internal Waits for the next chat event (or a timeout). */
  nextEvent(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.eventListeners.push(done);
    });
  }

  /** @internal */
  get lastCall(): number {
    return this.lastCallAt;
  }

  /** @internal */
  newQueryId(): string {
    return `q${this.nextQueryId++}`;
  }

  /** @internal */
  newUserMessageId(chatId: number): number {
    const id = this.nextMessageId.get(chatId) ?? 1;
    this.nextMessageId.set(chatId, id + 1);
    return id;
  }

  // ── The Bot API ──────────────────────────────────────────────────────────────────────────

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(req.url ?? "/", "http://x").pathname);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!match) return reply(404, { ok: false, error_code: 404, description: "Not Found" });
    const [, token, method = ""] = match;
    if (token !== this.token)
      return reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
    let params: Record<string, unknown>;
    try {
      params = await readParams(req);
    } catch {
      return reply(400, { ok: false, error_code: 400, description: "Bad Request: invalid body" });
    }
    if (method !== "getUpdates") {
      this.lastCallAt = Date.now();
      this.calls.push({ method, params, at: Date.now() });
    }
    try {
      this.injectedFailure(method, params);
      const result = await this.call(method, params);
      const hold = this.holds.findIndex(
        (h) =>
          h.method === method && (h.chatId === undefined || h.chatId === Number(params.chat_id)),
      );
      if (hold >= 0) {
        const [entry] = this.holds.splice(hold, 1);
        entry?.arrived();
        await entry?.gate;
      }
      if (method !== "getUpdates") this.lastCallAt = Date.now();
      reply(200, { ok: true, result });
    } catch (error) {
      if (error instanceof TelegramError) {
        return reply(error.code, {
          ok: false,
          error_code: error.code,
          description: error.message,
          ...(error.retryAfter !== undefined
            ? { parameters: { retry_after: error.retryAfter } }
            : {}),
        });
      }
      reply(500, {
        ok: false,
        error_code: 500,
        description: `Internal Server Error: ${String(error)}`,
      });
    }
  }

  private injectedFailure(method: string, params: Record<string, unknown>): void {
    const chatId = Number(params.chat_id);
    if (this.blocked.has(chatId) && /^(send|edit|copy|forward)/.test(method)) {
      throw new TelegramError(403, "Forbidden: bot was blocked by the user");
    }
    const index = this.failures.findIndex(
      (f) => f.method === method && (f.chatId === undefined || f.chatId === chatId),
    );
    if (index < 0) return;
    const failure = this.failures[index]!;
    failure.times--;
    if (failure.times <= 0) this.failures.splice(index, 1);
    throw new TelegramError(failure.errorCode, failure.description, failure.retryAfter);
  }

  private async call(method: string, p: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case "getMe":
        return {
          id: BOT_ID,
          is_bot: true,
          first_name: "Swap Test Bot",
          username: this.botUsername,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: true,
        };
      case "getUpdates":
        return this.getUpdates(p);
      case "sendMessage":
        return this.send(p, String(p.text ?? ""), false);
      case "sendPhoto":
        return this.send(p, String(p.caption ?? ""), true);
      case "editMessageText":
        return this.edit(p, { text: String(p.text ?? "") });
      case "editMessageCaption":
        return this.edit(p, { text: String(p.caption ?? "") });
      case "editMessageReplyMarkup":
        return this.edit(p, {});
      case "deleteMessage": {
        const message = this.chats.get(Number(p.chat_id))?.get(Number(p.message_id));
        if (!message) throw new TelegramError(400, "Bad Request: message to delete not found");
        message.deleted = true;
        return true;
      }
      case "answerCallbackQuery":
        this.callbackAnswers.set(String(p.callback_query_id), p);
        return true;
      case "answerInlineQuery": {
        const results = Array.isArray(p.results) ? p.results : [];
        if (results.length > 50)
          throw new TelegramError(400, "Bad Request: too many inline query results specified");
        this.inlineAnswers.set(String(p.inline_query_id), p);
        this.emit(0, undefined);
        return true;
      }
      case "getMyCommands":
        return this.calls.findLast((c) => c.method === "setMyCommands")?.params.commands ?? [];
      case "getWebhookInfo":
        return {
          url: "",
          has_custom_certificate: false,
          pending_update_count: this.updates.length,
        };
      default:
        return true;
    }
  }

  private async getUpdates(p: Record<string, unknown>): Promise<Update[]> {
    const offset = Number(p.offset ?? 0);
    const limit = Math.min(100, Math.max(1, Number(p.limit ?? 100)));
    const timeout = Math.min(Number(p.timeout ?? 0), 50);
    if (offset > 0) {
      while (this.updates.length > 0 && this.updates[0]!.update_id < offset) this.updates.shift();
    }
    if (this.updates.length === 0 && timeout > 0 && !this.closed) {
      this.heldPolls++;
      for (const notify of this.pollingWaiters.splice(0)) notify();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeout * 1000);
        this.pollers.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.heldPolls--;
    }
    return this.updates.filter((u) => u.update_id >= offset).slice(0, limit);
  }

  private validateMarkup(markup: unknown): InlineKeyboardMarkup | undefined {
    if (!markup || typeof markup !== "object" || !("inline_keyboard" in markup)) return undefined;
    const keyboard = markup as InlineKeyboardMarkup;
    for (const row of keyboard.inline_keyboard) {
      for (const button of row) {
        if ("callback_data" in button && Buffer.byteLength(String(button.callback_data)) > 64) {
          throw new TelegramError(400, "Bad Request: BUTTON_DATA_INVALID");
        }
        if (!button.text)
          throw new TelegramError(
            400,
            "Bad Request: text buttons are unallowed in the inline keyboard",
          );
      }
    }
    return keyboard;
  }

  private checkText(text: string, parseMode: unknown, photo: boolean): void {
    if (!photo && text.trim() === "")
      throw new TelegramError(400, "Bad Request: message text is empty");
    const max = photo ? 1024 : 4096;
    if (text.length > max)
      throw new TelegramError(
        400,
        photo ? "Bad Request: message caption is too long" : "Bad Request: message is too long",
      );
    if (String(parseMode ?? "").toUpperCase() === "HTML") {
      const error = htmlError(text);
      if (error) throw new TelegramError(400, error);
    }
  }

  private send(p: Record<string, unknown>, text: string, photo: boolean) {
    const chatId = Number(p.chat_id);
    if (!Number.isFinite(chatId)) throw new TelegramError(400, "Bad Request: chat not found");
    this.checkText(text, p.parse_mode, photo);
    const replyMarkup = this.validateMarkup(p.reply_markup);
    const messageId = this.newUserMessageId(chatId);
    const message: BotMessage = {
      messageId,
      chatId,
      text: visibleText(text, p.parse_mode as string | undefined),
      raw: text,
      replyMarkup,
      photo,
      edited: false,
      deleted: false,
    };
    const chat = this.chats.get(chatId) ?? new Map<number, BotMessage>();
    chat.set(messageId, message);
    this.chats.set(chatId, chat);
    this.emit(chatId, message);
    return {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: chatId > 0 ? "private" : "group" },
      from: { id: BOT_ID, is_bot: true, first_name: "Swap Test Bot", username: this.botUsername },
      ...(photo
        ? {
            photo: [
              {
                file_id: `photo${messageId}`,
                file_unique_id: `u${messageId}`,
                width: 360,
                height: 360,
              },
            ],
            caption: text,
          }
        : { text }),
      ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
    };
  }

  private edit(p: Record<string, unknown>, change: { text?: string }) {
    const chatId = Number(p.chat_id);
    const message = this.chats.get(chatId)?.get(Number(p.message_id));
    if (!message || message.deleted)
      throw new TelegramError(400, "Bad Request: message to edit not found");
    const replyMarkup = this.validateMarkup(p.reply_markup);
    if (change.text !== undefined) this.checkText(change.text, p.parse_mode, message.photo);
    const text =
      change.text === undefined
        ? message.text
        : visibleText(change.text, p.parse_mode as string | undefined);
    const sameText = text === message.text;
    const sameMarkup =
      JSON.stringify(replyMarkup ?? null) === JSON.stringify(message.replyMarkup ?? null);
    if (sameText && sameMarkup) {
      throw new TelegramError(
        400,
        "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
      );
    }
    message.text = text;
    if (change.text !== undefined) message.raw = change.text;
    message.replyMarkup = replyMarkup;
    message.edited = true;
    this.emit(chatId, message);
    return {
      message_id: message.messageId,
      chat: { id: chatId },
      date: Math.floor(Date.now() / 1000),
      text: message.text,
    };
  }

  private emit(chatId: number, message: BotMessage | undefined): void {
    if (message) this.events.push({ seq: ++this.seq, chatId, message: { ...message } });
    for (const listener of this.eventListeners.splice(0)) listener();
  }
}

/** A Telegram user (and their chat) driving the bot. */
export class FakeUser {
  /** Bot events up to here were answers to earlier actions. */
  private mark = 0;

  constructor(
    private readonly tg: FakeTelegram,
    readonly from: {
      id: number;
      is_bot: false;
      first_name: string;
      username?: string;
      language_code: string;
    },
    readonly chat: { id: number; type: "private" | "group" | "supergroup"; title?: string },
  ) {}

  get id(): number {
    return this.from.id;
  }

  get chatId(): number {
    return this.chat.id;
  }

  /** Sends a text message (a leading /command gets its bot_command entity, as in Telegram). */
  send(text: string): number {
    this.mark = this.tg.currentSeq;
    const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
    return this.tg.pushUpdate({
      message: {
        message_id: this.tg.newUserMessageId(this.chat.id),
        date: Math.floor(Date.now() / 1000),
        chat: this.chatObject(),
        from: this.from,
        text,
        ...(command
          ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] }
          : {}),
      },
    } as Omit<Update, "update_id">);
  }

  /** Sends text and returns the bot's answer: its last message once it has gone quiet. */
  async reply(
    text: string,
    options: { timeoutMs?: number; quietMs?: number } = {},
  ): Promise<BotMessage> {
    this.send(text);
    return this.answer(options);
  }

  /** The bot's answer to the last action: the last message sent or edited once the chat is quiet. */
  async answer(options: { timeoutMs?: number; quietMs?: number } = {}): Promise<BotMessage> {
    const deadline = Date.now() + (options.timeoutMs ?? 5_000);
    const quiet = options.quietMs ?? 250;
    for (;;) {
      const events = this.tg.eventsSince(this.chat.id, this.mark);
      const last = events.at(-1);
      if (last && Date.now() - this.tg.lastCall >= quiet) return last.message;
      if (Date.now() > deadline) {
        if (last) return last.message;
        throw new Error(`no answer from the bot within the timeout.\n${this.transcriptText()}`);
      }
      await this.tg.nextEvent(last ? quiet : 50);
    }
  }

  /** Presses the newest inline button whose text contains `label`. Returns the query id. */
  press(label: string | RegExp): string {
    const messages = this.tg
      .sentTo(this.chat.id)
      .filter((m) => !m.deleted)
      .reverse();
    for (const message of messages) {
      for (const row of message.replyMarkup?.inline_keyboard ?? []) {
        for (const button of row) {
          const matches =
            typeof label === "string" ? button.text.includes(label) : label.test(button.text);
          if (matches && "callback_data" in button && button.callback_data !== undefined) {
            return this.pressRaw(message.messageId, button.callback_data);
          }
        }
      }
    }
    const visible = messages
      .flatMap((m) => (m.replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text))
      .join(" | ");
    throw new Error(`no button matching ${String(label)}; buttons: ${visible || "(none)"}`);
  }

  /** Sends a callback query with any data (to forge one, or replay an old button). */
  pressRaw(messageId: number, data: string): string {
    this.mark = this.tg.currentSeq;
    const id = this.tg.newQueryId();
    const message = this.tg.sentTo(this.chat.id).find((m) => m.messageId === messageId);
    this.tg.pushUpdate({
      callback_query: {
        id,
        from: this.from,
        chat_instance: `ci${this.chat.id}`,
        data,
        message: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: this.chatObject(),
          from: { id: BOT_ID, is_bot: true, first_name: "Swap Test Bot" },
          text: message?.text ?? "",
          ...(message?.replyMarkup ? { reply_markup: message.replyMarkup } : {}),
        },
      },
    } as Omit<Update, "update_id">);
    return id;
  }

  /** What the bot answered to a callback query (waits for it). */
  async callbackAnswer(
    queryId: string,
    timeoutMs = 5_000,
  ): Promise<{ text?: string; show_alert?: boolean }> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const answer = this.tg.callbackAnswers.get(queryId);
      if (answer) return answer as { text?: string };
      await sleep(20);
    }
    throw new Error(`callback query ${queryId} was never answered`);
  }

  /** Sends an inline query and returns the bot's answerInlineQuery parameters. */
  async inlineQuery(
    query: string,
    options: { offset?: string; chatType?: string; timeoutMs?: number } = {},
  ): Promise<{
    results: Array<Record<string, unknown>>;
    next_offset?: string;
    cache_time?: number;
  }> {
    const id = this.tg.newQueryId();
    this.tg.pushUpdate({
      inline_query: {
        id,
        from: this.from,
        query,
        offset: options.offset ?? "",
        chat_type: options.chatType ?? "sender",
      },
    } as Omit<Update, "update_id">);
    const deadline = Date.now() + (options.timeoutMs ?? 5_000);
    while (Date.now() < deadline) {
      const answer = this.tg.inlineAnswers.get(id);
      if (answer) return answer as { results: Array<Record<string, unknown>> };
      await this.tg.nextEvent(50);
    }
    throw new Error(`inline query ${JSON.stringify(query)} was never answered`);
  }

  /** The first bot message sent or edited after the last action that matches. */
  async waitFor(
    predicate: (message: BotMessage) => boolean,
    options: { timeoutMs?: number } = {},
  ): Promise<BotMessage> {
    const deadline = Date.now() + (options.timeoutMs ?? 5_000);
    while (Date.now() < deadline) {
      const hit = this.tg.eventsSince(this.chat.id, this.mark).find((e) => predicate(e.message));
      if (hit) return hit.message;
      await this.tg.nextEvent(100);
    }
    throw new Error(`no matching bot message within the timeout.\n${this.transcriptText()}`);
  }

  lastBotMessage(): BotMessage | undefined {
    return this.tg.sentTo(this.chat.id).at(-1);
  }

  transcript(): BotMessage[] {
    return this.tg.sentTo(this.chat.id);
  }

  private transcriptText(): string {
    return this.transcript()
      .map((m) => `#${m.messageId}${m.edited ? " (edited)" : ""}: ${m.text.slice(0, 300)}`)
      .join("\n");
  }

  private chatObject() {
    return this.chat.type === "private"
      ? { id: this.chat.id, type: "private" as const, first_name: this.from.first_name }
      : { id: this.chat.id, type: this.chat.type, title: this.chat.title ?? "Group" };
  }
}

export async function startFakeTelegram(
  options: { botUsername?: string } = {},
): Promise<FakeTelegram> {
  return new FakeTelegram(options).listen();
}

async function readParams(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = req.headers["content-type"] ?? "";
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
    const marker = boundary?.[1] ?? boundary?.[2];
    if (!marker) throw new Error("multipart without boundary");
    return parseMultipart(Buffer.concat(chunks), marker);
  }
  const body = Buffer.concat(chunks).toString("utf8");
  if (!body) return Object.fromEntries(new URL(req.url ?? "/", "http://x").searchParams);
  return JSON.parse(body) as Record<string, unknown>;
}

/**
 * multipart/form-data as grammY sends it for uploads (Node 20's built-in parser rejects its
 * framing). Files become `{ file, size }`; JSON-looking fields (reply_markup) are parsed.
 */
function parseMultipart(body: Buffer, boundary: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const text = body.toString("latin1");
  for (const part of text.split(`--${boundary}`)) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const value = part.slice(split + 4).replace(/\r\n$/, "");
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (filename !== undefined) {
      params[name] = { file: filename, size: Buffer.byteLength(value, "latin1") };
      continue;
    }
    const decoded = Buffer.from(value, "latin1").toString("utf8");
    params[name] = /^[[{]/.test(decoded) ? safeJson(decoded) : decoded;
  }
  return params;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
