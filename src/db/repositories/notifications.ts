import { type SQL, sql } from "drizzle-orm";
import type { OutboxEntry, OutboxKind } from "../../swaps/ports.ts";
import type { OpenSwap } from "../../swaps/swap.ts";
import { type Notification, notificationRow, outboxEntryRow } from "../rows.ts";
import { columnsOf, type Executor, insertInto, parseRows, type Seam, select } from "../seam.ts";
import { outboxRows, UNSENT } from "./outbox.ts";

export type { Notification };

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

/** The outbox of everything the bot tells a chat unasked. */
export function createNotificationsRepository(db: Seam) {
  const rows = outboxRows(db, "notifications");
  return {
    enqueue(transactionId: string, chatId: number, status: string, now = Date.now()) {
      return enqueueNotification(db, { transactionId, chatId, status }, now);
    },

    enqueueOutbox: (input: OutboxInput, now = Date.now()) => enqueueOutbox(db, input, now),

    /** The chat's "taking longer than usual" message for the swap's state (TrackerStore). */
    queueStuck: (swap: Pick<OpenSwap, "id" | "chatId" | "status">, at: number) =>
      enqueueOutbox(
        db,
        {
          kind: "stuck",
          chatId: swap.chatId,
          transactionId: swap.id,
          status: swap.status,
          dedupeKey: stuckKey(swap.id, swap.status),
        },
        at,
      ),

    /** Unsent notifications whose time has come, oldest first (claims not considered). */
    due: (limit: number, now = Date.now()): Promise<OutboxEntry[]> =>
      select(
        db,
        outboxEntryRow,
        sql`from notifications where ${dueAt(now)} order by id limit ${limit}`,
      ),

    /** `due`, claimed for `owner` until `now + leaseMs` (seam.ts, `OutboxClaims`). */
    async claimDue(
      limit: number,
      now: number,
      owner: string,
      leaseMs: number,
    ): Promise<OutboxEntry[]> {
      const entry = columnsOf(outboxEntryRow);
      const claimed = await db.outbox.claim(
        "notifications",
        entry,
        dueAt(now),
        limit,
        now,
        owner,
        now + leaseMs,
      );
      return parseRows(outboxEntryRow, claimed);
    },

    markSent: (id: number, now = Date.now()) => rows.markSent(id, now),

    retryLater: (id: number, error: string, retryAt: number, maybeSent = false) =>
      rows.retryLater(id, error, retryAt, maybeSent ? sql`, maybe_sent_at = ${retryAt}` : sql``),

    drop: (id: number, reason: string, now = Date.now()) => rows.drop(id, reason, now),

    pendingCount: rows.pendingCount,

    forTransaction: (transactionId: string): Promise<Notification[]> =>
      select(
        db,
        notificationRow,
        sql`from notifications
        where transaction_id = ${transactionId} order by id`,
      ),
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
