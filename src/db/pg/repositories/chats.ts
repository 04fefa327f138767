import { eq, sql } from "drizzle-orm";
import type { Chat } from "../../repositories/chats.ts";
import type { PgDb } from "../client.ts";
import { chats } from "../schema.ts";

/** The chats repository (`../../repositories/chats.ts`) on PostgreSQL. */
export function createPgChatsRepository(db: PgDb) {
  const upsert = async (
    chatId: number,
    type: string,
    languageCode?: string,
    now = Date.now(),
  ): Promise<void> => {
    await db
      .insert(chats)
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
      });
  };

  const get = async (chatId: number): Promise<Chat | undefined> => {
    const [row] = await db.select().from(chats).where(eq(chats.id, chatId));
    return row;
  };

  return {
    upsert,
    touch: (chatId: number, type: string, now = Date.now()) => upsert(chatId, type, undefined, now),
    get,

    async language(chatId: number): Promise<string | undefined> {
      return (await get(chatId))?.languageCode ?? undefined;
    },

    async setLanguage(chatId: number, languageCode: string, now = Date.now()): Promise<void> {
      await db
        .insert(chats)
        .values({ id: chatId, type: "unknown", languageCode, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: chats.id, set: { languageCode, updatedAt: now } });
    },

    async markBlocked(chatId: number, now = Date.now()): Promise<void> {
      await db
        .insert(chats)
        .values({ id: chatId, type: "unknown", blockedAt: now, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: chats.id, set: { blockedAt: now, updatedAt: now } });
    },

    async markUnblocked(chatId: number, now = Date.now()): Promise<void> {
      await db.update(chats).set({ blockedAt: null, updatedAt: now }).where(eq(chats.id, chatId));
    },

    async isBlocked(chatId: number): Promise<boolean> {
      return (await get(chatId))?.blockedAt != null;
    },
  };
}
