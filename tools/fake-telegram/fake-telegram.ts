import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Chat, Message, Update, UserFromGetMe } from "grammy/types";
import { ChatStore } from "./fake-chats.ts";
import type {
  ApiResponse,
  BotMessage,
  CallbackAnswer,
  ChatEvent,
  FailOptions,
  FakeTelegramOptions,
  ForumTopicRecord,
  InlineAnswer,
  RecordedCall,
  UserMessageContent,
} from "./fake-telegram-types.ts";
import { UpdateQueue } from "./fake-updates.ts";
import { FakeUser, type UserOptions } from "./fake-user.ts";
import { type Params, readParams } from "./telegram-request.ts";
import {
  badRequest,
  checkChatAction,
  checkCommands,
  checkInlineResults,
  defaultDescription,
  TelegramError,
} from "./telegram-validate.ts";

export type * from "./fake-telegram-types.ts";

/**
 * Every bound a wait is given (`waitFor`, `press`, `settle`'s timeout …) is multiplied by
 * `TEST_PATIENCE` (default 1): a loaded machine (a whole test suite on two cores) answers the same,
 * only later. The bounds only decide when a wait that will never succeed gives up; the quiet
 * windows the fake measures (`settle`'s quiet time) are not stretched.
 */
export const PATIENCE = patienceFrom(process.env.TEST_PATIENCE);

function patienceFrom(raw: string | undefined): number {
  const value = Number(raw ?? "1");
  if (!Number.isFinite(value) || value < 1)
    throw new Error(`TEST_PATIENCE must be a number ≥ 1, got ${raw}`);
  return value;
}

function patient(error: Error): Error {
  if (PATIENCE !== 1) error.message += ` (bounds ×${PATIENCE}: TEST_PATIENCE)`;
  return error;
}

export { type AnswerOptions, FakeUser, type PressOptions, type UserOptions } from "./fake-user.ts";

interface Failure extends FailOptions {
  method: string;
  times: number;
}

interface Drop {
  method: string;
  chatId: number | undefined;
  times: number;
}

interface Hold {
  method: string;
  chatId: number | undefined;
  /** Held before the call is carried out (nothing appears in the chat until release). */
  before: boolean;
  arrived: () => void;
  gate: Promise<void>;
}

interface QueryState {
  chatId: number | undefined;
  answered: boolean;
  error?: string;
}

const CHAT_BOUND = /^(send|edit|copy|forward|stop|pin|unpin)/;

const KNOWN_METHODS = [
  "getMe",
  "getUpdates",
  "sendMessage",
  "sendPhoto",
  "editMessageText",
  "editMessageCaption",
  "editMessageReplyMarkup",
  "deleteMessage",
  "answerCallbackQuery",
  "answerInlineQuery",
  "setMyCommands",
  "getMyCommands",
  "deleteMyCommands",
  "setWebhook",
  "deleteWebhook",
  "getWebhookInfo",
  "setChatMenuButton",
  "getChatMenuButton",
  "sendChatAction",
  "copyMessage",
  "getChat",
  "getChatMember",
  "createForumTopic",
  "closeForumTopic",
];
const CANONICAL = new Map(KNOWN_METHODS.map((m) => [m.toLowerCase(), m]));
/** Telegram treats method names case-insensitively. */
const canonical = (name: string) => CANONICAL.get(name.toLowerCase()) ?? name;

/**
 * A fake Telegram Bot API on 127.0.0.1 that a real grammY bot talks to through
 * `client.apiRoot`: long polling (or webhook delivery), messages and edits with Telegram's own
 * validation errors, callback and inline answers, multipart uploads, fault injection. The test
 * side acts as users (`user()`) and reads what the bot did (`calls`, `sentTo`, transcripts).
 */
export class FakeTelegram {
  readonly token: string;
  readonly botId: number;
  readonly botUsername: string;
  readonly botName: string;
  readonly quietMs: number;
  apiRoot = "";
  /** Every Bot API call except getUpdates, in arrival order. */
  readonly calls: RecordedCall[] = [];
  /** Every getUpdates call, with what it returned. */
  readonly polls: RecordedCall[] = [];
  /** answerCallbackQuery parameters by query id. */
  readonly callbackAnswers = new Map<string, CallbackAnswer>();
  /** answerInlineQuery parameters by query id. */
  readonly inlineAnswers = new Map<string, InlineAnswer>();

