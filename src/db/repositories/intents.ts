import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DecimalString } from "../../lib/decimal.ts";
import type { ClaimResult, Intent, IntentInput, SwapRecord } from "../../swaps/ports.ts";
import type { SwapOrder } from "../../swaps/swap.ts";
import { type IntentRow, intentRow } from "../rows.ts";
import { type Executor, insertInto, type Seam, select, selectOne } from "../seam.ts";
import { enqueueOutbox } from "./notifications.ts";
import { MAX_ERROR_LENGTH } from "./outbox.ts";
import { insertTransaction } from "./transactions.ts";

/** The stored POST /transactions body, checked on the way in and on the way out. */
export const requestSchema = z.object({
  coinFrom: z.string().min(1),
  coinTo: z.string().min(1),
  networkFrom: z.string().optional(),
  networkTo: z.string().optional(),
  amount: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform((v) => v as DecimalString),
  receiveAmount: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform((v) => v as DecimalString)
    .optional(),
  withdrawalAddress: z.string().min(1),
  rateType: z.enum(["float", "fixed"]).optional(),
  refundAddress: z.string().optional(),
  payoutMemo: z.string().optional(),
  refundMemo: z.string().optional(),
}) satisfies z.ZodType<SwapOrder, unknown>;

function toIntent(row: IntentRow): Intent {
  const parsed = requestSchema.safeParse(JSON.parse(row.request));
  if (!parsed.success) {
    // Only this module writes the column, after the same check: a failure here is a schema drift.
    throw new Error(`swap intent ${row.key}: stored request is invalid: ${parsed.error.message}`);
  }
  return {
    ...row,
    request: parsed.data,
    fixedAmountOut: row.fixedAmountOut === null ? null : (row.fixedAmountOut as DecimalString),
  };
}

/** Not yet created: a created intent is never downgraded. */
const NOT_CREATED = sql`state <> 'created'`;

/**
 * Confirm's idempotency: an intent row with a unique key is claimed before POST /transactions, so
 * a double tap or a redelivered update finds it taken and creates nothing. A failed intent (the
 * exchange refused, nothing was created) can be claimed again, so confirming the same summary
 * after a clean failure retries.
 */
