import { and, asc, eq, lt, ne, or } from "drizzle-orm";
import type { ClaimResult, Intent, IntentInput, SwapRecord } from "../../../swaps/ports.ts";
import { MAX_ERROR_LENGTH, requestSchema, toIntent } from "../../repositories/intents.ts";
import type { PgDb, PgTx } from "../client.ts";
import { swapIntents } from "../schema.ts";
import { enqueuePgOutbox } from "./notifications.ts";
import { insertPgTransaction } from "./transactions.ts";

/**
 * Records the created transaction and closes its intent, inside the caller's transaction. The
 * intent row is locked first, so two instances completing (or adopting) the same intent take
 * turns and the second sees the transaction already stored.
 */
async function complete(tx: PgTx, key: string, record: SwapRecord, now: number) {
  const [intent] = await tx
    .select()
    .from(swapIntents)
    .where(eq(swapIntents.key, key))
    .for("update");
  if (!intent) throw new Error(`no swap intent ${key}`);
  const inserted = await insertPgTransaction(
    tx,
    { ...record, chatId: intent.chatId, userId: intent.userId },
    now,
  );
  await tx
    .update(swapIntents)
    .set({ state: "created", transactionId: record.id, error: null, updatedAt: now })
    .where(eq(swapIntents.key, key));
  return { inserted, chatId: intent.chatId };
}

/** Confirm's idempotency (`../../repositories/intents.ts`) on PostgreSQL. */
export function createPgIntentsRepository(db: PgDb) {
  const getRow = async (key: string) => {
    const [row] = await db.select().from(swapIntents).where(eq(swapIntents.key, key));
    return row;
  };

  return {
    /**
     * The first claim inserts the row; a failed intent is taken over with one conditional
     * UPDATE, which row locking makes atomic: of two instances re-claiming at once, one wins.
     */
    async claim(input: IntentInput, now = Date.now()): Promise<ClaimResult> {
      const request = JSON.stringify(requestSchema.parse(input.request));
      return db.transaction(async (tx) => {
        const inserted = await tx
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
          .onConflictDoNothing();
        const claimed =
          inserted.rowCount === 1 ||
          (
            await tx
              .update(swapIntents)
              .set({ state: "pending", error: null, request, createdAt: now, updatedAt: now })
              .where(and(eq(swapIntents.key, input.key), eq(swapIntents.state, "failed")))
          ).rowCount === 1;
        const [row] = await tx.select().from(swapIntents).where(eq(swapIntents.key, input.key));
        if (!row) throw new Error(`swap intent ${input.key} vanished while being claimed`);
        return { claimed, intent: toIntent(row) };
      });
    },

    async markCreated(key: string, transactionId: string, now = Date.now()): Promise<boolean> {
      const updated = await db
        .update(swapIntents)
        .set({ state: "created", transactionId, error: null, updatedAt: now })
        .where(eq(swapIntents.key, key));
      return updated.rowCount === 1;
    },

    completeWithTransaction(
      key: string,
      record: SwapRecord,
      now = Date.now(),
    ): Promise<{ inserted: boolean }> {
      return db.transaction(async (tx) => ({
        inserted: (await complete(tx, key, record, now)).inserted,
      }));
    },

    /** The reconciler found the swap: record it, close the intent and queue the chat's message. */
    adopt(key: string, record: SwapRecord, now = Date.now()): Promise<{ inserted: boolean }> {
      return db.transaction(async (tx) => {
        const done = await complete(tx, key, record, now);
        if (done.inserted) {
          const kind = record.suspect ? "suspect" : "deposit";
          await enqueuePgOutbox(
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

    /** Reconciliation gave up: the intent fails and the chat is told, atomically. */
    giveUp(intent: Intent, reason: string, now = Date.now()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const failed =
          (
            await tx
              .update(swapIntents)
              .set({ state: "failed", error: reason.slice(0, MAX_ERROR_LENGTH), updatedAt: now })
              .where(and(eq(swapIntents.key, intent.key), ne(swapIntents.state, "created")))
          ).rowCount === 1;
        if (failed) {
          await enqueuePgOutbox(
            tx,
            {
              kind: "not-created",
              chatId: intent.chatId,
              intentKey: intent.key,
              dedupeKey: `not-created:${intent.key}:${intent.createdAt}`,
            },
            now,
          );
        }
        return failed;
      });
    },

    async markFailed(key: string, error: string, now = Date.now()): Promise<void> {
      await db
        .update(swapIntents)
        .set({ state: "failed", error: error.slice(0, MAX_ERROR_LENGTH), updatedAt: now })
        .where(and(eq(swapIntents.key, key), ne(swapIntents.state, "created")));
    },

    async markUnknown(key: string, now = Date.now()): Promise<void> {
      await db
        .update(swapIntents)
        .set({ state: "unknown", updatedAt: now })
        .where(and(eq(swapIntents.key, key), ne(swapIntents.state, "created")));
    },

    async listUnresolved(pendingBefore: number): Promise<Intent[]> {
      const rows = await db
        .select()
        .from(swapIntents)
        .where(
          or(
            eq(swapIntents.state, "unknown"),
            and(eq(swapIntents.state, "pending"), lt(swapIntents.createdAt, pendingBefore)),
          ),
        )
        .orderBy(asc(swapIntents.createdAt));
      return rows.map(toIntent);
    },

    async get(key: string): Promise<Intent | undefined> {
      const row = await getRow(key);
      return row ? toIntent(row) : undefined;
    },
  };
}
