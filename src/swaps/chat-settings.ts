import { Lru } from "../lib/lru.ts";
import type { ChatsStore } from "./ports.ts";

/** A chat is recorded as active at most this often: every message need not be a write. */
const TOUCH_EVERY_MS = 10 * 60_000;

/**
 * Per-chat settings read on every update (the language) and the "this chat talks to us" mark,
 * cached in memory in front of the chats table so a busy bot does not query SQLite per update.
 * This process is the only writer, so the cache cannot go stale.
 */
export function createChatSettings(chats: ChatsStore, capacity = 20_000) {
  const languages = new Lru<number, string | null>(capacity);
  const touched = new Lru<number, number>(capacity);
  return {
    language(chatId: number): string | undefined {
      const cached = languages.get(chatId);
      if (cached !== undefined) return cached ?? undefined;
      const stored = chats.language(chatId) ?? null;
      languages.set(chatId, stored);
      return stored ?? undefined;
    },
    setLanguage(chatId: number, chatType: string, language: string): void {
      chats.touch(chatId, chatType);
      chats.setLanguage(chatId, language);
      languages.set(chatId, language);
    },
    /** Telegram said 403: the next message from the chat must be recorded again to unblock it. */
    markBlocked(chatId: number, now = Date.now()): void {
      touched.delete(chatId);
      chats.markBlocked(chatId, now);
    },
    /** The chat's row may be gone (/forget): nothing cached about it may outlive it. */
    forget(chatId: number): void {
      touched.delete(chatId);
      languages.delete(chatId);
    },
    /**
     * A private chat's Telegram language is stored as a first guess, so that pushes (sent outside
     * any update) speak it too; it never overrides a locale chosen with /language.
     */
    touch(chatId: number, chatType: string, languageHint?: string, now = Date.now()): void {
      const last = touched.get(chatId);
      if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
      touched.set(chatId, now);
      const hint = chatType === "private" ? languageHint?.slice(0, 2).toLowerCase() : undefined;
      chats.touch(chatId, chatType, hint);
      if (hint && languages.get(chatId) === null) languages.delete(chatId);
    },
  };
}