export function createIntentsRepository(db: Seam) {
  const read = (executor: Executor, key: string, lock = sql``) =>
    selectOne(executor, intentRow, sql`from swap_intents where "key" = ${key}${lock}`);

  /**
   * Records the created transaction and closes its intent, inside the caller's transaction. The
   * intent row is locked first (PostgreSQL), so two instances completing (or adopting) the same
   * intent take turns and the second sees the transaction already stored.
   */
  const complete = async (tx: Executor, key: string, record: SwapRecord, now: number) => {
    const intent = await read(tx, key, db.forUpdate);
    if (!intent) throw new Error(`no swap intent ${key}`);
    const inserted = await insertTransaction(
      tx,
      { ...record, chatId: intent.chatId, userId: intent.userId },
      now,
    );
    await tx.run(sql`update swap_intents set state = 'created', transaction_id = ${record.id},
      error = null, updated_at = ${now} where "key" = ${key}`);
    return { inserted, chatId: intent.chatId };
  };

  return {
    /**
     * The first claim inserts the row; a failed intent is taken over with one conditional UPDATE,
     * which the write transaction (SQLite) or the row lock (PostgreSQL) makes atomic: of two
     * claims at once, one wins.
     */
    async claim(input: IntentInput, now = Date.now()): Promise<ClaimResult> {
      const request = JSON.stringify(requestSchema.parse(input.request));
      return db.transaction(async (tx) => {
        const row = {
          key: input.key,
          chatId: input.chatId,
          userId: input.userId,
          request,
          fixedAmountOut: input.fixedAmountOut ?? null,
          state: "pending",
          createdAt: now,
          updatedAt: now,
        };
        // createdAt moves too on a re-claim: it marks when the POST was sent, and a new one is
        // about to be.
        const claimed =
          (await tx.run(sql`${insertInto("swap_intents", [row])} on conflict do nothing`)) === 1 ||
          (await tx.run(sql`update swap_intents set state = 'pending', error = null,
            request = ${request}, fixed_amount_out = ${input.fixedAmountOut ?? null},
            created_at = ${now}, updated_at = ${now}
            where "key" = ${input.key} and state = 'failed'`)) === 1;
        const stored = await read(tx, input.key);
        if (!stored) throw new Error(`swap intent ${input.key} vanished while being claimed`);
        return { claimed, intent: toIntent(stored) };
      });
    },

    /**
     * Records the created transaction and closes its intent in one transaction, so a crash cannot
     * leave a deposit address untracked nor an intent pointing at nothing. The chat and user are
     * the intent's: a transaction always belongs to the chat that confirmed it. Returns whether
     * the transaction row was new (false: the reconciler had already adopted it).
     */
    recordCreated(
      key: string,
      record: SwapRecord,
      now = Date.now(),
    ): Promise<{ inserted: boolean }> {
      return db.transaction(async (tx) => ({
        inserted: (await complete(tx, key, record, now)).inserted,
      }));
    },

    /**
     * A transaction found upstream for an intent whose POST answer was lost: recorded like a
     * created one, and the chat's message (its deposit address, or the warning of a suspect swap)
     * queued in the same transaction, so it goes out even across a crash.
     */
    adopt(key: string, record: SwapRecord, now = Date.now()): Promise<{ inserted: boolean }> {
      return db.transaction(async (tx) => {
        const done = await complete(tx, key, record, now);
        if (done.inserted) {
          const kind = record.suspect ? "suspect" : "deposit";
          await enqueueOutbox(
            tx,
            {
              kind,
              chatId: done.chatId,
              transactionId: record.id,
              status: record.status,
              dedupeKey: `${kind}:${record.id}`,
            },
            now,
          );
        }
        return { inserted: done.inserted };
      });
    },

    /**
     * Reconciliation gave up: nothing was created, so the intent fails (the summary may be
     * confirmed again) and the chat is told, atomically. An intent created meanwhile is left alone.
     */
    giveUp(intent: Intent, reason: string, now = Date.now()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const failed =
          (await tx.run(sql`update swap_intents set state = 'failed',
            error = ${reason.slice(0, MAX_ERROR_LENGTH)}, updated_at = ${now}
            where "key" = ${intent.key} and ${NOT_CREATED}`)) === 1;
        if (failed) {
          await enqueueOutbox(
            tx,
            {
              kind: "not-created",
              chatId: intent.chatId,
              intentKey: intent.key,
              // A re-confirmed summary that fails again is a new message.
              dedupeKey: `not-created:${intent.key}:${intent.createdAt}`,
            },
            now,
          );
        }
        return failed;
      });
    },

    /** Nothing was created: the intent may be claimed again. A created one is never downgraded. */
    async markFailed(key: string, error: string, now = Date.now()): Promise<void> {
      await db.run(sql`update swap_intents set state = 'failed',
        error = ${error.slice(0, MAX_ERROR_LENGTH)}, updated_at = ${now}
        where "key" = ${key} and ${NOT_CREATED}`);
    },

    /** The POST's answer was lost: only reconciliation can tell whether it created something. */
    async markUnknown(key: string, now = Date.now()): Promise<void> {
      await db.run(sql`update swap_intents set state = 'unknown', updated_at = ${now}
        where "key" = ${key} and ${NOT_CREATED}`);
    },

    /**
     * Intents whose POST outcome nobody knows, oldest first, for reconciliation: `unknown` ones, and
     * `pending` ones older than `pendingBefore` (their process died, or its insert failed, between
     * the POST and recording the answer).
     */
    async listUnresolved(pendingBefore: number): Promise<Intent[]> {
      const rows = await select(
        db,
        intentRow,
        sql`from swap_intents
        where state = 'unknown' or (state = 'pending' and created_at < ${pendingBefore})
        order by created_at`,
      );
      return rows.map(toIntent);
    },

    async get(key: string): Promise<Intent | undefined> {
      const row = await read(db, key);
      return row ? toIntent(row) : undefined;
    },
  };
}
