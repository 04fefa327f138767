import type { Awaitable } from "../lib/awaitable.ts";

/** Per-chat settings as stored (db/'s chats table; frontends/chat-settings.ts caches it). */
export interface ChatsStore {
  language(chatId: number): Awaitable<string | undefined>;
  setLanguage(chatId: number, language: string): Awaitable<void>;
  /**
   * The chat talks to us; `languageHint` (Telegram's) is kept only while no locale is stored.
   * Returns the chat's stored language after it (the hint, or the locale kept).
   */
  touch(chatId: number, type: string, languageHint?: string): Awaitable<string | undefined>;
  markBlocked(chatId: number, now?: number): Awaitable<void>;
}
