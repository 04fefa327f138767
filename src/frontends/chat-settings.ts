import type { Awaitable } from "../lib/awaitable.ts";
import { Lru } from "../lib/lru.ts";
import type { ChatsStore } from "../swaps/chats-store.ts";

/** A chat is recorded as active at most this often: every message need not be a write. */
const TOUCH_EVERY_MS = 10 * 60_000;

/**
 * Per-chat settings read on every update (the language) and the "this chat talks to us" mark,
 * cached in memory in front of the chats table so a busy bot does not query the database per
 * update. Updates are handled by one process at a time (SQLite's only one, or PostgreSQL's
 * leader), so the cache does not go stale; a webhook fleet may show a language another instance
 * just changed only once that instance's cache forgets the chat.
 */
export function createChatSettings(chats: ChatsStore, capacity = 20_000) {
  const languages = new Lru<number, string | null>(capacity);
  const touched = new Lru<number, number>(capacity);
  return {
    /** At once from the cache (every update asks): a promise only when the store is read. */
    language(chatId: number): Awaitable<string | undefined> {
      const cached = languages.get(chatId);
      if (cached !== undefined) return cached ?? undefined;
      return (async () => {
        const stored = (await chats.language(chatId)) ?? null;
        languages.set(chatId, stored);
        return stored ?? undefined;
      })();
    },
    async setLanguage(chatId: number, chatType: string, language: string): Promise<void> {
      await chats.touch(chatId, chatType);
      await chats.setLanguage(chatId, language);
      languages.set(chatId, language);
    },
    /** Telegram said 403: the next message from the chat must be recorded again to unblock it. */
    async markBlocked(chatId: number, now = Date.now()): Promise<void> {
      touched.delete(chatId);
      await chats.markBlocked(chatId, now);
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
    touch(
      chatId: number,
      chatType: string,
      languageHint?: string,
      now = Date.now(),
    ): Awaitable<void> {
      const last = touched.get(chatId);
      // Most messages: nothing to write, and no promise to make for it.
      if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
      touched.set(chatId, now);
      const hint = chatType === "private" ? languageHint?.slice(0, 2).toLowerCase() : undefined;
      return (async () => {
        let stored: string | undefined;
        try {
          stored = await chats.touch(chatId, chatType, hint);
        } catch (error) {
          touched.delete(chatId);
          throw error;
        }
        // The store kept a language already there, else took the hint: the cache holds what the
        // row now does, and the chat's language needs no query (the bot touches before it asks).
        languages.set(chatId, stored ?? null);
      })();
    },
  };
}
