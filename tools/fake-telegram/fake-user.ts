import type { Chat, Message, MessageEntity, Update, User } from "grammy/types";
import type {
  BotMessage,
  CallbackAnswer,
  FakeTelegram,
  InlineAnswer,
  UserMessageContent,
} from "./fake-telegram.ts";

export interface UserOptions {
  id?: number;
  firstName?: string;
  username?: string;
  /** Default "en". */
  languageCode?: string;
  /** The chat the user talks in; default: their private chat with the bot (id = user id). */
  chat?: {
    id: number;
    type: "private" | "group" | "supergroup";
    title?: string;
    /** A forum supergroup (topics). */
    isForum?: boolean;
  };
  /** In a group: whether the user is a member (getChatMember), default true. */
  member?: boolean;
}

export interface SendOptions {
  /** The message replies to this message of the chat (a bot's message, usually). */
  replyTo?: number;
  /** Sent in this forum topic (message_thread_id). */
  threadId?: number;
}

export interface PressOptions {
  /** Press a button of this message only. */
  messageId?: number;
  /** Match the label against the button's callback_data instead of its text. */
  match?: "text" | "data";
  /** Only buttons on messages sent or edited since this user's last action. */
  fresh?: boolean;
  /** How long to wait for a matching button to appear (default 5000 ms). */
  timeoutMs?: number;
}

export interface AnswerOptions {
  /** Give up after this long (default 5000 ms). */
  timeoutMs?: number;
  /** The chat must be quiet this long (default: the fake's quietMs, 250 ms). */
  quietMs?: number;
}

type Matcher = ((message: BotMessage) => boolean) | string | RegExp;

/**
 * A Telegram user (and the chat they talk in) driving the bot through the fake. Actions (send,
 * press, pressRaw, reply) queue updates at once and set the "last action" mark that `answer`
 * and `waitFor` look after.
 */
export class FakeUser {
  /** Chat events up to this sequence number happened before the last action. */
  private mark = 0;
  private lastUpdateId: number | undefined;
  private lastSentMessageId: number | undefined;

  constructor(
    private readonly tg: FakeTelegram,
    readonly from: User & { is_bot: false },
    readonly chat: Chat,
  ) {}

  get id(): number {
    return this.from.id;
  }

  get chatId(): number {
    return this.chat.id;
  }

  /** Sends a text message; a leading /command gets its bot_command entity, as Telegram does. Resolves with the update id. */
  async send(text: string, options: SendOptions = {}): Promise<number> {
    const command = /^\/[A-Za-z0-9_]{1,32}(@[A-Za-z0-9_]+)?/.exec(text);
    const entities: MessageEntity[] = command
      ? [{ type: "bot_command", offset: 0, length: command[0].length }]
      : [];
    return this.sendMessage({ text, ...(entities.length > 0 ? { entities } : {}) }, options, {
      text,
    });
  }

  /** Sends a photo (with a caption, if given). Resolves with the update id. */
  async sendPhoto(caption?: string, options: SendOptions = {}): Promise<number> {
    const fileId = this.tg.newUserFileId();
    const photo = [90, 800].map((width) => ({
      file_id: `${fileId}_${width}`,
      file_unique_id: `${fileId.slice(-8)}${width}`,
      width,
      height: width,
    }));
    return this.sendMessage({ photo, ...(caption !== undefined ? { caption } : {}) }, options, {
      photo: fileId,
      ...(caption !== undefined ? { caption } : {}),
    });
  }

  /** Sends a document (with a caption, if given). Resolves with the update id. */
  async sendDocument(
    fileName: string,
    caption?: string,
    options: SendOptions = {},
  ): Promise<number> {
    const fileId = this.tg.newUserFileId();
    const document = { file_id: fileId, file_unique_id: fileId.slice(-8), file_name: fileName };
    return this.sendMessage({ document, ...(caption !== undefined ? { caption } : {}) }, options, {
      document: { fileId, fileName },
      ...(caption !== undefined ? { caption } : {}),
    });
  }

