import { and, asc, count, eq, isNull, lte, notExists, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { chats, notifications } from "../schema.ts";

export interface PendingNotification {
  id: number;
  transactionId: string;
  chatId: number;
  status: string;
  attempts: number;
}

/** The outbox of status pushes. */
export function createNotificationsRepository(db: Db) {
  return {
    /** Queues the announcement of a status; a second one for the same status is ignored. */
    enqueue(transactionId: string, chatId: number, status: string, now = Date.now()): void {
      db.insert(notifications)
        .values({ transactionId, chatId, status, createdAt: now, nextAttemptAt: now })
        .onConflictDoNothing()
        .run();
    },
    /** Unsent and due, oldest first, skipping chats that blocked the bot. */
    due(limit: number, now = Date.now()): PendingNotification[] {
      return db
        .select({
          id: notifications.id,
          transactionId: notifications.transactionId,
          chatId: notifications.chatId,
          status: notifications.status,
          attempts: notifications.attempts,
        })
        .from(notifications)
        .where(
          and(
            isNull(notifications.sentAt),
            lte(notifications.nextAttemptAt, now),
            notExists(
              db
                .select({ one: sql`1` })
                .from(chats)
                .where(and(eq(chats.id, notifications.chatId), sql`${chats.blockedAt} is not null`)),
            ),
          ),
        )
        .orderBy(asc(notifications.id))
        .limit(limit)
        .all();
    },
    markSent(id: number, now = Date.now()): void {
      db.update(notifications).set({ sentAt: now }).where(eq(notifications.id, id)).run();
    },
    retryLater(id: number, error: string, retryAt: number): void {
      db.update(notifications)
        .set({ attempts: sql`${notifications.attempts} + 1`, lastError: error.slice(0, 500), nextAttemptAt: retryAt })
        .where(eq(notifications.id, id))
        .run();
    },
    pendingCount(): number {
      return db.select({ n: count() }).from(notifications).where(isNull(notifications.sentAt)).get()?.n ?? 0;
    },
    forTransaction(transactionId: string) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.transactionId, transactionId))
        .orderBy(asc(notifications.id))
        .all();
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
