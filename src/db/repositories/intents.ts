import { and, asc, eq, lt, ne, or } from "drizzle-orm";
import { z } from "zod";
import type { DecimalString } from "../../lib/decimal.ts";
import type {
  ClaimResult,
  Intent,
  IntentInput,
  IntentState,
  SwapRecord,
} from "../../swaps/ports.ts";
import type { SwapOrder } from "../../swaps/swap.ts";
import { type Db, type DbExecutor, WRITE } from "../client.ts";
import { type SwapIntentRow, swapIntents } from "../schema.ts";
import { enqueueOutbox } from "./notifications.ts";
import { insertTransaction } from "./transactions.ts";

export type { ClaimResult, Intent, IntentInput, IntentState };

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
  withdrawalAddress: z.string().min(1),
  rateType: z.enum(["float", "fixed"]).optional(),
  refundAddress: z.string().optional(),
}) satisfies z.ZodType<SwapOrder, unknown>;

/** Longest error text kept. */
export const MAX_ERROR_LENGTH = 500;

export function toIntent(row: SwapIntentRow): Intent {
  const parsed = requestSchema.safeParse(JSON.parse(row.request));
  if (!parsed.success) {
    // Only this module writes the column, after the same check: a failure here is a schema drift.
    throw new Error(`swap intent ${row.key}: stored request is invalid: ${parsed.error.message}`);
  }
  return { ...row, request: parsed.data };
}

/**
 * Confirm's idempotency: an intent row with a unique key is claimed before POST /transactions, so
 * a double tap or a redelivered update finds it taken and creates nothing. A failed intent (the
 * exchange refused, nothing was created) can be claimed again, so confirming the same summary
 * after a clean failure retries.
 */
function complete(tx: DbExecutor, key: string, record: SwapRecord, now: number) {
  const intent = tx.select().from(swapIntents).where(eq(swapIntents.key, key)).get();
  if (!intent) throw new Error(`no swap intent ${key}`);
  const inserted = insertTransaction(
    tx,
    { ...record, chatId: intent.chatId, userId: intent.userId },
    now,
  );
  tx.update(swapIntents)
    .set({ state: "created", transactionId: record.id, error: null, updatedAt: now })
    .where(eq(swapIntents.key, key))
    .run();
  return { inserted, chatId: intent.chatId };
}

export function createIntentsRepository(db: Db) {
  const getRow = (key: string) =>
    db.select().from(swapIntents).where(eq(swapIntents.key, key)).get();

  const markCreated = (key: string, transactionId: string, now = Date.now()): boolean =>
    db
      .update(swapIntents)
      .set({ state: "created", transactionId, error: null, updatedAt: now })
      .where(eq(swapIntents.key, key))
      .run().changes === 1;

  return {
    claim(input: IntentInput, now = Date.now()): ClaimResult {
      const request = JSON.stringify(requestSchema.parse(input.request));
      return db.transaction((tx) => {
        const inserted = tx
          .insert(swapIntents)
          .values({
            key: input.key,
            chatId: input.chatId,
            userId: input.userId,
            request,
            state: "pending",
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .run();
        // createdAt moves too on a re-claim: it marks when the POST was sent, and a new one is
        // about to be.
        const claimed =
          inserted.changes === 1 ||
          tx
            .update(swapIntents)
            .set({ state: "pending", error: null, request, createdAt: now, updatedAt: now })
            .where(and(eq(swapIntents.key, input.key), eq(swapIntents.state, "failed")))
            .run().changes === 1;
        const row = tx.select().from(swapIntents).where(eq(swapIntents.key, input.key)).get();
        if (!row) throw new Error(`swap intent ${input.key} vanished while being claimed`);
        return { claimed, intent: toIntent(row) };
      }, WRITE);
    },

    markCreated,

    /**
     * Records the created transaction and closes its intent in one SQLite transaction, so a crash
     * cannot leave a deposit address untracked nor an intent pointing at nothing. The chat and
     * user are the intent's: a transaction always belongs to the chat that confirmed it. Returns
     * whether the transaction row was new (false: the reconciler had already adopted it).
     */
    completeWithTransaction(
      key: string,
      record: SwapRecord,
      now = Date.now(),
    ): { inserted: boolean } {
      return db.transaction((tx) => ({ inserted: complete(tx, key, record, now).inserted }), WRITE);
    },

    /**
     * A transaction found upstream for an intent whose POST answer was lost: recorded like a
     * created one, and the chat's message (its deposit address, or the warning of a suspect swap)
     * queued in the same SQLite transaction, so it goes out even across a crash.
     */
    adopt(key: string, record: SwapRecord, now = Date.now()): { inserted: boolean } {
      return db.transaction((tx) => {
        const done = complete(tx, key, record, now);
        if (done.inserted) {
          const kind = record.suspect ? "suspect" : "deposit";
          enqueueOutbox(
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
      }, WRITE);
    },

    /**
     * Reconciliation gave up: nothing was created, so the intent fails (the summary may be
     * confirmed again) and the chat is told, atomically. An intent created meanwhile is left alone.
     */
    giveUp(intent: Intent, reason: string, now = Date.now()): boolean {
      return db.transaction((tx) => {
        const failed =
          tx
            .update(swapIntents)
            .set({ state: "failed", error: reason.slice(0, MAX_ERROR_LENGTH), updatedAt: now })
            .where(and(eq(swapIntents.key, intent.key), ne(swapIntents.state, "created")))
            .run().changes === 1;
        if (failed) {
          enqueueOutbox(
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
      }, WRITE);
    },

    /** Nothing was created: the intent may be claimed again. A created one is never downgraded. */
    markFailed(key: string, error: string, now = Date.now()): void {
      db.update(swapIntents)
        .set({ state: "failed", error: error.slice(0, MAX_ERROR_LENGTH), updatedAt: now })
        .where(and(eq(swapIntents.key, key), ne(swapIntents.state, "created")))
        .run();
    },

    /** The POST's answer was lost: only reconciliation can tell whether it created something. */
    markUnknown(key: string, now = Date.now()): void {
      db.update(swapIntents)
        .set({ state: "unknown", updatedAt: now })
        .where(and(eq(swapIntents.key, key), ne(swapIntents.state, "created")))
        .run();
    },

    /**
     * Intents whose POST outcome nobody knows, oldest first, for reconciliation: `unknown` ones, and
     * `pending` ones older than `pendingBefore` (their process died, or its insert failed, between
     * the POST and recording the answer).
     */
    listUnresolved(pendingBefore: number): Intent[] {
      return db
        .select()
        .from(swapIntents)
        .where(
          or(
            eq(swapIntents.state, "unknown"),
            and(eq(swapIntents.state, "pending"), lt(swapIntents.createdAt, pendingBefore)),
          ),
        )
        .orderBy(asc(swapIntents.createdAt))
        .all()
        .map(toIntent);
    },

    get(key: string): Intent | undefined {
      const row = getRow(key);
      return row ? toIntent(row) : undefined;
    },
  };
}

export type IntentsRepository = ReturnType<typeof createIntentsRepository>;
