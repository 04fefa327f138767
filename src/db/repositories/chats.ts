import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { chats } from "../schema.ts";

export function createChatsRepository(db: Db) {
  return {
    /** Records a chat we talk to (and that it talks to us again, so it is not blocked). */
    touch(chatId: number, type: string, now = Date.now()): void {
      db.insert(chats)
        .values({ id: chatId, type, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: chats.id, set: { type, blockedAt: null, updatedAt: now } })
        .run();
    },
    language(chatId: number): string | undefined {
      return db.select({ l: chats.languageCode }).from(chats).where(eq(chats.id, chatId)).get()?.l ?? undefined;
    },
    setLanguage(chatId: number, languageCode: string, now = Date.now()): void {
      db.update(chats).set({ languageCode, updatedAt: now }).where(eq(chats.id, chatId)).run();
    },
    markBlocked(chatId: number, now = Date.now()): void {
      db.insert(chats)
        .values({ id: chatId, type: "private", blockedAt: now, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: chats.id, set: { blockedAt: now, updatedAt: now } })
        .run();
    },
    isBlocked(chatId: number): boolean {
      return !!db.select({ b: chats.blockedAt }).from(chats).where(eq(chats.id, chatId)).get()?.b;
    },
  };
}
