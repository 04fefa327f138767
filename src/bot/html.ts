import type { Transformer } from "grammy";

/** Escapes text for Telegram's HTML parse mode. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const FORMATTED_METHODS = new Set([
  "sendMessage",
  "editMessageText",
  "sendPhoto",
  "editMessageCaption",
]);

/**
 * Every message the bot writes is HTML (tap-to-copy <code> for addresses and amounts). Installing
 * it as a transformer keeps handlers from forgetting the parse mode.
 */
export const htmlParseMode: Transformer = (prev, method, payload, signal) => {
  if (FORMATTED_METHODS.has(method) && payload && !("parse_mode" in payload)) {
    return prev(method, { ...payload, parse_mode: "HTML" } as typeof payload, signal);
  }
  return prev(method, payload, signal);
};
