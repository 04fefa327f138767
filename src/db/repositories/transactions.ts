import { and, asc, count, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { FINAL_STATUSES } from "../../exchange/schemas.ts";
import type { SwapDetailUpdate, SwapRecord } from "../../swaps/types.ts";
import type { Db } from "../client.ts";
import { transactions } from "../schema.ts";
import type { NotificationsRepository } from "./notifications.ts";

export type NewSwap = Omit<SwapRecord, "cardMessageId" | "lastCheckedAt" | "statusChangedAt"> & {
  statusChangedAt?: number;
};

const finals = [...FINAL_STATUSES];

/** The chat ↔ transaction map and everything the bot knows of each swap. */
export function createTransactionsRepository(db: Db, outbox: NotificationsRepository) {
  const get = (id: string): SwapRecord | undefined =>
    db.select(columns).from(transactions).where(eq(transactions.id, id)).get();

  return {
    get,
    exists(id: string): boolean {
      return !!db.select({ id: transactions.id }).from(transactions).where(eq(transactions.id, id)).get();
    },
    insert(swap: NewSwap, now = Date.now()): void {
      db.insert(transactions)
        .values({ ...swap, statusChangedAt: swap.statusChangedAt ?? now, insertedAt: now })
        .run();
    },
    /** Privacy: another chat's transaction does not exist for this chat. */
    getForChat(chatId: number, id: string): SwapRecord | undefined {
      return db
        .select(columns)
        .from(transactions)
        .where(and(eq(transactions.id, id), eq(transactions.chatId, chatId)))
        .get();
    },
    latestForChat(chatId: number): SwapRecord | undefined {
      return db
        .select(columns)
        .from(transactions)
        .where(eq(transactions.chatId, chatId))
        .orderBy(desc(transactions.insertedAt), desc(sql`rowid`))
        .limit(1)
        .get();
    },
    pageForChat(chatId: number, page: { limit: number; offset: number }) {
      const items = db
        .select(columns)
        .from(transactions)
        .where(eq(transactions.chatId, chatId))
        .orderBy(desc(transactions.insertedAt), desc(sql`rowid`))
        .limit(page.limit)
        .offset(page.offset)
        .all();
      const total =
        db.select({ n: count() }).from(transactions).where(eq(transactions.chatId, chatId)).get()?.n ?? 0;
      return { items, total };
    },
    /** Swaps not yet in a final state: the tracker follows these. */
    listOpen() {
      return db
        .select({
          id: transactions.id,
          status: transactions.status,
          createdAt: transactions.createdAt,
          lastCheckedAt: transactions.lastCheckedAt,
        })
        .from(transactions)
        .where(notInArray(transactions.status, finals))
        .orderBy(asc(transactions.createdAt))
        .all();
    },
    openByStatus(): Record<string, number> {
      const rows = db
        .select({ status: transactions.status, n: count() })
        .from(transactions)
        .where(notInArray(transactions.status, finals))
        .groupBy(transactions.status)
        .all();
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },
    /**
     * Stores what the exchange says now. A status change and its notification are written in one
     * SQLite transaction: either both exist or neither, so no change is ever announced twice or
     * lost. Returns whether the status changed.
     */
    applyDetail(id: string, update: SwapDetailUpdate, now = Date.now()): boolean {
      return db.transaction((tx) => {
        const current = tx.select(columns).from(transactions).where(eq(transactions.id, id)).get();
        if (!current) return false;
        const changed = current.status !== update.status;
        tx.update(transactions)
          .set({
            status: update.status,
            statusChangedAt: changed ? now : current.statusChangedAt,
            amountOut: update.amountOut ?? current.amountOut,
            rate: update.rate ?? current.rate,
            txHashIn: update.txHashIn ?? current.txHashIn,
            txHashOut: update.txHashOut ?? current.txHashOut,
            refundAddress: update.refundAddress ?? current.refundAddress,
            networkFrom: current.networkFrom ?? update.networkFrom,
            networkTo: current.networkTo ?? update.networkTo,
            lastCheckedAt: now,
          })
          .where(eq(transactions.id, id))
          .run();
        if (changed) outbox.enqueue(id, current.chatId, update.status, now);
        return changed;
      });
    },
    /** A status seen in the list without its detail: announced now, details follow later. */
    applyStatus(id: string, status: string, now = Date.now()): boolean {
      return db.transaction((tx) => {
        const current = tx
          .select({ status: transactions.status, chatId: transactions.chatId })
          .from(transactions)
          .where(eq(transactions.id, id))
          .get();
        if (!current || current.status === status) return false;
        tx.update(transactions)
          .set({ status, statusChangedAt: now, lastCheckedAt: now })
          .where(eq(transactions.id, id))
          .run();
        outbox.enqueue(id, current.chatId, status, now);
        return true;
      });
    },
    markChecked(ids: readonly string[], now = Date.now()): void {
      // Chunked: SQLite limits the number of bound parameters per statement.
      for (let i = 0; i < ids.length; i += 500) {
        db.update(transactions)
          .set({ lastCheckedAt: now })
          .where(inArray(transactions.id, ids.slice(i, i + 500)))
          .run();
      }
    },
    setCardMessage(id: string, messageId: number): void {
      db.update(transactions).set({ cardMessageId: messageId }).where(eq(transactions.id, id)).run();
    },
  };
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;

const columns = {
  id: transactions.id,
  chatId: transactions.chatId,
  userId: transactions.userId,
  coinFrom: transactions.coinFrom,
  coinTo: transactions.coinTo,
  networkFrom: transactions.networkFrom,
  networkTo: transactions.networkTo,
  amountIn: transactions.amountIn,
  amountOutExpected: transactions.amountOutExpected,
  amountOut: transactions.amountOut,
  rate: transactions.rate,
  rateType: transactions.rateType,
  depositAddress: transactions.depositAddress,
  withdrawalAddress: transactions.withdrawalAddress,
  refundAddress: transactions.refundAddress,
  txHashIn: transactions.txHashIn,
  txHashOut: transactions.txHashOut,
  status: transactions.status,
  statusChangedAt: transactions.statusChangedAt,
  createdAt: transactions.createdAt,
  cardMessageId: transactions.cardMessageId,
  lastCheckedAt: transactions.lastCheckedAt,
  sandbox: transactions.sandbox,
};
