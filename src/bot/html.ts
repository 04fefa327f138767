/** Escapes text for Telegram's HTML parse mode. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const FORMATTED_METHODS = new Set([
  "sendMessage",
  "editMessageText",
  "sendPhoto",
  "editMessageCaption",
  "copyMessage",
]);

/**
 * Every message the bot writes is HTML (tap-to-copy <code> for addresses and amounts): applied to
 * every Bot API call (see bot.ts), so handlers cannot forget the parse mode.
 */
export function withHtmlParseMode<P>(method: string, payload: P): P {
  if (
    FORMATTED_METHODS.has(method) &&
    payload &&
    !(typeof payload === "object" && "parse_mode" in payload)
  ) {
    return { ...payload, parse_mode: "HTML" };
  }
  return payload;
}