  /** The id of this user's last message in the chat. */
  get lastMessageId(): number | undefined {
    return this.lastSentMessageId;
  }

  private sendMessage(
    body: Record<string, unknown>,
    options: SendOptions,
    content: UserMessageContent,
  ): number {
    const messageId = this.tg.newUserMessageId(this.chat.id);
    this.tg.recordUserMessage(this.chat.id, messageId, content);
    this.lastSentMessageId = messageId;
    const message = {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat: this.chat,
      from: this.from,
      ...body,
      ...(options.threadId !== undefined
        ? { message_thread_id: options.threadId, is_topic_message: true }
        : {}),
      ...(options.replyTo !== undefined
        ? { reply_to_message: this.replyTarget(options.replyTo) }
        : {}),
    };
    return this.act({ message } as Omit<Update, "update_id">);
  }

  /** Sends text and resolves with the bot's answer to it (see `answer`). */
  async reply(text: string, options: AnswerOptions = {}): Promise<BotMessage> {
    await this.send(text);
    return this.answer(options);
  }

  /**
   * The bot's answer to this user's last action: once the bot has received that update, sent or
   * edited at least one message in this chat, and then made no Bot API call about this chat for
   * `quietMs` (none in flight either), the last message it sent or edited, as it was then. At the
   * timeout: that last message if there is one, else an error with the chat transcript.
   */
  async answer(options: AnswerOptions = {}): Promise<BotMessage> {
    const quietMs = options.quietMs ?? this.tg.quietMs;
    const timeoutMs = options.timeoutMs ?? 5_000;
    const last = () =>
      this.tg
        .eventsSince(this.chat.id, this.mark)
        .filter((e) => e.kind !== "deleted")
        .at(-1)?.message;
    try {
      return await this.tg.until(
        (now) => {
          const message = last();
          if (!message) return undefined;
          if (this.lastUpdateId !== undefined && !this.tg.wasFetched(this.lastUpdateId))
            return undefined;
          if (this.tg.busyWith(this.chat.id)) return undefined;
          return now - this.tg.lastActivityFor(this.chat.id) >= quietMs ? message : undefined;
        },
        timeoutMs,
        () => new Error(`no answer from the bot within ${timeoutMs} ms.\n${this.transcriptText()}`),
        Math.min(quietMs, 25),
      );
    } catch (error) {
      const message = last();
      if (message) return message;
      throw error;
    }
  }

  /**
   * Presses the inline button whose text contains `label` (or matches it) on the newest bot
   * message in this chat that has one, waiting for it to appear if need be. Resolves with the
   * callback query id.
   */
  async press(label: string | RegExp, options: PressOptions = {}): Promise<string> {
    // Searching before the first await keeps an un-awaited press() ordered with what follows.
    const found = this.findButton(label, options);
    if (found) return this.pushCallback(found.messageId, found.data);
    const timeoutMs = options.timeoutMs ?? 5_000;
    const button = await this.tg.until(
      () => this.findButton(label, options),
      timeoutMs,
      () =>
        new Error(
          `no button matching ${String(label)}${options.match === "data" ? " (by callback data)" : ""} ` +
            `within ${timeoutMs} ms. Buttons in the chat, newest message first:\n${this.buttonList()}`,
        ),
    );
    return this.pushCallback(button.messageId, button.data);
  }

  /** A callback query with any data on any message id (forged data, or a stale button). Resolves with its id. */
  async pressRaw(messageId: number, data: string): Promise<string> {
    return this.pushCallback(messageId, data);
  }

