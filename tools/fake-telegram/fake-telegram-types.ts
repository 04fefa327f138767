import type { InlineKeyboardMarkup, MessageEntity } from "grammy/types";
import type { UploadedFile } from "./telegram-request.ts";
import type { AnyMarkup } from "./telegram-validate.ts";

export type { UploadedFile } from "./telegram-request.ts";
export type Params = Record<string, unknown>;

/** The JSON body the fake answered with. */
export type ApiResponse =
  | { ok: true; result: unknown }
  | {
      ok: false;
      error_code: number;
      description: string;
      parameters?: { retry_after?: number; migrate_to_chat_id?: number };
    };

/** One Bot API call as the bot made it (getUpdates is in `polls`, not here). */
export interface RecordedCall {
  method: string;
  params: Params;
  at: number;
  /** What the fake answered; undefined while the call is still being handled. */
  response?: ApiResponse;
  /** Set for calls the bot made in the body of a webhook response. */
  viaWebhookReply?: boolean;
  /** Which bot process made it, for calls through `apiRootFor(caller)`. */
  caller?: string;
}

export interface PhotoFile {
  source: "upload" | "file_id" | "url";
  /** The file_id Telegram would give the photo (reuse it to send the photo again). */
  fileId: string;
  url?: string;
  upload?: UploadedFile;
}

/** A bot message as the chat shows it (a snapshot in events, the live state in transcripts). */
export interface BotMessage {
  messageId: number;
  chatId: number;
  /** The method that sent it: sendMessage, sendPhoto. */
  method: string;
  /** What the user sees: the text with HTML parsed away, or the caption of a photo. */
  text: string;
  /** The text or caption as the bot sent it, with markup. */
  raw: string;
  parseMode: string | undefined;
  entities: MessageEntity[];
  replyMarkup: InlineKeyboardMarkup | undefined;
  /** A reply keyboard, keyboard removal or force-reply the message carried. */
  keyboard: AnyMarkup | undefined;
  photo: boolean;
  photoFile: PhotoFile | undefined;
  replyTo: number | undefined;
  /** The forum topic it was sent in (message_thread_id), if any. */
  threadId?: number;
  /** A document it carries (sent by copyMessage from a user's document). */
  document?: { fileId: string; fileName: string };
  date: number;
  editDate: number | undefined;
  edited: boolean;
  deleted: boolean;
}

export interface ChatEvent {
  seq: number;
  chatId: number;
  kind: "sent" | "edited" | "deleted";
  at: number;
  /** The message as it was right after this event. */
  message: BotMessage;
}

export interface FailOptions {
  errorCode: number;
  /** Defaults to Telegram's usual text for the code (429: "Too Many Requests: retry after N"). */
  description?: string;
  /** Sent as parameters.retry_after (seconds), as Telegram does with 429. */
  retryAfter?: number;
  migrateToChatId?: number;
  /** Only calls for this chat fail. */
  chatId?: number;
  /** How many matching calls fail (default 1). */
  times?: number;
}

export interface FakeTelegramOptions {
  /** Defaults to a random token of a bot with id 7000000001. */
  token?: string;
  botUsername?: string;
  botName?: string;
  /** How long a chat must stay quiet before `user.reply()`/`answer()` takes the bot's answer as complete. */
  quietMs?: number;
}

export interface CallbackAnswer {
  callback_query_id: string;
  text?: string;
  show_alert?: boolean;
  url?: string;
  cache_time?: number;
}

export interface InlineAnswer {
  inline_query_id: string;
  results: Array<
    Record<string, unknown> & { id?: string; type?: string; title?: string; description?: string }
  >;
  next_offset?: string;
  cache_time?: number;
  is_personal?: boolean;
  button?: Record<string, unknown>;
}

/** What a user sent, as the fake keeps it for copyMessage. */
export interface UserMessageContent {
  text?: string;
  caption?: string;
  photo?: string;
  document?: { fileId: string; fileName: string };
}

/** A forum topic the bot created (createForumTopic). */
export interface ForumTopicRecord {
  chatId: number;
  threadId: number;
  name: string;
  closed: boolean;
}
