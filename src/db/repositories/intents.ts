import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { CreateTransactionRequest } from "../../exchange/client.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import type { Db } from "../client.ts";
import { swapIntents } from "../schema.ts";

export type IntentState = "pending" | "created" | "failed" | "unknown";

const requestSchema = z.object({
  coinFrom: z.string(),
  coinTo: z.string(),
  networkFrom: z.string().optional(),
  networkTo: z.string().optional(),
  amount: z.string().regex(/^\d+(\.\d+)?$/).transform((v) => v as DecimalString),
  withdrawalAddress: z.string(),
  rateType: z.enum(["float", "fixed"]).optional(),
  refundAddress: z.string().optional(),
}) satisfies z.ZodType<CreateTransactionRequest, unknown>;

export interface IntentInput {
  key: string;
  chatId: number;
  userId: number;
  request: CreateTransactionRequest;
}

/**
 * Confirm's idempotency: an intent row with a unique key is written before POST /transactions,
 * so a double tap or a redelivered update finds it taken and creates nothing.
 */
export function createIntentsRepository(db: Db) {
  return {
    /** Claims the key; a failed intent (nothing was created) may be claimed again to retry. */
    claim(input: IntentInput, now = Date.now()):
      | { claimed: true }
      | { claimed: false; state: IntentState; transactionId: string | null } {
      const inserted = db
        .insert(swapIntents)
        .values({
          key: input.key,
          chatId: input.chatId,
          userId: input.userId,
          request: JSON.stringify(input.request),
          state: "pending",
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .run();
      if (inserted.changes === 1) return { claimed: true };
      const retried = db
        .update(swapIntents)
        .set({ state: "pending", error: null, request: JSON.stringify(input.request), createdAt: now, updatedAt: now })
        .where(and(eq(swapIntents.key, input.key), eq(swapIntents.state, "failed")))
        .run();
      if (retried.changes === 1) return { claimed: true };
      const row = db.select().from(swapIntents).where(eq(swapIntents.key, input.key)).get();
      return {
        claimed: false,
        state: (row?.state ?? "pending") as IntentState,
        transactionId: row?.transactionId ?? null,
      };
    },
    markCreated(key: string, transactionId: string, now = Date.now()): void {
      db.update(swapIntents)
        .set({ state: "created", transactionId, updatedAt: now })
        .where(eq(swapIntents.key, key))
        .run();
    },
    markFailed(key: string, error: string, now = Date.now()): void {
      db.update(swapIntents)
        .set({ state: "failed", error: error.slice(0, 500), updatedAt: now })
        .where(eq(swapIntents.key, key))
        .run();
    },
    markUnknown(key: string, now = Date.now()): void {
      db.update(swapIntents).set({ state: "unknown", updatedAt: now }).where(eq(swapIntents.key, key)).run();
    },
    /** Intents whose POST outcome is unknown, oldest first, for reconciliation. */
    listUnknown() {
      return db
        .select()
        .from(swapIntents)
        .where(eq(swapIntents.state, "unknown"))
        .orderBy(asc(swapIntents.createdAt))
        .all()
        .flatMap((row) => {
          const request = requestSchema.safeParse(JSON.parse(row.request));
          if (!request.success) return [];
          return [
            { key: row.key, chatId: row.chatId, userId: row.userId, request: request.data, createdAt: row.createdAt },
          ];
        });
    },
    get(key: string) {
      return db.select().from(swapIntents).where(eq(swapIntents.key, key)).get();
    },
  };
}

export type IntentsRepository = ReturnType<typeof createIntentsRepository>;