  /** What the bot answered to a callback query (answerCallbackQuery's parameters); waits for it. */
  async callbackAnswer(
    queryId: string | Promise<string>,
    timeoutMs = 5_000,
  ): Promise<CallbackAnswer> {
    const id = await queryId;
    return this.tg.until(
      () => {
        const answer = this.tg.callbackAnswers.get(id);
        if (answer) return answer;
        const error = this.tg.queryError("callback", id);
        if (error)
          throw new Error(`the bot answered callback query ${id} and Telegram refused: ${error}`);
        return undefined;
      },
      timeoutMs,
      () => new Error(`callback query ${id} was not answered within ${timeoutMs} ms`),
    );
  }

  /**
   * Types `@bot query` and resolves with the bot's answerInlineQuery parameters. Rejects when the
   * bot does not answer in time, or answers with something Telegram refuses.
   */
  async inlineQuery(
    query: string,
    options: { offset?: string; chatType?: string; timeoutMs?: number } = {},
  ): Promise<InlineAnswer> {
    const id = this.tg.newQueryId();
    this.tg.pushUpdate({
      inline_query: {
        id,
        from: this.from,
        query,
        offset: options.offset ?? "",
        chat_type: options.chatType ?? (this.chat.type === "private" ? "sender" : this.chat.type),
      },
    } as Omit<Update, "update_id">);
    const timeoutMs = options.timeoutMs ?? 5_000;
    return this.tg.until(
      () => {
        const answer = this.tg.inlineAnswers.get(id);
        if (answer) return answer;
        const error = this.tg.queryError("inline", id);
        if (error)
          throw new Error(
            `the bot answered inline query "${query}" and Telegram refused: ${error}`,
          );
        return undefined;
      },
      timeoutMs,
      () =>
        new Error(`inline query ${JSON.stringify(query)} was not answered within ${timeoutMs} ms`),
    );
  }

  /** The user picks an inline result (a chosen_inline_result update). Resolves with the update id. */
  async chooseInlineResult(
    resultId: string,
    query: string,
    options: { inlineMessageId?: string } = {},
  ): Promise<number> {
    return this.tg.pushUpdate({
      chosen_inline_result: {
        result_id: resultId,
        from: this.from,
        query,
        ...(options.inlineMessageId ? { inline_message_id: options.inlineMessageId } : {}),
      },
    });
  }

  /** The user blocks the bot: sends to this chat answer 403, and the bot gets a my_chat_member update. */
  async blockBot(): Promise<number> {
    this.tg.blockChat(this.chat.id);
    return this.memberUpdate("member", "kicked");
  }

  async unblockBot(): Promise<number> {
    this.tg.unblockChat(this.chat.id);
    return this.memberUpdate("kicked", "member");
  }

  /**
   * The first bot message sent or edited in this chat after this user's last action that
   * matches (a predicate, a substring of its text, or a RegExp), as it was at that moment.
   */
  async waitFor(matcher: Matcher, options: { timeoutMs?: number } = {}): Promise<BotMessage> {
    const matches = toPredicate(matcher);
    const timeoutMs = options.timeoutMs ?? 5_000;
    return this.tg.until(
      () =>
        this.tg
          .eventsSince(this.chat.id, this.mark)
          .find((e) => e.kind !== "deleted" && matches(e.message))?.message,
      timeoutMs,
      () =>
        new Error(
          `no bot message matching ${String(matcher)} within ${timeoutMs} ms.\n${this.transcriptText()}`,
        ),
    );
  }

  /** The newest bot message in this chat that is not deleted, as it looks now. */
  lastBotMessage(): BotMessage | undefined {
    return this.transcript()
      .filter((m) => !m.deleted)
      .at(-1);
  }

  /** The bot's messages in this chat, oldest first, as they look now (edits applied, deleted ones flagged). */
  transcript(): BotMessage[] {
    return this.tg.sentTo(this.chat.id);
  }

