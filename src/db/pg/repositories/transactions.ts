import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { statesReached } from "../../../swaps/status.ts";
import type { OpenSwap, SwapProgress } from "../../../swaps/swap.ts";
import { givenUpKey } from "../../repositories/notifications.ts";
import type {
  NewTransaction,
  Transaction,
  TransactionDetails,
} from "../../repositories/transactions.ts";
import type { PgDb, PgExecutor, PgTx } from "../client.ts";
import { OPEN_STATUS_SQL, transactions } from "../schema.ts";
import { enqueuePgNotification, enqueuePgOutbox } from "./notifications.ts";

/** Ids per UPDATE … WHERE id IN (…): keeps statements small. */
const CHUNK = 500;

/** Inserts a transaction unless its id is stored already; inside the caller's transaction. */
export async function insertPgTransaction(
  executor: PgExecutor,
  record: NewTransaction,
  now: number,
): Promise<boolean> {
  const inserted = await executor
    .insert(transactions)
    .values({ ...record, statusChangedAt: record.statusChangedAt ?? now, insertedAt: now })
    .onConflictDoNothing();
  return inserted.rowCount === 1;
}

function mergeDetails(current: Transaction, details: TransactionDetails) {
  return {
    amountOut: details.amountOut ?? current.amountOut,
    rate: details.rate ?? current.rate,
    txHashIn: details.txHashIn ?? current.txHashIn,
    txHashOut: details.txHashOut ?? current.txHashOut,
    refundAddress: details.refundAddress ?? current.refundAddress,
    networkFrom: current.networkFrom ?? details.networkFrom ?? null,
    networkTo: current.networkTo ?? details.networkTo ?? null,
  };
}

const newestFirst = [desc(transactions.createdAt), desc(transactions.insertedAt)] as const;

const openColumns = {
  id: transactions.id,
  chatId: transactions.chatId,
  status: transactions.status,
  createdAt: transactions.createdAt,
  lastCheckedAt: transactions.lastCheckedAt,
  statusChangedAt: transactions.statusChangedAt,
  notFoundSince: transactions.notFoundSince,
  nextLookupAt: transactions.nextLookupAt,
};

/** Open, of this exchange, not given up: the swaps the tracker follows. */
const followedOn = (exchange: string) =>
  and(OPEN_STATUS_SQL, eq(transactions.exchange, exchange), isNull(transactions.givenUpAt));

/** A sight of the swap upstream ends a run of 404s. */
const known = { notFoundSince: null, nextLookupAt: null } as const;