  private readonly server = createServer((req, res) => void this.handle(req, res));
  private readonly updates = new UpdateQueue({
    changed: (delivery) => (delivery ? this.touch(undefined) : this.notify()),
    webhookReply: (method, params) => this.perform(canonical(method), params, true),
  });
  private readonly chats = new ChatStore(
    () => this.botUser(),
    () => this.notify(),
  );
  private readonly listeners = new Set<() => void>();
  private readonly failures: Failure[] = [];
  private readonly holds: Hold[] = [];
  private readonly drops: Drop[] = [];
  private readonly blocked = new Set<number>();
  /** Group members by chat id (users made with a group chat join it unless told not to). */
  private readonly members = new Map<number, Set<number>>();
  private readonly callbackQueries = new Map<string, QueryState>();
  private readonly inlineQueries = new Map<string, QueryState>();
  private readonly commandSets = new Map<string, Array<{ command: string; description: string }>>();
  private readonly menuButtons = new Map<string, unknown>();
  private readonly actions: Array<{ chatId: number; action: string; at: number }> = [];
  private readonly inflight = new Map<RecordedCall, number | undefined>();
  private readonly chatActivity = new Map<number, number>();
  private lastActivity = Date.now();
  private nextUserId = 10_001;
  private nextQueryId = 1;
  private closed = false;
  /** How Telegram is away (goAway), if it is. */
  private away: "bad-gateway" | "refused" | undefined;
  private port = 0;
  /** Calls answered by the front end's 502 page while away (goAway("bad-gateway")). */
  readonly turnedAway: Array<{ method: string; at: number }> = [];

  constructor(options: FakeTelegramOptions = {}) {
    // Telegram's shape (the bot's id, a colon, 35 characters), which the bot's settings insist on.
    this.token =
      options.token ?? `7000000001:AA${randomBytes(25).toString("base64url").slice(0, 33)}`;
    this.botId = Number(/^(\d+):/.exec(this.token)?.[1] ?? 7_000_000_001);
    this.botUsername = options.botUsername ?? "swap_test_bot";
    this.botName = options.botName ?? "Swap Test Bot";
    this.quietMs = options.quietMs ?? 250;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.port = port;
    this.apiRoot = `http://127.0.0.1:${port}`;
    return this;
  }

  /**
   * Telegram goes away, as in an incident, until comeBack(): every call (getUpdates too) is
   * answered by its front end's HTML 502 page ("bad-gateway": nothing is carried out), or the port
   * is closed ("refused": connections are refused). Connections open now are cut either way, held
   * polls included; updates users send meanwhile wait, as at Telegram.
   */
  async goAway(how: "bad-gateway" | "refused"): Promise<void> {
    this.away = how;
    if (how === "refused") {
      await new Promise<void>((resolve) => {
        this.server.close(() => resolve());
        this.server.closeAllConnections();
      });
    } else {
      this.server.closeAllConnections();
    }
    this.notify();
  }

  /** Telegram answers again, on the same port. */
  async comeBack(): Promise<void> {
    if (this.away === "refused") {
      await new Promise<void>((resolve) => this.server.listen(this.port, "127.0.0.1", resolve));
    }
    this.away = undefined;
    this.notify();
  }

  /** Answers held polls with no updates, stops webhook delivery and closes every connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.updates.close();
    for (const hold of this.holds.splice(0)) hold.arrived();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    this.notify();
  }

  // ── Test API ─────────────────────────────────────────────────────────────────────────────

  /**
   * The API root for one of several bot processes on this fake: calls through it are recorded
   * with `caller`, so a test can tell which process polled or pushed.
   */
  apiRootFor(caller: string): string {
    if (!/^[A-Za-z0-9_-]+$/.test(caller)) throw new Error(`caller must be a plain word: ${caller}`);
    return `${this.apiRoot}/as/${caller}`;
  }

