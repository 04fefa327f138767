import { and, asc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { CreateTransactionRequest } from "../../exchange/client.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import { type Db, WRITE } from "../client.ts";
import { type IntentState, type SwapIntentRow, swapIntents } from "../schema.ts";
import { insertTransaction, type NewTransaction } from "./transactions.ts";

export type { IntentState };

/** The stored POST /transactions body, checked on the way in and on the way out. */
const requestSchema = z.object({
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
}) satisfies z.ZodType<CreateTransactionRequest, unknown>;

export interface Intent {
  key: string;
  chatId: number;
  userId: number;
  request: CreateTransactionRequest;
  state: IntentState;
  transactionId: string | null;
  error: string | null;
  /** When the POST was (last) sent, unix ms: the reconciler searches upstream from here. */
  createdAt: number;
  updatedAt: number;
}

export interface IntentInput {
  key: string;
  chatId: number;
  userId: number;
  request: CreateTransactionRequest;
}

/**
 * `claimed: true`: the caller owns the key and may POST. Otherwise someone already did (or is
 * doing) it: `intent` says how far it got (`state`/`transactionId` repeat it for older callers).
 */
export type ClaimResult =
  | { claimed: true; intent: Intent }
  | { claimed: false; intent: Intent; state: IntentState; transactionId: string | null };

/** Longest error text kept. */
const MAX_ERROR_LENGTH = 500;

function toIntent(row: SwapIntentRow): Intent {
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
        const intent = toIntent(row);
        if (claimed) return { claimed: true, intent };
        return { claimed: false, intent, state: intent.state, transactionId: intent.transactionId };
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
      record: Omit<NewTransaction, "chatId" | "userId">,
      now = Date.now(),
    ): { inserted: boolean } {
      return db.transaction((tx) => {
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
        return { inserted };
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

    /** Intents whose POST outcome is unknown, oldest first, for reconciliation. */
    listUnknown(): Intent[] {
      return db
        .select()
        .from(swapIntents)
        .where(eq(swapIntents.state, "unknown"))
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
