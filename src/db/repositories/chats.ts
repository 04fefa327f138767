import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { type ChatRow, chats } from "../schema.ts";

export type Chat = ChatRow;

/** The chats the bot talks to: their chosen locale and whether they blocked the bot. */
export function createChatsRepository(db: Db) {
  /**
   * Records a chat that just sent us an update. It talked to us, so it no longer blocks the bot.
   * `languageCode` (Telegram's hint) is only a first guess: it never overrides a chosen locale.
   */
  const upsert = (chatId: number, type: string, languageCode?: string, now = Date.now()): void => {
    db.insert(chats)
      .values({
        id: chatId,
        type,
        languageCode: languageCode ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: chats.id,
        set: {
          type,
          blockedAt: null,
          languageCode: sql`coalesce(${chats.languageCode}, ${languageCode ?? null})`,
          updatedAt: now,
        },
      })
      .run();
  };

  const get = (chatId: number): Chat | undefined =>
    db.select().from(chats).where(eq(chats.id, chatId)).get();

  return {
    upsert,
    /** `upsert` without a language hint. */
    touch(chatId: number, type: string, now = Date.now()): void {
      upsert(chatId, type, undefined, now);
    },

    get,

    /** The chat's locale, or undefined for "use the default". */
    language(chatId: number): string | undefined {
      return get(chatId)?.languageCode ?? undefined;
    },

    /** The user's explicit choice. A chat not recorded yet gets a row of type "unknown". */
    setLanguage(chatId: number, languageCode: string, now = Date.now()): void {
      db.insert(chats)
        .values({ id: chatId, type: "unknown", languageCode, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: chats.id, set: { languageCode, updatedAt: now } })
        .run();
    },

    /**
     * Telegram answered 403: pushes to this chat are skipped until it talks to us again. A chat not
     * recorded yet gets a row of type "unknown" (its next update through `upsert` corrects it).
     */
    markBlocked(chatId: number, now = Date.now()): void {
      db.insert(chats)
        .values({ id: chatId, type: "unknown", blockedAt: now, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: chats.id, set: { blockedAt: now, updatedAt: now } })
        .run();
    },

    markUnblocked(chatId: number, now = Date.now()): void {
      db.update(chats).set({ blockedAt: null, updatedAt: now }).where(eq(chats.id, chatId)).run();
    },

    isBlocked(chatId: number): boolean {
      return get(chatId)?.blockedAt != null;
    },
  };
}

export type ChatsRepository = ReturnType<typeof createChatsRepository>;