  /** A Telegram user (by default in a private chat with the bot) to drive the bot with. */
  user(options: UserOptions = {}): FakeUser {
    const id = options.id ?? this.nextUserId++;
    const from = {
      id,
      is_bot: false as const,
      first_name: options.firstName ?? `User${id}`,
      ...(options.username ? { username: options.username } : {}),
      language_code: options.languageCode ?? "en",
    };
    const chat: Chat =
      !options.chat || options.chat.type === "private"
        ? {
            id: options.chat?.id ?? id,
            type: "private",
            first_name: from.first_name,
            ...(from.username ? { username: from.username } : {}),
          }
        : ({
            id: options.chat.id,
            type: options.chat.type,
            title: options.chat.title ?? "Test group",
            ...(options.chat.isForum ? { is_forum: true } : {}),
          } as Chat);
    this.chats.register(chat);
    if (chat.type !== "private" && options.member !== false) this.join(chat.id, id);
    return new FakeUser(this, from, chat);
  }

  /** Makes a user a member of a group (getChatMember answers "member"). */
  join(chatId: number, userId: number): void {
    const members = this.members.get(chatId) ?? new Set<number>();
    members.add(userId);
    this.members.set(chatId, members);
  }

  /** The user leaves the group (getChatMember answers "left"). */
  leave(chatId: number, userId: number): void {
    this.members.get(chatId)?.delete(userId);
  }

  /** The forum topics the bot created in a chat. */
  topics(chatId: number): ForumTopicRecord[] {
    return this.chats.topicsOf(chatId);
  }

  /** Queues an update as Telegram would deliver it; update_id is assigned unless given. Returns it. */
  pushUpdate(update: Omit<Update, "update_id"> & { update_id?: number }): number {
    const full = this.updates.push(update);
    if (full.callback_query && !this.callbackQueries.has(full.callback_query.id)) {
      this.callbackQueries.set(full.callback_query.id, {
        chatId: full.callback_query.message?.chat.id,
        answered: false,
      });
    }
    if (full.inline_query && !this.inlineQueries.has(full.inline_query.id)) {
      this.inlineQueries.set(full.inline_query.id, { chatId: undefined, answered: false });
    }
    this.notify();
    return full.update_id;
  }

  /** Every update queued so far, in order, confirmed or not (to redeliver one, as Telegram may). */
  deliveredUpdates(): Update[] {
    return [...this.updates.history];
  }

  /** Updates the bot has not confirmed yet (getUpdates offset, or a 2xx webhook answer). */
  pendingUpdates(): Update[] {
    return [...this.updates.pending];
  }

  /** Whether the bot has received this update (fetched by getUpdates or POSTed to its webhook). */
  wasFetched(updateId: number): boolean {
    return this.updates.wasFetched(updateId);
  }

  /** How many getUpdates requests are being held open right now. */
  get polling(): number {
    return this.updates.polling;
  }

  /** Resolves once the bot is long-polling (a getUpdates is being held). */
  waitForPolling(timeoutMs = 10_000): Promise<void> {
    return this.until(
      () => (this.updates.polling > 0 ? true : undefined),
      timeoutMs,
      () => new Error(`the bot did not start long polling within ${timeoutMs} ms`),
    ).then(() => undefined);
  }

  /**
   * Resolves once every queued update has reached the bot, no Bot API call (other than
   * getUpdates) is being handled, and none has arrived or finished for `ms`. Throws when that
   * does not happen within `timeoutMs`.
   */
  async settle(ms = 200, timeoutMs = 10_000): Promise<void> {
    await this.until(
      (now) => {
        if (this.updates.unfetched() > 0) return undefined;
        if (this.inflight.size > 0 || this.updates.webhookInFlight > 0) return undefined;
        return now - this.lastActivity >= ms ? true : undefined;
      },
      timeoutMs,
      () => {
        const unfetched = this.updates.unfetched();
        const recent = this.calls.filter((c) => c.at > Date.now() - 1000).map((c) => c.method);
        return new Error(
          `the bot did not settle within ${timeoutMs} ms: ${unfetched} update(s) never fetched, ` +
            `${this.inflight.size} call(s) in flight, calls in the last second: ${recent.join(", ") || "none"}`,
        );
      },
      Math.min(ms, 25),
    );
  }

  /** The next `times` calls of `method` (for `chatId` only, if given) fail with this error. */
  failNext(method: string, options: FailOptions): void {
    this.failures.push({ ...options, method, times: options.times ?? 1 });
  }