/** The transactions repository (`../../repositories/transactions.ts`) on PostgreSQL. */
export function createPgTransactionsRepository(db: PgDb) {
  const get = async (id: string): Promise<Transaction | undefined> => {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
    return row;
  };

  /**
   * Records what the exchange says now; a status change and its outbox rows commit together.
   * The row is locked while read (FOR UPDATE), so two instances applying the same change queue
   * it once and a change is never compared against a status another writer is replacing.
   */
  const applyStatus = (
    id: string,
    status: string,
    now = Date.now(),
    details: TransactionDetails = {},
  ): Promise<boolean> =>
    db.transaction(async (tx) => {
      const current = await lockedRow(tx, id);
      if (!current) return false;
      const changed = current.status !== status;
      await tx
        .update(transactions)
        .set({
          ...mergeDetails(current, details),
          status,
          statusChangedAt: changed ? now : current.statusChangedAt,
          lastCheckedAt: now,
          ...known,
        })
        .where(eq(transactions.id, id));
      if (changed) {
        for (const reached of statesReached(current.status, status)) {
          await enqueuePgNotification(
            tx,
            { transactionId: id, chatId: current.chatId, status: reached },
            now,
          );
        }
      }
      return changed;
    });

  return {
    insert(record: NewTransaction, now = Date.now()): Promise<boolean> {
      return insertPgTransaction(db, record, now);
    },

    get,

    async exists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.id, id));
      return !!row;
    },

    async getForChat(chatId: number, id: string): Promise<Transaction | undefined> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id), eq(transactions.chatId, chatId)));
      return row;
    },

    async latestForChat(chatId: number): Promise<Transaction | undefined> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(eq(transactions.chatId, chatId))
        .orderBy(...newestFirst)
        .limit(1);
      return row;
    },

    /** One history page and the chat's total, from one snapshot. */
    pageForChat(
      chatId: number,
      page: { limit: number; offset: number },
    ): Promise<{ items: Transaction[]; total: number }> {
      return db.transaction(
        async (tx) => {
          const items = await tx
            .select()
            .from(transactions)
            .where(eq(transactions.chatId, chatId))
            .orderBy(...newestFirst)
            .limit(page.limit)
            .offset(page.offset);
          const [row] = await tx
            .select({ n: count() })
            .from(transactions)
            .where(eq(transactions.chatId, chatId));
          return { items, total: row?.n ?? 0 };
        },
        { isolationLevel: "repeatable read", accessMode: "read only" },
      );
    },

    listOpen(exchange: string): Promise<OpenSwap[]> {
      return db
        .select(openColumns)
        .from(transactions)
        .where(followedOn(exchange))
        .orderBy(asc(transactions.createdAt));
    },

    async claimUnnamed(exchange: string): Promise<number> {
      const updated = await db
        .update(transactions)
        .set({ exchange })
        .where(eq(transactions.exchange, ""));
      return updated.rowCount ?? 0;
    },

    async recordNotFound(id: string, since: number, nextLookupAt: number): Promise<void> {
      await db
        .update(transactions)
        .set({
          notFoundSince: sql`coalesce(${transactions.notFoundSince}, ${since})`,
          nextLookupAt,
        })
        .where(eq(transactions.id, id));
    },

    giveUp(id: string, now = Date.now()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const current = await lockedRow(tx, id);
        if (!current || current.givenUpAt !== null) return false;
        await tx.update(transactions).set({ givenUpAt: now }).where(eq(transactions.id, id));
        return enqueuePgOutbox(
          tx,
          {
            kind: "given-up",
            chatId: current.chatId,
            transactionId: id,
            status: current.status,
            dedupeKey: givenUpKey(id),
          },
          now,
        );
      });
    },

    async oldestOpenCreatedAt(): Promise<string | undefined> {
      const [row] = await db
        .select({ createdAt: transactions.createdAt })
        .from(transactions)
        .where(OPEN_STATUS_SQL)
        .orderBy(asc(transactions.createdAt))
        .limit(1);
      return row?.createdAt;
    },

    async countOpen(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(transactions).where(OPEN_STATUS_SQL);
      return row?.n ?? 0;
    },

    async openByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: transactions.status, n: count() })
        .from(transactions)
        .where(OPEN_STATUS_SQL)
        .groupBy(transactions.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    applyStatus,

    applyProgress(id: string, progress: SwapProgress, now = Date.now()): Promise<boolean> {
      return applyStatus(id, progress.status, now, progress);
    },

    updateDetails(id: string, details: TransactionDetails): Promise<boolean> {
      return db.transaction(async (tx) => {
        const current = await lockedRow(tx, id);
        if (!current) return false;
        await tx
          .update(transactions)
          .set(mergeDetails(current, details))
          .where(eq(transactions.id, id));
        return true;
      });
    },

    async setCardMessage(id: string, messageId: number): Promise<boolean> {
      const updated = await db
        .update(transactions)
        .set({ cardMessageId: messageId })
        .where(eq(transactions.id, id));
      return updated.rowCount === 1;
    },

    async markChecked(ids: readonly string[], now = Date.now()): Promise<void> {
      await db.transaction(async (tx) => {
        for (let i = 0; i < ids.length; i += CHUNK) {
          await tx
            .update(transactions)
            .set({ lastCheckedAt: now, ...known })
            .where(inArray(transactions.id, ids.slice(i, i + CHUNK)));
        }
      });
    },
  };
}

/** A swap's row, locked until the transaction ends: another writer's change waits for ours. */
async function lockedRow(tx: PgTx, id: string) {
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for("update");
  return row;
}
