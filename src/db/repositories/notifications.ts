import { type SQL, sql } from "drizzle-orm";
import type { OutboxEntry, OutboxKind } from "../../swaps/ports.ts";
import { type Notification, notificationRow, outboxEntryRow } from "../rows.ts";
import { columnsOf, countOf, type Executor, insertInto, parseRows, type Seam } from "../seam.ts";

export type { Notification };

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
 * their own transaction. Returns whether a row was added.
 */
export async function enqueueOutbox(
  executor: Executor,
  input: OutboxInput,
  now: number,
): Promise<boolean> {
  const row = {
    kind: input.kind,
    chatId: input.chatId,
    transactionId: input.transactionId ?? null,
    intentKey: input.intentKey ?? null,
    status: input.status ?? null,
    dedupeKey: input.dedupeKey,
    createdAt: now,
    nextAttemptAt: now,
  };
  return (
    (await executor.run(sql`${insertInto("notifications", [row])} on conflict do nothing`)) === 1
  );
}

/** Queues the push of one status change. */
export function enqueueNotification(
  executor: Executor,
  input: { transactionId: string; chatId: number; status: string },
  now: number,
): Promise<boolean> {
  return enqueueOutbox(
    executor,
    { kind: "status", ...input, dedupeKey: statusKey(input.transactionId, input.status) },
    now,
  );
}

const UNSENT = sql`sent_at is null and dropped_at is null`;

/**
 * Unsent and due; not for a chat that blocked the bot; and not behind an earlier unsent row of the
 * same transaction, so a chat never hears "exchanging" before the "confirming" that failed once
 * and waits to retry.
 */
const dueAt = (now: number): SQL => sql`${UNSENT} and next_attempt_at <= ${now}
  and not exists (select 1 from chats
    where chats.id = notifications.chat_id and chats.blocked_at is not null)
  and not exists (select 1 from notifications earlier
    where earlier.transaction_id = notifications.transaction_id and earlier.id < notifications.id
      and earlier.sent_at is null and earlier.dropped_at is null)`;

const ENTRY = columnsOf(outboxEntryRow);

/** The outbox of everything the bot tells a chat unasked. */
export function createNotificationsRepository(db: Seam) {
  return {
    enqueue(transactionId: string, chatId: number, status: string, now = Date.now()) {
      return enqueueNotification(db, { transactionId, chatId, status }, now);
    },

    enqueueOutbox(input: OutboxInput, now = Date.now()) {
      return enqueueOutbox(db, input, now);
    },

    /** Unsent notifications whose time has come, oldest first (claims not considered). */
    async due(limit: number, now = Date.now()): Promise<OutboxEntry[]> {
      return parseRows(
        outboxEntryRow,
        await db.all(
          sql`select ${ENTRY} from notifications where ${dueAt(now)} order by id limit ${limit}`,
        ),
      );
    },

    /**
     * `due`, claimed for `owner` until `now + leaseMs` in the same statement, so that two senders
     * (instances sharing PostgreSQL) never get the same row while a claim lasts.
     */
    async claimDue(
      limit: number,
      now: number,
      owner: string,
      leaseMs: number,
    ): Promise<OutboxEntry[]> {
      const rows = await db.outbox.claim(
        "notifications",
        ENTRY,
        dueAt(now),
        limit,
        now,
        owner,
        now + leaseMs,
      );
      return parseRows(outboxEntryRow, rows);
    },

    /** A new leader takes the outbox over; returns how many claims of others were dropped. */
    releaseClaimsExcept: (owner: string): Promise<number> => db.outbox.releaseExcept(owner),

    /** Telegram accepted it. Idempotent: the first time it was sent stays recorded. */
    async markSent(id: number, now = Date.now()): Promise<void> {
      await db.run(sql`update notifications set sent_at = ${now}${db.outbox.ended}
        where id = ${id} and ${UNSENT}`);
    },

    /** Counts the attempt and schedules the next one, for whichever sender gets there. */
    async markFailed(id: number, error: string, retryAt: number, maybeSent = false): Promise<void> {
      await db.run(sql`update notifications set attempts = attempts + 1,
          last_error = ${error.slice(0, MAX_ERROR_LENGTH)}, next_attempt_at = ${retryAt}
          ${maybeSent ? sql`, maybe_sent_at = ${retryAt}` : sql``}${db.outbox.ended}
        where id = ${id} and ${UNSENT}`);
    },

    /** Given up on, unsent: it stays, so the same message is never queued again. */
    async drop(id: number, reason: string, now = Date.now()): Promise<void> {
      await db.run(sql`update notifications
        set dropped_at = ${now}, last_error = ${reason.slice(0, MAX_ERROR_LENGTH)}
        where id = ${id} and ${UNSENT}`);
    },

    /**
     * Gives up the unsent backlog of a chat (e.g. it comes back after blocking the bot and a pile
     * of stale statuses would be noise). The rows stay, so the same changes are not queued again.
     * Returns how many were dropped.
     */
    dropForChat(chatId: number, reason: string, now = Date.now()): Promise<number> {
      return db.run(sql`update notifications
        set dropped_at = ${now}, last_error = ${reason.slice(0, MAX_ERROR_LENGTH)}
        where chat_id = ${chatId} and ${UNSENT}`);
    },

    /** Unsent and not dropped, whether due now or waiting for a retry (blocked chats included). */
    async pendingCount(): Promise<number> {
      return countOf(await db.all(sql`select count(*) as n from notifications where ${UNSENT}`));
    },

    async forTransaction(transactionId: string): Promise<Notification[]> {
      return parseRows(
        notificationRow,
        await db.all(sql`select ${columnsOf(notificationRow)} from notifications
          where transaction_id = ${transactionId} order by id`),
      );
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
