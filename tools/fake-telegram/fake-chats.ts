import type { Chat, Message, UserFromGetMe } from "grammy/types";
import type {
  BotMessage,
  ChatEvent,
  ForumTopicRecord,
  Params,
  PhotoFile,
  UserMessageContent,
} from "./fake-telegram-types.ts";
import type { UploadedFile } from "./telegram-request.ts";
import { badRequest, checkMarkup, formatText, inlineKeyboardOf } from "./telegram-validate.ts";

export interface ChatState {
  chat: Chat;
  botMessages: Map<number, BotMessage>;
  userMessages: Set<number>;
  /** What the users' messages held, for copyMessage. */
  userContent: Map<number, UserMessageContent>;
  nextMessageId: number;
  /** Forum topics by message_thread_id (forum supergroups). */
  topics: Map<number, ForumTopicRecord>;
}

/**
 * The chats as Telegram keeps them: one message-id sequence per chat shared by the users' and the
 * bot's messages, each bot message's current state, and the ordered events (sent, edited,
 * deleted) that users wait on.
 */
export class ChatStore {
  private readonly chats = new Map<number, ChatState>();
  private readonly events = new Map<number, ChatEvent[]>();
  private readonly fileIds = new Set<string>();
  private nextFileId = 1;
  private lastSeq = 0;

  constructor(
    private readonly botUser: () => UserFromGetMe,
    private readonly changed: () => void,
  ) {}

  get seq(): number {
    return this.lastSeq;
  }

  /** Records how a chat looks (type, title, names) for the messages and updates about it. */
  register(chat: Chat): void {
    this.state(chat.id).chat = chat;
  }

  newUserMessageId(chatId: number): number {
    const chat = this.state(chatId);
    const id = chat.nextMessageId++;
    chat.userMessages.add(id);
    return id;
  }

  sentTo(chatId: number): BotMessage[] {
    return [...(this.chats.get(chatId)?.botMessages.values() ?? [])].map((m) => ({ ...m }));
  }

  message(chatId: number, messageId: number): BotMessage | undefined {
    const message = this.chats.get(chatId)?.botMessages.get(messageId);
    return message && { ...message };
  }

  eventsSince(chatId: number, mark: number): ChatEvent[] {
    const events = this.events.get(chatId) ?? [];
    // Waiters re-check at every change; scanning back from the newest keeps that cheap in long runs.
    let start = events.length;
    while (start > 0 && events[start - 1]!.seq > mark) start--;
    return events.slice(start);
  }

  /** The message object Telegram would put in an update or answer for a bot message. */
  toMessage(message: BotMessage): Message {
    const chat = this.state(message.chatId).chat;
    const inline = message.replyMarkup;
    const body: Record<string, unknown> = {
      message_id: message.messageId,
      date: message.date,
      chat,
      from: this.botUser(),
      ...(message.editDate ? { edit_date: message.editDate } : {}),
    };
    if (message.photo) {
      const fileId = message.photoFile?.fileId ?? "photo";
      body.photo = [90, 320, 800].map((width) => ({
        file_id: `${fileId}_${width}`,
        file_unique_id: `${fileId.slice(-8)}${width}`,
        width,
        height: width,
      }));
      if (message.text) body.caption = message.text;
      if (message.entities.length > 0) body.caption_entities = message.entities;
    } else {
      body.text = message.text;
      if (message.entities.length > 0) body.entities = message.entities;
    }
    if (message.document) {
      body.document = {
        file_id: message.document.fileId,
        file_unique_id: message.document.fileId.slice(-8),
        file_name: message.document.fileName,
      };
      delete body.text;
      delete body.entities;
      if (message.text) body.caption = message.text;
    }
    if (message.threadId !== undefined) {
      body.message_thread_id = message.threadId;
      body.is_topic_message = true;
    }
    if (inline) body.reply_markup = inline;
    return body as unknown as Message;
  }

  /** A chat's state, created on first use (as when the bot writes to a chat id it was given). */
  state(chatId: number): ChatState {
    let state = this.chats.get(chatId);
    if (!state) {
      const chat: Chat =
        chatId > 0
          ? { id: chatId, type: "private", first_name: `User${chatId}` }
          : chatId < -1_000_000_000_000
            ? { id: chatId, type: "supergroup", title: "Test supergroup" }
            : { id: chatId, type: "group", title: "Test group" };
      state = {
        chat,
        botMessages: new Map(),
        userMessages: new Set(),
        userContent: new Map(),
        nextMessageId: 1,
        topics: new Map(),
      };
      this.chats.set(chatId, state);
    }
    return state;
  }

  private targetChat(p: Params): ChatState {
    const chatId = Number(p.chat_id);
    if (p.chat_id === undefined || p.chat_id === "") throw badRequest("chat_id is empty");
    if (!Number.isSafeInteger(chatId)) throw badRequest("chat not found");
    return this.state(chatId);
  }

