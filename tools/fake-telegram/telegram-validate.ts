import type {
  ForceReply,
  InlineKeyboardMarkup,
  MessageEntity,
  ReplyKeyboardMarkup,
  ReplyKeyboardRemove,
} from "grammy/types";
import { EntityParseError, parseHtml } from "./telegram-html.ts";

/** A Bot API error as Telegram reports it: status code, description, optional parameters. */
export class TelegramError extends Error {
  constructor(
    readonly code: number,
    description: string,
    readonly parameters?: { retry_after?: number; migrate_to_chat_id?: number },
  ) {
    super(description);
  }
}

export const badRequest = (description: string) =>
  new TelegramError(400, `Bad Request: ${description}`);

/** Telegram's usual description for an error code, when a test does not give one. */
export function defaultDescription(code: number, retryAfter?: number): string {
  switch (code) {
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden: bot was blocked by the user";
    case 404:
      return "Not Found";
    case 409:
      return "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running";
    case 429:
      return `Too Many Requests: retry after ${retryAfter ?? 1}`;
    case 500:
      return "Internal Server Error";
    case 502:
      return "Bad Gateway";
    default:
      return `Error ${code}`;
  }
}

export type AnyMarkup =
  | InlineKeyboardMarkup
  | ReplyKeyboardMarkup
  | ReplyKeyboardRemove
  | ForceReply;

const CALLBACK_KINDS = [
  "callback_data",
  "url",
  "web_app",
  "login_url",
  "switch_inline_query",
  "switch_inline_query_current_chat",
  "switch_inline_query_chosen_chat",
  "copy_text",
  "callback_game",
  "pay",
];

/** Checks a reply_markup the way Telegram does; returns it typed. */
export function checkMarkup(markup: unknown): AnyMarkup | undefined {
  if (markup === undefined || markup === null || markup === "") return undefined;
  if (typeof markup !== "object") throw badRequest("can't parse reply keyboard markup JSON object");
  if (!("inline_keyboard" in markup)) return markup as AnyMarkup;
  const rows = (markup as { inline_keyboard: unknown }).inline_keyboard;
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
    throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
  }
  if (rows.flat().length > 100) throw badRequest("too many inline keyboard buttons");
  for (const button of rows.flat() as Array<Record<string, unknown>>) {
    if (typeof button?.text !== "string") {
      throw badRequest('can\'t parse inline keyboard button: Field "text" must be of type String');
    }
    const kinds = CALLBACK_KINDS.filter((k) => button[k] !== undefined);
    if (kinds.length !== 1) {
      throw badRequest(
        "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
      );
    }
    if (button.callback_data !== undefined) {
      const data = String(button.callback_data);
      const bytes = Buffer.byteLength(data);
      if (bytes < 1 || bytes > 64) throw badRequest("BUTTON_DATA_INVALID");
    }
    if (button.copy_text !== undefined) {
      const copied = (button.copy_text as { text?: unknown } | null)?.text;
      if (typeof copied !== "string" || copied.length < 1 || copied.length > 256) {
        throw badRequest(
          "can't parse inline keyboard button: copy_text text must be 1-256 characters",
        );
      }
    }
    if (button.url !== undefined && !/^(https?|tg):\/\/\S+$/i.test(String(button.url))) {
      throw badRequest(
        `inline keyboard button URL '${String(button.url)}' is invalid: Wrong HTTP URL`,
      );
    }
  }
  return markup as InlineKeyboardMarkup;
}

export function inlineKeyboardOf(markup: AnyMarkup | undefined): InlineKeyboardMarkup | undefined {
  return markup && "inline_keyboard" in markup ? markup : undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text plus parse_mode (or explicit entities) → what the chat shows, checked against limits. */
export function formatText(
  raw: string,
  parseMode: unknown,
  explicitEntities: unknown,
  kind: "text" | "caption",
): { text: string; entities: MessageEntity[] } {
  // A lone surrogate (an emoji cut in half) is not UTF-8: Telegram refuses the text.
  if (LONE_SURROGATE.test(raw)) {
    throw badRequest(`${kind === "text" ? "text" : "message caption"} must be encoded in UTF-8`);
  }
  let text = raw;
  let entities: MessageEntity[] = [];
  if (Array.isArray(explicitEntities)) {
    entities = explicitEntities as MessageEntity[];
  } else if (parseMode !== undefined && parseMode !== null && parseMode !== "") {
    const mode = String(parseMode).toLowerCase();
    if (mode === "html") {
      try {
        ({ text, entities } = parseHtml(raw));
      } catch (error) {
        if (error instanceof EntityParseError)
          throw badRequest(`can't parse entities: ${error.message}`);
        throw error;
      }
    } else if (mode !== "markdown" && mode !== "markdownv2") {
      throw badRequest("unsupported parse_mode");
    }
  }
  if (kind === "text") {
    if (text.trim() === "") throw badRequest("message text is empty");
    if (text.length > 4096) throw badRequest("message is too long");
  } else if (text.length > 1024) {
    throw badRequest("message caption is too long");
  }
  return { text, entities };
}

/** answerInlineQuery's results, checked as Telegram checks them. */
export function checkInlineResults(results: unknown): Array<Record<string, unknown>> {
  if (results === undefined) throw badRequest('parameter "results" is required');
  if (!Array.isArray(results)) throw badRequest("can't parse inline query results JSON object");
  if (results.length > 50) throw badRequest("RESULTS_TOO_MUCH");
  const ids = new Set<string>();
  for (const result of results as Array<Record<string, unknown>>) {
    const id = String(result?.id ?? "");
    if (!id || Buffer.byteLength(id) > 64) throw badRequest("RESULT_ID_INVALID");
    if (ids.has(id)) throw badRequest("RESULT_ID_DUPLICATE");
    ids.add(id);
    if (typeof result.type !== "string")
      throw badRequest('can\'t parse InlineQueryResult: Field "type" must be of type String');
    checkMarkup(result.reply_markup);
    const content = result.input_message_content as Record<string, unknown> | undefined;
    if (content && typeof content.message_text === "string") {
      formatText(content.message_text, content.parse_mode, content.entities, "text");
    }
    if (typeof result.caption === "string") {
      formatText(result.caption, result.parse_mode, result.caption_entities, "caption");
    }
  }
  return results as Array<Record<string, unknown>>;
}

const COMMAND = /^[a-z0-9_]{1,32}$/;

export function checkCommands(commands: unknown): Array<{ command: string; description: string }> {
  if (!Array.isArray(commands)) throw badRequest("can't parse commands JSON object");
  if (commands.length > 100) throw badRequest("too many commands specified");
  for (const c of commands as Array<Record<string, unknown>>) {
    if (!COMMAND.test(String(c?.command ?? ""))) throw badRequest("BOT_COMMAND_INVALID");
    const description = String(c.description ?? "");
    if (description.length < 1 || description.length > 256) {
      throw badRequest("command description must be non-empty");
    }
  }
  return commands as Array<{ command: string; description: string }>;
}

const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);

export function checkChatAction(action: unknown): string {
  if (!CHAT_ACTIONS.has(String(action))) throw badRequest("wrong parameter action in request");
  return String(action);
}
