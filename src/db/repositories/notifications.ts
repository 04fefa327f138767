import { type SQL, sql } from "drizzle-orm";
import type { OutboxEntry, OutboxKind, OutboxReceipt } from "../../swaps/outbox.ts";
import type { OpenSwap } from "../../swaps/swap.ts";
import { type Notification, notificationRow, outboxEntryRow } from "../rows.ts";
import { type Executor, insertInto, type Seam, select } from "../seam.ts";
import { outboxRows, UNSENT } from "./outbox.ts";

/** Something to tell a chat, with the key that makes it one message whoever queues it again. */
interface OutboxInput {
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
const stuckKey = (transactionId: string, status: string) => `stuck:${transactionId}:${status}`;

/** The key of a "given up" message: one per transaction, ever. */
export const givenUpKey = (transactionId: string) => `given-up:${transactionId}`;

/**
 * A status push's receipt (OutboxReceipt) is stored as a `stuck` row whose status is
 * RECEIPT_STATUS, a status no swap has: a previous release (a rolling deploy, a rollback) parses
 * it and drops it as "no longer stuck", never sending it as a status push twice.
 */
export const RECEIPT_STATUS = "receipt";

/** The key of a receipt: one of each kind per transaction and status. */
export const receiptKey = (kind: OutboxReceipt, transactionId: string, status: string) =>
  `receipt-${kind}:${transactionId}:${status}`;

/** Which receipt an outbox row is, if it is one. */
function receiptOf(entry: Pick<OutboxEntry, "kind" | "dedupeKey">) {
  if (entry.kind !== "stuck") return undefined;
  if (entry.dedupeKey.startsWith("receipt-card:")) return "card";
  if (entry.dedupeKey.startsWith("receipt-message:")) return "message";
  return undefined;
}

/**
 * Queues a message, inside the caller's transaction when `executor` is one. A second one with the
 * same key is ignored (UNIQUE), so a retried tracker cycle cannot queue a change twice. Returns
 * whether a row was added.
 */
export async function enqueueOutbox(
  executor: Executor,
  { kind, chatId, transactionId, intentKey, status, dedupeKey }: OutboxInput,
  now: number,
): Promise<boolean> {
  const row = { kind, chatId, transactionId, intentKey, status, dedupeKey };
  const insert = insertInto("notifications", [{ ...row, createdAt: now, nextAttemptAt: now }]);
  return (await executor.run(sql`${insert} on conflict do nothing`)) === 1;
}

/**
 * The push of a status a swap reached. One the exchange's release from a hold for verification
 * brought (`afterHold`) has a key of its own: the swap may have been in that status before the
 * hold, and its release is news all the same.
 */
export const statusPush = (
  id: string,
  chatId: number,
  status: string,
  afterHold = false,
): OutboxInput => {
  const dedupeKey = afterHold ? `${statusKey(id, status)}:after-hold` : statusKey(id, status);
  return { kind: "status", chatId, transactionId: id, status, dedupeKey };
};

/** Due, unsent, for a chat that did not block the bot, behind no unsent row of its swap (docs/design.md §5). */
const dueAt = (now: number): SQL => sql`${UNSENT} and next_attempt_at <= ${now}
  and not exists (select 1 from chats
    where chats.id = notifications.chat_id and chats.blocked_at is not null)
  and not exists (select 1 from notifications earlier
    where earlier.transaction_id = notifications.transaction_id and earlier.id < notifications.id
      and earlier.sent_at is null and earlier.dropped_at is null)`;

/** The outbox of everything the bot tells a chat unasked. */
export function createNotificationsRepository(db: Seam) {
  const rows = outboxRows(db, "notifications", outboxEntryRow, dueAt);
  return {
    enqueue: (transactionId: string, chatId: number, status: string, now = Date.now()) =>
      enqueueOutbox(db, statusPush(transactionId, chatId, status), now),

    enqueueOutbox: (input: OutboxInput, now = Date.now()) => enqueueOutbox(db, input, now),

    queueStuck: ({ id, chatId, status }: Pick<OpenSwap, "id" | "chatId" | "status">, at: number) =>
      enqueueOutbox(
        db,
        { kind: "stuck", chatId, transactionId: id, status, dedupeKey: stuckKey(id, status) },
        at,
      ),

    /** Due rows claimed for `owner` (outbox.ts), each with the receipt it is, if it is one. */
    claimDue: async (limit: number, now: number, owner: string, leaseMs: number) =>
      (await rows.claimDue(limit, now, owner, leaseMs)).map(
        (entry): OutboxEntry => ({ ...entry, receipt: receiptOf(entry) }),
      ),

    markSent: (id: number, now = Date.now()) => rows.markSent(id, now),

    retryLater: (id: number, error: string, retryAt: number, maybeSent = false) =>
      rows.retryLater(id, error, retryAt, maybeSent ? sql`, maybe_sent_at = ${retryAt}` : sql``),

    drop: (id: number, reason: string, now = Date.now()) => rows.drop(id, reason, now),

    pendingCount: rows.pendingCount,

    forTransaction(transactionId: string): Promise<Notification[]> {
      const its = sql`from notifications where transaction_id = ${transactionId} order by id`;
      return select(db, notificationRow, its);
    },
  };
}
