import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { OutboxEntry } from "../../../swaps/ports.ts";
import { type OutboxInput, statusKey } from "../../repositories/notifications.ts";
import type { PgDb, PgExecutor } from "../client.ts";
import { chats, notifications } from "../schema.ts";

export type PgNotification = typeof notifications.$inferSelect;

/** Longest error text kept (as in SQLite). */
const MAX_ERROR_LENGTH = 500;

/** Queues a message unless one with its key exists; inside the caller's transaction if given. */
export async function enqueuePgOutbox(
  executor: PgExecutor,
  input: OutboxInput,
  now: number,
): Promise<boolean> {
  const inserted = await executor
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
    .onConflictDoNothing();
  return inserted.rowCount === 1;
}

/** Queues the push of one status change. */
export function enqueuePgNotification(
  executor: PgExecutor,
  input: { transactionId: string; chatId: number; status: string },
  now: number,
): Promise<boolean> {
  return enqueuePgOutbox(
    executor,
    { kind: "status", ...input, dedupeKey: statusKey(input.transactionId, input.status) },
    now,
  );
}

const unsent = () => and(isNull(notifications.sentAt), isNull(notifications.droppedAt));

const entryColumns = {
  id: notifications.id,
  kind: notifications.kind,
  transactionId: notifications.transactionId,
  intentKey: notifications.intentKey,
  chatId: notifications.chatId,
  status: notifications.status,
  attempts: notifications.attempts,
  maybeSentAt: notifications.maybeSentAt,
};

/** The outbox (`../../repositories/notifications.ts`) on PostgreSQL, with claims for sending. */
export function createPgNotificationsRepository(db: PgDb) {
  const earlier = alias(notifications, "earlier");

  /**
   * Unsent, due, not for a chat that blocked the bot, and not behind an earlier unsent row of
   * the same transaction (a chat never hears "exchanging" before the "confirming" that waits).
   */
  const dueWhere = (now: number): SQL | undefined =>
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
    );

  return {
    enqueue(transactionId: string, chatId: number, status: string, now = Date.now()) {
      return enqueuePgNotification(db, { transactionId, chatId, status }, now);
    },

    enqueueOutbox(input: OutboxInput, now = Date.now()) {
      return enqueuePgOutbox(db, input, now);
    },

    /** Unsent notifications whose time has come, oldest first (claims not considered). */
    due(limit: number, now = Date.now()): Promise<OutboxEntry[]> {
      return db
        .select(entryColumns)
        .from(notifications)
        .where(dueWhere(now))
        .orderBy(asc(notifications.id))
        .limit(limit);
    },

    /**
     * `due`, claimed for `owner` until `now + leaseMs` in the same statement: rows another
     * instance holds an unexpired claim on are skipped, and so are rows it is claiming at this
     * moment (SKIP LOCKED), so two senders never get the same row while a claim lasts. A sender
     * that dies leaves its rows to the others once the lease runs out.
     */
    async claimDue(
      limit: number,
      now: number,
      owner: string,
      leaseMs: number,
    ): Promise<OutboxEntry[]> {
      // Its own claims stay the owner's to take again: a row it held back (the chat's pace) must
      // not wait out the lease.
      const free = or(
        isNull(notifications.claimedUntil),
        lte(notifications.claimedUntil, now),
        eq(notifications.claimedBy, owner),
      );
      const candidates = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(dueWhere(now), free))
        .orderBy(asc(notifications.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      const claimed = await db
        .update(notifications)
        .set({ claimedBy: owner, claimedUntil: now + leaseMs })
        .where(inArray(notifications.id, candidates))
        .returning(entryColumns);
      return claimed.sort((a, b) => a.id - b.id);
    },

    /**
     * A new leader takes the outbox over: claims of any other sender are dropped, since the one
     * that held them has died or stepped down (a send it had in flight may arrive once more).
     * Returns how many were released.
     */
    async releaseClaimsExcept(owner: string): Promise<number> {
      const released = await db
        .update(notifications)
        .set({ claimedBy: null, claimedUntil: null })
        .where(
          and(unsent(), isNotNull(notifications.claimedBy), ne(notifications.claimedBy, owner)),
        )
        .returning({ id: notifications.id });
      return released.length;
    },

    /** Telegram accepted it. Idempotent: the first time it was sent stays recorded. */
    async markSent(id: number, now = Date.now()): Promise<void> {
      await db
        .update(notifications)
        .set({ sentAt: now, claimedBy: null, claimedUntil: null })
        .where(and(eq(notifications.id, id), unsent()));
    },

    /** Counts the attempt and schedules the next one, for whichever instance gets there. */
    async markFailed(id: number, error: string, retryAt: number, maybeSent = false): Promise<void> {
      await db
        .update(notifications)
        .set({
          attempts: sql`${notifications.attempts} + 1`,
          lastError: error.slice(0, MAX_ERROR_LENGTH),
          nextAttemptAt: retryAt,
          claimedBy: null,
          claimedUntil: null,
          ...(maybeSent ? { maybeSentAt: retryAt } : {}),
        })
        .where(and(eq(notifications.id, id), unsent()));
    },

    /** Given up on, unsent: it stays, so the same message is never queued again. */
    async drop(id: number, reason: string, now = Date.now()): Promise<void> {
      await db
        .update(notifications)
        .set({ droppedAt: now, lastError: reason.slice(0, MAX_ERROR_LENGTH) })
        .where(and(eq(notifications.id, id), unsent()));
    },

    /** Gives up the unsent backlog of a chat; returns how many were dropped. */
    async dropForChat(chatId: number, reason: string, now = Date.now()): Promise<number> {
      const dropped = await db
        .update(notifications)
        .set({ droppedAt: now, lastError: reason.slice(0, MAX_ERROR_LENGTH) })
        .where(and(eq(notifications.chatId, chatId), unsent()));
      return dropped.rowCount ?? 0;
    },

    /** Unsent and not dropped, whether due now or waiting for a retry (blocked chats included). */
    async pendingCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(unsent());
      return row?.n ?? 0;
    },

    forTransaction(transactionId: string): Promise<PgNotification[]> {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.transactionId, transactionId))
        .orderBy(asc(notifications.id));
    },
  };
}