  /** The transcript as readable lines, for error messages. */
  transcriptText(): string {
    const lines = this.transcript().map((m) => {
      const flags = [m.photo ? "photo" : "", m.edited ? "edited" : "", m.deleted ? "deleted" : ""]
        .filter(Boolean)
        .join(", ");
      const buttons = (m.replyMarkup?.inline_keyboard ?? [])
        .flat()
        .map((b) => `[${b.text}]`)
        .join(" ");
      return `#${m.messageId}${flags ? ` (${flags})` : ""}: ${m.text.slice(0, 400)}${buttons ? `\n    ${buttons}` : ""}`;
    });
    return `chat ${this.chat.id} transcript:\n${lines.join("\n") || "(the bot sent nothing)"}`;
  }

  private act(update: Omit<Update, "update_id">): number {
    this.mark = this.tg.currentSeq;
    this.lastUpdateId = this.tg.pushUpdate(update);
    return this.lastUpdateId;
  }

  private pushCallback(messageId: number, data: string): string {
    const id = this.tg.newQueryId();
    const current = this.tg.message(this.chat.id, messageId);
    const message: Message | { chat: Chat; message_id: number; date: 0 } =
      current && !current.deleted
        ? this.tg.toMessage(current)
        : { chat: this.chat, message_id: messageId, date: 0 };
    this.act({
      callback_query: {
        id,
        from: this.from,
        message,
        chat_instance: `-${String(this.chat.id).replace("-", "")}00042`,
        data,
      },
    } as Omit<Update, "update_id">);
    return id;
  }

  private findButton(
    label: string | RegExp,
    options: PressOptions,
  ): { messageId: number; data: string } | undefined {
    const fresh = options.fresh
      ? new Set(this.tg.eventsSince(this.chat.id, this.mark).map((e) => e.message.messageId))
      : undefined;
    const messages = this.transcript()
      .reverse()
      .filter((m) => !m.deleted)
      .filter((m) => options.messageId === undefined || m.messageId === options.messageId)
      .filter((m) => !fresh || fresh.has(m.messageId));
    for (const message of messages) {
      for (const button of (message.replyMarkup?.inline_keyboard ?? []).flat()) {
        if (!("callback_data" in button) || button.callback_data === undefined) continue;
        const subject = options.match === "data" ? button.callback_data : button.text;
        const hit = typeof label === "string" ? subject.includes(label) : label.test(subject);
        if (hit) return { messageId: message.messageId, data: button.callback_data };
      }
    }
    return undefined;
  }

  private buttonList(): string {
    const lines = this.transcript()
      .reverse()
      .filter((m) => !m.deleted && m.replyMarkup)
      .map((m) => {
        const buttons = (m.replyMarkup?.inline_keyboard ?? []).flat().map((b) => {
          const data =
            "callback_data" in b
              ? ` → ${b.callback_data}`
              : "copy_text" in b
                ? ` (copies ${b.copy_text.text})`
                : " (not a callback button)";
          return `[${b.text}${data}]`;
        });
        return `#${m.messageId}: ${buttons.join(" ")}`;
      });
    return lines.join("\n") || "(no message in this chat has inline buttons)";
  }

  private replyTarget(messageId: number): Message {
    const bot = this.tg.message(this.chat.id, messageId);
    if (bot) return this.tg.toMessage(bot);
    return { message_id: messageId, date: 0, chat: this.chat } as Message;
  }

  private memberUpdate(from: "member" | "kicked", to: "member" | "kicked"): number {
    const date = Math.floor(Date.now() / 1000);
    const bot = this.tg.botUser();
    const member = (status: "member" | "kicked") =>
      status === "kicked" ? { status, user: bot, until_date: 0 } : { status, user: bot };
    return this.tg.pushUpdate({
      my_chat_member: {
        chat: this.chat,
        from: this.from,
        date,
        old_chat_member: member(from),
        new_chat_member: member(to),
      },
    } as Omit<Update, "update_id">);
  }
}

function toPredicate(matcher: Matcher): (message: BotMessage) => boolean {
  if (typeof matcher === "function") return matcher;
  if (typeof matcher === "string") return (m) => m.text.includes(matcher);
  return (m) => matcher.test(m.text);
}