  send(p: Params, kind: "text" | "caption"): Message {
    const chat = this.targetChat(p);
    if (kind === "text" && (p.text === undefined || p.text === null))
      throw badRequest("message text is empty");
    const raw = String((kind === "text" ? p.text : p.caption) ?? "");
    const parseMode = p.parse_mode === undefined ? undefined : String(p.parse_mode);
    const { text, entities } = formatText(
      raw,
      parseMode,
      kind === "text" ? p.entities : p.caption_entities,
      kind,
    );
    const markup = checkMarkup(p.reply_markup);
    const photoFile = kind === "caption" ? this.photoOf(p.photo) : undefined;
    const replyParameters = p.reply_parameters as { message_id?: unknown } | undefined;
    const replyTo = Number(replyParameters?.message_id ?? p.reply_to_message_id);
    const threadId = this.threadOf(chat, p);
    const message: BotMessage = {
      messageId: chat.nextMessageId++,
      chatId: chat.chat.id,
      method: kind === "text" ? "sendMessage" : "sendPhoto",
      text,
      raw,
      parseMode,
      entities,
      replyMarkup: inlineKeyboardOf(markup),
      keyboard: markup && !("inline_keyboard" in markup) ? markup : undefined,
      photo: kind === "caption",
      photoFile,
      replyTo: Number.isFinite(replyTo) ? replyTo : undefined,
      ...(threadId !== undefined ? { threadId } : {}),
      date: unixNow(),
      editDate: undefined,
      edited: false,
      deleted: false,
    };
    chat.botMessages.set(message.messageId, message);
    this.emit("sent", message);
    return this.toMessage(message);
  }

  /** Records what a user's message held (copyMessage copies it). */
  recordUserMessage(chatId: number, messageId: number, content: UserMessageContent): void {
    this.state(chatId).userContent.set(messageId, content);
  }

  /** A new file id Telegram would give a user's upload. */
  userFileId(): string {
    return this.newFileId();
  }

  /**
   * copyMessage: the message (a user's or the bot's) sent again by the bot into another chat,
   * without a link to the original; `caption` replaces a photo's or document's caption.
   */
  copy(p: Params): { message_id: number } {
    const from = this.chats.get(Number(p.from_chat_id));
    const sourceId = Number(p.message_id);
    if (!from) throw badRequest("chat not found");
    const bot = from.botMessages.get(sourceId);
    const user = from.userContent.get(sourceId);
    if ((!bot || bot.deleted) && !user) throw badRequest("message to copy not found");
    const chat = this.targetChat(p);
    const media = bot ? bot.photo || bot.document !== undefined : !user?.text;
    const parseMode = p.parse_mode === undefined ? undefined : String(p.parse_mode);
    const raw =
      media && p.caption !== undefined
        ? String(p.caption)
        : bot
          ? bot.raw
          : (user?.text ?? user?.caption ?? "");
    const { text, entities } =
      media && p.caption !== undefined
        ? formatText(raw, parseMode, p.caption_entities, "caption")
        : { text: bot ? bot.text : raw, entities: bot ? bot.entities : [] };
    const markup = checkMarkup(p.reply_markup);
    const replyParameters = p.reply_parameters as { message_id?: unknown } | undefined;
    const replyTo = Number(replyParameters?.message_id ?? p.reply_to_message_id);
    const threadId = this.threadOf(chat, p);
    const photo = bot ? bot.photo : user?.photo !== undefined;
    const document = bot ? bot.document : user?.document;
    const message: BotMessage = {
      messageId: chat.nextMessageId++,
      chatId: chat.chat.id,
      method: "copyMessage",
      text,
      raw,
      parseMode: media ? parseMode : bot?.parseMode,
      entities,
      replyMarkup: inlineKeyboardOf(markup),
      keyboard: undefined,
      photo,
      photoFile:
        bot?.photoFile ?? (user?.photo ? { source: "file_id", fileId: user.photo } : undefined),
      ...(document ? { document } : {}),
      replyTo: Number.isFinite(replyTo) ? replyTo : undefined,
      ...(threadId !== undefined ? { threadId } : {}),
      date: unixNow(),
      editDate: undefined,
      edited: false,
      deleted: false,
    };
    chat.botMessages.set(message.messageId, message);
    this.emit("sent", message);
    return { message_id: message.messageId };
  }

  /** createForumTopic: only in a forum supergroup; the thread id is the topic's first message id. */
  createTopic(p: Params): { message_thread_id: number; name: string; icon_color: number } {
    const chat = this.targetChat(p);
    if (!(chat.chat.type === "supergroup" && chat.chat.is_forum)) {
      throw badRequest("the chat is not a forum");
    }
    const name = String(p.name ?? "");
    if (name.length < 1 || name.length > 128) throw badRequest("TOPIC_TITLE_EMPTY");
    const threadId = chat.nextMessageId++;
    chat.topics.set(threadId, { chatId: chat.chat.id, threadId, name, closed: false });
    this.changed();
    return { message_thread_id: threadId, name, icon_color: 7322096 };
  }

