import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DecimalString } from "../../lib/decimal.ts";
import type { ClaimResult, Intent, IntentInput, SwapRecord } from "../../swaps/intent.ts";
import type { SwapOrder } from "../../swaps/swap.ts";
import { type IntentRow, intentRow } from "../rows.ts";
import { type Executor, insertInto, type Seam, select, selectOne, sqlList } from "../seam.ts";
import { enqueueOutbox } from "./notifications.ts";
import { MAX_ERROR_LENGTH } from "./outbox.ts";
import { insertTransaction } from "./transactions.ts";

const decimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .transform((v) => v as DecimalString);

/** The stored POST /transactions body, checked on the way in and on the way out. */
const requestSchema = z.object({
  coinFrom: z.string().min(1),
  coinTo: z.string().min(1),
  networkFrom: z.string().optional(),
  networkTo: z.string().optional(),
  amount: decimal,
  receiveAmount: decimal.optional(),
  withdrawalAddress: z.string().min(1),
  rateType: z.enum(["float", "fixed"]).optional(),
  refundAddress: z.string().optional(),
  payoutMemo: z.string().optional(),
  refundMemo: z.string().optional(),
  quoteId: z.string().optional(),
}) satisfies z.ZodType<SwapOrder, unknown>;

/**
 * The meta row naming the exchange that intents without one ('') belong to: the one start-up
 * named them for (`claimUnnamed`). The previous release, beside this one during a rolling
 * deploy, still claims intents without an exchange after start-up named the ones before: they are
 * that exchange's too, so its reconciler lists them.
 */
const UNNAMED_EXCHANGE_KEY = "swap_intents.unnamedExchange";

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

