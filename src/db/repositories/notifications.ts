import { and, asc, count, eq, isNotNull, isNull, lt, lte, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { OutboxEntry, OutboxKind } from "../../swaps/ports.ts";
import type { Db, DbExecutor } from "../client.ts";
import { chats, type NotificationRow, notifications } from "../schema.ts";

export type Notification = NotificationRow;

/** Longest error text kept: enough to diagnose, bounded so a huge error cannot bloat the table. */
const MAX_ERROR_LENGTH = 500;

/** Something to tell a chat, with the key that makes it one message whoever queues it again. */
export interface OutboxInput {
  kind: OutboxKind;
  chatId: number;
  transactionId?: string;
  intentKey?: string;
  status?: string;
  dedupeKey: string;
}

/** The key of a status push: one per transaction and status. */
export const statusKey = (transactionId: string, status: string) =>
  `status:${transactionId}:${status}`;

/** The key of a "taking longer than usual" message: one per transaction and status. */
export const stuckKey = (transactionId: string, status: string) =>
  `stuck:${transactionId}:${status}`;

/** The key of a "given up" message: one per transaction, ever. */
export const givenUpKey = (transactionId: string) => `given-up:${transactionId}`;

/**
 * Queues a message. A second one with the same key is ignored (UNIQUE), so a retried tracker cycle
 * cannot queue a change twice. Takes an executor so that other repositories can call it inside
 * their own SQLite transaction. Returns whether a row was added.
 */
export function enqueueOutbox(executor: DbExecutor, input: OutboxInput, now: number): boolean {
  const result = executor
    .insert(notifications)
    .values({
      kind: input.kind,
      chatId: input.chatId,
      transactionId: input.transactionId ?? null,
      intentKey: input.intentKey ?? null,
      status: input.status ?? null,
      dedupeKey: input.dedupeKey,
      createdAt: now,
      nextAttemptAt: now,
    })
    .onConflictDoNothing()
    .run();
  return result.changes === 1;
}

/** Queues the push of one status change. */
export function enqueueNotification(
  executor: DbExecutor,
  input: { transactionId: string; chatId: number; status: string },
  now: number,
): boolean {
  return enqueueOutbox(
    executor,
    { kind: "status", ...input, dedupeKey: statusKey(input.transactionId, input.status) },
    now,
  );
}

const unsent = () => and(isNull(notifications.sentAt), isNull(notifications.droppedAt));

/** The outbox of status pushes. */
export function createNotificationsRepository(db: Db) {
  const earlier = alias(notifications, "earlier");

  const markFailed = (id: number, error: string, retryAt: number, maybeSent = false): void => {
    db.update(notifications)
      .set({
        attempts: sql`${notifications.attempts} + 1`,
        lastError: error.slice(0, MAX_ERROR_LENGTH),
        nextAttemptAt: retryAt,
        ...(maybeSent ? { maybeSentAt: retryAt } : {}),
      })
      .where(and(eq(notifications.id, id), unsent()))
      .run();
  };

  return {
    enqueue(transactionId: string, chatId: number, status: string, now = Date.now()): boolean {
      return enqueueNotification(db, { transactionId, chatId, status }, now);
    },

    enqueueOutbox(input: OutboxInput, now = Date.now()): boolean {
      return enqueueOutbox(db, input, now);
    },

    /**
     * Unsent notifications whose time has come, oldest first. Skips chats that blocked the bot,
     * and holds a notification back while an earlier one of the same transaction is unsent, so a
     * chat never hears "exchanging" before the "confirming" that failed once and waits to retry.
     */
    due(limit: number, now = Date.now()): OutboxEntry[] {
      return db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          transactionId: notifications.transactionId,
          intentKey: notifications.intentKey,
          chatId: notifications.chatId,
          status: notifications.status,
          attempts: notifications.attempts,
          maybeSentAt: notifications.maybeSentAt,
        })
        .from(notifications)
        .where(
          and(
            unsent(),
            lte(notifications.nextAttemptAt, now),
            notExists(
              db
                .select({ one: sql`1` })
                .from(chats)
                .where(and(eq(chats.id, notifications.chatId), isNotNull(chats.blockedAt))),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(earlier)
                .where(
                  and(
                    eq(earlier.transactionId, notifications.transactionId),
                    lt(earlier.id, notifications.id),
                    isNull(earlier.sentAt),
                    isNull(earlier.droppedAt),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(notifications.id))
        .limit(limit)
        .all();
    },

    /** Telegram accepted it. Idempotent: the first time it was sent stays recorded. */
    markSent(id: number, now = Date.now()): void {
      db.update(notifications)
        .set({ sentAt: now })
        .where(and(eq(notifications.id, id), unsent()))
        .run();
    },

    /** Counts the attempt and schedules the next one. */
    markFailed,

    /** Given up on, unsent: it stays, so the same message is never queued again. */
    drop(id: number, reason: string, now = Date.now()): void {
      db.update(notifications)
        .set({ droppedAt: now, lastError: reason.slice(0, MAX_ERROR_LENGTH) })
        .where(and(eq(notifications.id, id), unsent()))
        .run();
    },

    /**
     * Gives up the unsent backlog of a chat (e.g. it comes back after blocking the bot and a pile
     * of stale statuses would be noise). The rows stay, so the same changes are not queued again.
     * Returns how many were dropped.
     */
    dropForChat(chatId: number, reason: string, now = Date.now()): number {
      return db
        .update(notifications)
        .set({ droppedAt: now, lastError: reason.slice(0, MAX_ERROR_LENGTH) })
        .where(and(eq(notifications.chatId, chatId), unsent()))
        .run().changes;
    },

    /** Unsent and not dropped, whether due now or waiting for a retry (blocked chats included). */
    pendingCount(): number {
      return db.select({ n: count() }).from(notifications).where(unsent()).get()?.n ?? 0;
    },

    forTransaction(transactionId: string): Notification[] {
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
