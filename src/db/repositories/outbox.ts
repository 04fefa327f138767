import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { columnsOf, count, type OutboxTable, parseRows, type Seam } from "../seam.ts";

/** Longest error text kept: enough to diagnose, bounded so a huge error cannot bloat the table. */
export const MAX_ERROR_LENGTH = 500;

export const UNSENT = sql`sent_at is null and dropped_at is null`;

/**
 * What the two outboxes (`notifications`, `support_outbox`) do alike: rows `dueAt` a time are
 * claimed for one sender and read as `entry`; a row is settled once (sent, to be retried, or
 * dropped) and its claim ends with it (docs/design.md §6, "Claims").
 */
export function outboxRows<S extends z.ZodObject>(
  db: Seam,
  table: OutboxTable,
  entry: S,
  dueAt: (now: number) => SQL,
  /** The order rows are claimed in, lowest first, then oldest (default: oldest first). */
  rank?: SQL,
) {
  const name = sql.identifier(table);
  const settle = async (id: number, set: SQL) => {
    await db.run(sql`update ${name} set ${set}${db.outbox.ended} where id = ${id} and ${UNSENT}`);
  };
  return {
    /** Due rows, by rank then oldest first, claimed for `owner` until `now + leaseMs` (seam.ts, OutboxClaims). */
    async claimDue(limit: number, now: number, owner: string, leaseMs: number) {
      const until = now + leaseMs;
      const columns = columnsOf(entry);
      return parseRows(
        entry,
        await db.outbox.claim(table, columns, dueAt(now), limit, now, owner, until, rank),
      );
    },
    /** Telegram accepted it. Idempotent: the first time it was sent stays recorded. */
    markSent: (id: number, at: number, also = sql``) => settle(id, sql`sent_at = ${at}${also}`),
    /** Counts the attempt and schedules the next one, for whichever sender gets there. */
    retryLater: (id: number, error: string, retryAt: number, also = sql``) =>
      settle(
        id,
        sql`attempts = attempts + 1, last_error = ${error.slice(0, MAX_ERROR_LENGTH)},
          next_attempt_at = ${retryAt}${also}`,
      ),
    /** Given up on, unsent: it stays, so the same message is never queued again. */
    drop: (id: number, reason: string, at: number) =>
      settle(id, sql`dropped_at = ${at}, last_error = ${reason.slice(0, MAX_ERROR_LENGTH)}`),
    /** Unsent and not dropped, due or waiting to retry (blocked chats included). */
    pendingCount: () => count(db, sql`from ${name} where ${UNSENT}`),
  };
}