  /** Forgets every fault queued with failNext or dropNext (for `method` only, if given). */
  clearFailures(method?: string): void {
    for (const faults of [this.failures, this.drops]) {
      for (let i = faults.length - 1; i >= 0; i--) {
        if (method === undefined || faults[i]?.method === method) faults.splice(i, 1);
      }
    }
  }

  /**
   * The next `times` matching calls are carried out (a message appears in the chat), then the
   * connection is cut without an answer: the bot sees a network error for a call that worked.
   */
  dropNext(method: string, options: { chatId?: number; times?: number } = {}): void {
    this.drops.push({ method, chatId: options.chatId, times: options.times ?? 1 });
  }

  /**
   * The next matching call is carried out (the message appears in the chat) but its answer is
   * held until release(): the moment a crash would lose the bot's record of having sent it. With
   * `before`, the call itself waits for release() and nothing appears until then: the moment
   * between the bot deciding to send a message and the message existing.
   */
  holdNext(
    method: string,
    chatId?: number,
    options: { before?: boolean } = {},
  ): { arrived: Promise<void>; release: () => void } {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = () => {};
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    this.holds.push({ method, chatId, before: options.before ?? false, arrived, gate });
    return { arrived: arrival, release };
  }

  /** Every send or edit to the chat answers 403, as when the user blocked the bot. */
  blockChat(chatId: number): void {
    this.blocked.add(chatId);
  }

  unblockChat(chatId: number): void {
    this.blocked.delete(chatId);
  }

  /** Messages the bot sent (not edits) to a chat, in order, as they look now (deleted ones flagged). */
  sentTo(chatId: number): BotMessage[] {
    return this.chats.sentTo(chatId);
  }

  /** One bot message as it looks now. */
  message(chatId: number, messageId: number): BotMessage | undefined {
    return this.chats.message(chatId, messageId);
  }