  closeTopic(p: Params): true {
    const topic = this.chats.get(Number(p.chat_id))?.topics.get(Number(p.message_thread_id));
    if (!topic) throw badRequest("message thread not found");
    topic.closed = true;
    return true;
  }

  topicsOf(chatId: number): ForumTopicRecord[] {
    return [...(this.chats.get(chatId)?.topics.values() ?? [])].map((t) => ({ ...t }));
  }

  /** The forum topic a send names: it must exist in a forum; elsewhere it is refused. */
  private threadOf(chat: ChatState, p: Params): number | undefined {
    if (p.message_thread_id === undefined) return undefined;
    const threadId = Number(p.message_thread_id);
    const forum = chat.chat.type === "supergroup" && chat.chat.is_forum;
    if (!forum || !chat.topics.has(threadId)) throw badRequest("message thread not found");
    return threadId;
  }

  private photoOf(photo: unknown): PhotoFile {
    if (photo && typeof photo === "object" && (photo as UploadedFile).kind === "upload") {
      const upload = photo as UploadedFile;
      if (upload.size === 0) throw badRequest("file must be non-empty");
      const fileId = this.newFileId();
      return { source: "upload", fileId, upload };
    }
    if (typeof photo === "string" && /^https?:\/\/\S+$/i.test(photo)) {
      return { source: "url", fileId: this.newFileId(), url: photo };
    }
    if (typeof photo === "string" && this.fileIds.has(photo.replace(/_\d+$/, ""))) {
      return { source: "file_id", fileId: photo.replace(/_\d+$/, "") };
    }
    if (photo === undefined || photo === "") throw badRequest("there is no photo in the request");
    throw badRequest("wrong file identifier/HTTP URL specified");
  }

  private newFileId(): string {
    const id = `AgACAgIAAxkBAAI${String(this.nextFileId++).padStart(6, "0")}`;
    this.fileIds.add(id);
    return id;
  }

  edit(method: string, p: Params): Message | true {
    if (p.inline_message_id !== undefined) {
      // Messages sent via inline mode live in other chats; Telegram answers true for them.
      if (method === "editMessageText")
        formatText(String(p.text ?? ""), p.parse_mode, p.entities, "text");
      checkMarkup(p.reply_markup);
      return true;
    }
    const chat = this.chats.get(Number(p.chat_id));
    const messageId = Number(p.message_id);
    const message = chat?.botMessages.get(messageId);
    if (!message || message.deleted) {
      if (chat?.userMessages.has(messageId)) throw badRequest("message can't be edited");
      throw badRequest("message to edit not found");
    }
    let { text, raw, entities, parseMode } = message;
    if (method === "editMessageText") {
      if (message.photo) throw badRequest("there is no text in the message to edit");
      raw = String(p.text ?? "");
      parseMode = p.parse_mode === undefined ? undefined : String(p.parse_mode);
      ({ text, entities } = formatText(raw, parseMode, p.entities, "text"));
    } else if (method === "editMessageCaption") {
      if (!message.photo) throw badRequest("there is no caption in the message to edit");
      raw = String(p.caption ?? "");
      parseMode = p.parse_mode === undefined ? undefined : String(p.parse_mode);
      ({ text, entities } = formatText(raw, parseMode, p.caption_entities, "caption"));
    }
    const markup = checkMarkup(p.reply_markup);
    if (markup && !("inline_keyboard" in markup)) throw badRequest("inline keyboard expected");
    const replyMarkup = inlineKeyboardOf(markup);
    const same =
      text === message.text &&
      JSON.stringify(entities) === JSON.stringify(message.entities) &&
      JSON.stringify(replyMarkup ?? null) === JSON.stringify(message.replyMarkup ?? null);
    if (same) {
      throw badRequest(
        "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
      );
    }
    Object.assign(message, {
      text,
      raw,
      entities,
      parseMode,
      replyMarkup,
      edited: true,
      editDate: unixNow(),
    });
    this.emit("edited", message);
    return this.toMessage(message);
  }

  deleteMessage(p: Params): true {
    const chat = this.chats.get(Number(p.chat_id));
    const messageId = Number(p.message_id);
    const message = chat?.botMessages.get(messageId);
    if (message && !message.deleted) {
      message.deleted = true;
      this.emit("deleted", message);
      return true;
    }
    if (chat?.userMessages.delete(messageId)) return true;
    throw badRequest("message to delete not found");
  }

  private emit(kind: ChatEvent["kind"], message: BotMessage): void {
    const events = this.events.get(message.chatId) ?? [];
    events.push({
      seq: ++this.lastSeq,
      chatId: message.chatId,
      kind,
      at: Date.now(),
      message: { ...message },
    });
    this.events.set(message.chatId, events);
    this.changed();
  }
}

function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