/** Confirm's intents: claimed before the POST, so a summary creates one swap (docs/design.md §3). */
export function createIntentsRepository(db: Seam) {
  const read = (executor: Executor, key: string, lock = sql``) =>
    selectOne(executor, intentRow, sql`from swap_intents where "key" = ${key}${lock}`);

  /** Nothing was created: the intent may be claimed again. A created one is never downgraded. */
  const fail = async (executor: Executor, key: string, error: string, now: number) =>
    (await executor.run(sql`update swap_intents set state = 'failed',
      error = ${error.slice(0, MAX_ERROR_LENGTH)}, updated_at = ${now}
      where "key" = ${key} and state <> 'created'`)) === 1;

  /**
   * Records the created transaction (as the intent's chat's and user's) and closes its intent,
   * inside the caller's transaction. The intent row is locked first (PostgreSQL), so two instances
   * completing or adopting the same intent take turns and the second finds the swap stored.
   */
  const complete = async (tx: Executor, key: string, record: SwapRecord, now: number) => {
    const intent = await read(tx, key, db.forUpdate);
    if (!intent) throw new Error(`no swap intent ${key}`);
    const { chatId, userId } = intent;
    const inserted = await insertTransaction(tx, { ...record, chatId, userId }, now);
    await tx.run(sql`update swap_intents set state = 'created', transaction_id = ${record.id},
      error = null, updated_at = ${now} where "key" = ${key}`);
    return { inserted, chatId };
  };

  return {
    /**
     * The first claim inserts the row; a failed intent is taken over with one conditional UPDATE,
     * which the write transaction (SQLite) or the row lock (PostgreSQL) makes atomic: of two
     * claims at once, one wins.
     */
    async claim(input: IntentInput, now = Date.now()): Promise<ClaimResult> {
      const request = JSON.stringify(requestSchema.parse(input.request));
      const fixedAmountOut = input.fixedAmountOut ?? null;
      const { key, chatId, userId, exchange } = input;
      const row = { key, chatId, userId, request, exchange, fixedAmountOut, state: "pending" };
      return db.transaction(async (tx) => {
        // createdAt moves too on a re-claim: it marks when the POST was sent, and a new one is
        // about to be (to the exchange named now).
        const claimed =
          (await tx.run(sql`${insertInto("swap_intents", [{ ...row, createdAt: now, updatedAt: now }])}
            on conflict do nothing`)) === 1 ||
          (await tx.run(sql`update swap_intents set state = 'pending', error = null,
            request = ${request}, exchange = ${exchange}, fixed_amount_out = ${fixedAmountOut},
            created_at = ${now}, updated_at = ${now} where "key" = ${key} and state = 'failed'`)) ===
            1;
        const stored = await read(tx, key);
        if (!stored) throw new Error(`swap intent ${key} vanished while being claimed`);
        return { claimed, intent: toIntent(stored) };
      });
    },

    /** inserted: false when the reconciler had already adopted the swap. */
    recordCreated: (key: string, record: SwapRecord, now = Date.now()) =>
      db.transaction(async (tx) => ({
        inserted: (await complete(tx, key, record, now)).inserted,
      })),

    /**
     * A swap found upstream for an intent whose POST answer was lost: recorded like a created one,
     * and the chat's message (its deposit address, or the warning of a suspect swap) queued in the
     * same transaction.
     */
    adopt: (key: string, record: SwapRecord, now = Date.now()) =>
      db.transaction(async (tx) => {
        const { inserted, chatId } = await complete(tx, key, record, now);
        if (inserted) {
          const kind = record.suspect ? "suspect" : "deposit";
          const { id: transactionId, status } = record;
          const dedupeKey = `${kind}:${record.id}`;
          await enqueueOutbox(tx, { kind, chatId, transactionId, status, dedupeKey }, now);
        }
        return { inserted };
      }),

    /** Reconciliation gave up: the intent fails and the chat is told, atomically. */
    giveUp: (intent: Intent, reason: string, now = Date.now()) =>
      db.transaction(async (tx) => {
        const failed = await fail(tx, intent.key, reason, now);
        if (failed) {
          const { chatId, key: intentKey } = intent;
          // A re-confirmed summary that fails again is a new message.
          const dedupeKey = `not-created:${intent.key}:${intent.createdAt}`;
          await enqueueOutbox(tx, { kind: "not-created", chatId, intentKey, dedupeKey }, now);
        }
        return failed;
      }),

    async markFailed(key: string, error: string, now = Date.now()): Promise<void> {
      await fail(db, key, error, now);
    },

    /** The POST's answer was lost: only reconciliation can tell whether it created something. */
    async markUnknown(key: string, now = Date.now()): Promise<void> {
      await db.run(sql`update swap_intents set state = 'unknown', updated_at = ${now}
        where "key" = ${key} and state <> 'created'`);
    },

    /**
     * Intents POSTed to one of `exchanges` whose outcome nobody knows, oldest first: `unknown`
     * ones, and `pending` ones older than `pendingBefore` (their process died between the POST
     * and recording the answer). One without an exchange counts as the exchange start-up named
     * such intents for (see UNNAMED_EXCHANGE_KEY).
     */
    async listUnresolved(pendingBefore: number, exchanges: readonly string[]): Promise<Intent[]> {
      if (exchanges.length === 0) return [];
      const ids = sqlList(exchanges);
      const unresolved = sql`from swap_intents
        where (state = 'unknown' or (state = 'pending' and created_at < ${pendingBefore}))
          and (exchange in ${ids} or (exchange = '' and exists (select 1 from meta
            where "key" = ${UNNAMED_EXCHANGE_KEY} and "value" in ${ids})))
        order by created_at`;
      return (await select(db, intentRow, unresolved)).map(toIntent);
    },

    /**
     * Intents claimed before intents named their exchange ('') were POSTed to the exchange
     * configured then: they are named `exchange`'s, as are any the previous release still claims
     * beside this one (see UNNAMED_EXCHANGE_KEY). Returns how many were named.
     */
    claimUnnamed: (exchange: string, now = Date.now()) =>
      db.transaction(async (tx) => {
        await tx.run(sql`insert into meta ("key", "value", updated_at)
          values (${UNNAMED_EXCHANGE_KEY}, ${exchange}, ${now})
          on conflict ("key") do update set "value" = ${exchange}, updated_at = ${now}`);
        return tx.run(sql`update swap_intents set exchange = ${exchange} where exchange = ''`);
      }),

    async get(key: string): Promise<Intent | undefined> {
      const row = await read(db, key);
      return row ? toIntent(row) : undefined;
    },
  };
}