  callsTo(method: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** The command list getMyCommands would answer for this scope and language. */
  commands(
    scope: Record<string, unknown> = { type: "default" },
    languageCode = "",
  ): Array<{ command: string; description: string }> {
    return this.commandSets.get(commandKey(scope, languageCode)) ?? [];
  }

  /** Chat actions (typing, upload_photo...) the bot sent to a chat. */
  chatActions(chatId: number): string[] {
    return this.actions.filter((a) => a.chatId === chatId).map((a) => a.action);
  }

  /** allowed_updates as the bot last set it (getUpdates or setWebhook); recorded, not enforced. */
  get allowedUpdates(): string[] | undefined {
    return this.updates.allowedUpdates;
  }

  /** The webhook the bot registered, if any. */
  get webhookUrl(): string | undefined {
    return this.updates.webhookUrl;
  }

  // ── For FakeUser ─────────────────────────────────────────────────────────────────────────

  /** @internal */
  get currentSeq(): number {
    return this.chats.seq;
  }

  /** @internal Bot message events in a chat after `mark`. */
  eventsSince(chatId: number, mark: number): ChatEvent[] {
    return this.chats.eventsSince(chatId, mark);
  }

  /** @internal When the bot last called the API about this chat (or any chat). */
  lastActivityFor(chatId?: number): number {
    return chatId === undefined ? this.lastActivity : (this.chatActivity.get(chatId) ?? 0);
  }

  /** @internal Whether a call about this chat (or a webhook delivery) is being handled. */
  busyWith(chatId: number): boolean {
    if (this.updates.webhookInFlight > 0) return true;
    for (const chat of this.inflight.values()) if (chat === chatId) return true;
    return false;
  }

  /** @internal */
  newQueryId(): string {
    return String(4_000_000_000_000_000 + this.nextQueryId++ * 7919);
  }

  /** @internal What a user's message held, for copyMessage. */
  recordUserMessage(chatId: number, messageId: number, content: UserMessageContent): void {
    this.chats.recordUserMessage(chatId, messageId, content);
  }

  /** @internal A file id for a user's upload. */
  newUserFileId(): string {
    return this.chats.userFileId();
  }

  /** @internal Message ids are one sequence per chat, shared by the user's and the bot's messages. */
  newUserMessageId(chatId: number): number {
    return this.chats.newUserMessageId(chatId);
  }

  /** @internal */
  queryError(kind: "callback" | "inline", id: string): string | undefined {
    return (kind === "callback" ? this.callbackQueries : this.inlineQueries).get(id)?.error;
  }

  /** @internal The message object Telegram would put in an update for a bot message. */
  toMessage(message: BotMessage): Message {
    return this.chats.toMessage(message);
  }

  /** @internal Resolves at the next change (call, update, message, answer) or after `ms`. */
  changed(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.listeners.add(done);
    });
  }

  /** @internal Re-evaluates `check` at every change (and every `recheckMs`) until it gives a value. */
  async until<T>(
    check: (now: number) => T | undefined,
    timeoutMs: number,
    timeoutError: () => Error,
    recheckMs = 250,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs * PATIENCE;
    for (;;) {
      const now = Date.now();
      const value = check(now);
      if (value !== undefined) return value;
      if (now >= deadline || this.closed) throw patient(timeoutError());
      await this.changed(Math.min(recheckMs, deadline - now));
    }
  }

  // ── HTTP ─────────────────────────────────────────────────────────────────────────────────

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (this.away === "bad-gateway") {
      req.resume();
      this.turnedAway.push({ method: path.split("/").at(-1) ?? "", at: Date.now() });
      res.writeHead(502, "Bad Gateway", { "content-type": "text/html" });
      res.end(BAD_GATEWAY_PAGE);
      return;
    }
    const match = /^(?:\/as\/([A-Za-z0-9_-]+))?\/bot([^/]*)\/([A-Za-z0-9_]+)\/?$/.exec(path);
    if (!match) {
      return writeJson(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    }
    const [, caller, token, name = ""] = match;
    if (token !== this.token) {
      req.resume();
      return writeJson(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
    }
    const method = canonical(name);
    let params: Params;
    try {
      params = await readParams(req);
    } catch (error) {
      return writeJson(res, 400, {
        ok: false,
        error_code: 400,
        description: `Bad Request: can't parse request: ${(error as Error).message}`,
      });
    }
    if (method === "getUpdates") {
      const body = await this.getUpdates(params, res, caller);
      if (body && !res.writableEnded && !res.destroyed) {
        writeJson(res, body.ok ? 200 : body.error_code, body);
      }
      return;
    }
    const body = await this.perform(method, params, false, caller);
    if (this.takeDrop(method, this.chatOfCall(method, params))) {
      res.destroy();
      return;
    }
    if (!res.writableEnded && !res.destroyed) writeJson(res, body.ok ? 200 : body.error_code, body);
  }

  /** Records and carries out one non-getUpdates call. */
  private async perform(
    method: string,
    params: Params,
    viaWebhookReply: boolean,
    caller?: string,
  ): Promise<ApiResponse> {
    const call: RecordedCall = {
      method,
      params,
      at: Date.now(),
      ...(viaWebhookReply ? { viaWebhookReply } : {}),
      ...(caller ? { caller } : {}),
    };
    this.calls.push(call);
    const chatId = this.chatOfCall(method, params);
    this.inflight.set(call, chatId);
    this.touch(chatId);
    let body: ApiResponse;
    try {
      this.injectFault(method, chatId);
      await this.heldAnswer(method, chatId, true);
      const result = await this.execute(method, params);
      await this.heldAnswer(method, chatId, false);
      body = { ok: true, result };
    } catch (error) {
      body = errorBody(error);
    }
    call.response = body;
    this.inflight.delete(call);
    this.touch(chatId);
    return body;
  }

  private touch(chatId: number | undefined): void {
    this.lastActivity = Date.now();
    if (chatId !== undefined) this.chatActivity.set(chatId, this.lastActivity);
    this.notify();
  }

  private chatOfCall(method: string, p: Params): number | undefined {
    if (method === "answerCallbackQuery") {
      return this.callbackQueries.get(String(p.callback_query_id))?.chatId;
    }
    const chatId = Number(p.chat_id);
    return p.chat_id !== undefined && Number.isFinite(chatId) ? chatId : undefined;
  }

  private injectFault(method: string, chatId: number | undefined): void {
    if (chatId !== undefined && this.blocked.has(chatId) && CHAT_BOUND.test(method)) {
      throw new TelegramError(
        403,
        chatId > 0
          ? "Forbidden: bot was blocked by the user"
          : "Forbidden: bot was kicked from the group chat",
      );
    }
    const index = this.failures.findIndex(
      (f) => f.method === method && (f.chatId === undefined || f.chatId === chatId),
    );
    if (index < 0) return;
    const failure = this.failures[index]!;
    failure.times--;
    if (failure.times <= 0) this.failures.splice(index, 1);
    const parameters = {
      ...(failure.retryAfter !== undefined ? { retry_after: failure.retryAfter } : {}),
      ...(failure.migrateToChatId !== undefined
        ? { migrate_to_chat_id: failure.migrateToChatId }
        : {}),
    };
    throw new TelegramError(
      failure.errorCode,
      failure.description ?? defaultDescription(failure.errorCode, failure.retryAfter),
      Object.keys(parameters).length > 0 ? parameters : undefined,
    );
  }

  private takeDrop(method: string, chatId: number | undefined): boolean {
    const index = this.drops.findIndex(
      (d) => d.method === method && (d.chatId === undefined || d.chatId === chatId),
    );
    const drop = this.drops[index];
    if (!drop) return false;
    drop.times--;
    if (drop.times <= 0) this.drops.splice(index, 1);
    return true;
  }

  private async heldAnswer(
    method: string,
    chatId: number | undefined,
    before: boolean,
  ): Promise<void> {
    const index = this.holds.findIndex(
      (h) =>
        h.method === method &&
        h.before === before &&
        (h.chatId === undefined || h.chatId === chatId),
    );
    if (index < 0) return;
    const [hold] = this.holds.splice(index, 1);
    hold?.arrived();
    await hold?.gate;
  }

  // ── getUpdates and webhooks ──────────────────────────────────────────────────────────────

  private async getUpdates(
    p: Params,
    res: ServerResponse,
    caller: string | undefined,
  ): Promise<ApiResponse | undefined> {
    const call: RecordedCall = {
      method: "getUpdates",
      params: p,
      at: Date.now(),
      ...(caller ? { caller } : {}),
    };
    this.polls.push(call);
    const answer = (body: ApiResponse) => {
      call.response = body;
      return body;
    };
    try {
      this.injectFault("getUpdates", undefined);
    } catch (error) {
      return answer(errorBody(error));
    }
    const body = await this.updates.poll(p, res);
    return body && answer(body);
  }

  // ── Bot API methods ──────────────────────────────────────────────────────────────────────

  private async execute(method: string, p: Params): Promise<unknown> {
    switch (method) {
      case "getMe":
        return this.botUser();
      case "sendMessage":
        return this.chats.send(p, "text");
      case "sendPhoto":
        return this.chats.send(p, "caption");
      case "editMessageText":
      case "editMessageCaption":
      case "editMessageReplyMarkup":
        return this.chats.edit(method, p);
      case "deleteMessage":
        return this.chats.deleteMessage(p);
      case "answerCallbackQuery":
        return this.answerQuery("callback", p);
      case "answerInlineQuery":
        return this.answerQuery("inline", p);
      case "setMyCommands":
        this.commandSets.set(commandKey(p.scope, p.language_code), checkCommands(p.commands));
        return true;
      case "getMyCommands":
        return this.commandSets.get(commandKey(p.scope, p.language_code)) ?? [];
      case "deleteMyCommands":
        this.commandSets.delete(commandKey(p.scope, p.language_code));
        return true;
      case "setWebhook":
        return this.updates.setWebhook(p);
      case "deleteWebhook":
        return this.updates.deleteWebhook(p);
      case "getWebhookInfo":
        return this.updates.webhookInfo();
      case "setChatMenuButton":
        this.menuButtons.set(String(p.chat_id ?? ""), p.menu_button ?? { type: "default" });
        return true;
      case "getChatMenuButton":
        return (
          this.menuButtons.get(String(p.chat_id ?? "")) ??
          this.menuButtons.get("") ?? { type: "commands" }
        );
      case "copyMessage":
        return this.chats.copy(p);
      case "getChat":
        return this.getChat(p);
      case "getChatMember":
        return this.getChatMember(p);
      case "createForumTopic":
        return this.chats.createTopic(p);
      case "closeForumTopic":
        return this.chats.closeTopic(p);
      case "sendChatAction": {
        const action = checkChatAction(p.action);
        this.actions.push({ chatId: Number(p.chat_id), action, at: Date.now() });
        return true;
      }
      default:
        return true;
    }
  }

  botUser(): UserFromGetMe {
    return {
      id: this.botId,
      is_bot: true,
      first_name: this.botName,
      username: this.botUsername,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: true,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    };
  }

  private getChat(p: Params): Chat {
    const chatId = Number(p.chat_id);
    if (!Number.isSafeInteger(chatId)) throw badRequest("chat not found");
    return { ...this.chats.state(chatId).chat };
  }

  private getChatMember(p: Params): unknown {
    const chatId = Number(p.chat_id);
    const userId = Number(p.user_id);
    if (!Number.isSafeInteger(chatId)) throw badRequest("chat not found");
    if (!Number.isSafeInteger(userId)) throw badRequest("user not found");
    if (userId === this.botId) return { status: "member", user: this.botUser() };
    const user = { id: userId, is_bot: false, first_name: `User${userId}` };
    return this.members.get(chatId)?.has(userId)
      ? { status: "member", user }
      : { status: "left", user };
  }

  private answerQuery(kind: "callback" | "inline", p: Params): true {
    const id = String((kind === "callback" ? p.callback_query_id : p.inline_query_id) ?? "");
    const query = (kind === "callback" ? this.callbackQueries : this.inlineQueries).get(id);
    try {
      if (!query || query.answered) {
        throw badRequest("query is too old and response timeout expired or query ID is invalid");
      }
      if (kind === "callback") {
        if (typeof p.text === "string" && p.text.length > 200) throw badRequest("MESSAGE_TOO_LONG");
        query.answered = true;
        this.callbackAnswers.set(id, { ...p, callback_query_id: id } as CallbackAnswer);
      } else {
        const results = checkInlineResults(p.results);
        query.answered = true;
        this.inlineAnswers.set(id, { ...p, inline_query_id: id, results } as InlineAnswer);
      }
      return true;
    } catch (error) {
      if (query && !query.answered && error instanceof TelegramError) query.error = error.message;
      throw error;
    }
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

export async function startFakeTelegram(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  return new FakeTelegram(options).listen();
}

/**
 * The inline buttons of a message, row by row flattened, with what pressing them does: the
 * callback data sent, the URL opened, the Mini App opened (`webApp`), the text copied (`copy`).
 */
export function buttonsOf(
  message: BotMessage | undefined,
): Array<{ text: string; data?: string; url?: string; webApp?: string; copy?: string }> {
  return (message?.replyMarkup?.inline_keyboard ?? []).flat().map((b) => ({
    text: b.text,
    ...("callback_data" in b && b.callback_data !== undefined ? { data: b.callback_data } : {}),
    ...("url" in b && b.url !== undefined ? { url: b.url } : {}),
    ...("web_app" in b && b.web_app !== undefined ? { webApp: b.web_app.url } : {}),
    ...("copy_text" in b && b.copy_text !== undefined ? { copy: b.copy_text.text } : {}),
  }));
}

/** What each copy button of a message copies, by its label. */
export function copyButtonsOf(message: BotMessage | undefined): Record<string, string> {
  return Object.fromEntries(
    buttonsOf(message).flatMap((b) => (b.copy === undefined ? [] : [[b.text, b.copy]])),
  );
}

function commandKey(scope: unknown, languageCode: unknown): string {
  const normalized = scope && typeof scope === "object" ? scope : { type: "default" };
  return `${JSON.stringify(normalized)}|${languageCode === undefined ? "" : String(languageCode)}`;
}

function errorBody(error: unknown): ApiResponse {
  if (error instanceof TelegramError) {
    return {
      ok: false,
      error_code: error.code,
      description: error.message,
      ...(error.parameters ? { parameters: error.parameters } : {}),
    };
  }
  return { ok: false, error_code: 500, description: `Internal Server Error: ${String(error)}` };
}

/** What Telegram's front end (nginx) answers when the Bot API behind it is away. */
const BAD_GATEWAY_PAGE =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.18.0</center>\r\n</body>\r\n</html>\r\n";

function writeJson(res: ServerResponse, status: number, body: ApiResponse): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
