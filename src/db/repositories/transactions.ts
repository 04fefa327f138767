import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { statesReached } from "../../swaps/status.ts";
import type { NewSwap, OpenSwap, Swap, SwapProgress } from "../../swaps/swap.ts";
import { type Db, type DbExecutor, WRITE } from "../client.ts";
import { OPEN_STATUS_SQL, transactions } from "../schema.ts";
import { enqueueNotification, enqueueOutbox, givenUpKey } from "./notifications.ts";

/** A swap as stored. */
export type Transaction = Swap;

/**
 * A transaction to record. Nullable upstream fields are required (pass null) so that a caller
 * cannot forget one; the bot's own bookkeeping fields are optional.
 */
export type NewTransaction = Omit<NewSwap, "suspect"> &
  Partial<
    Pick<
      Swap,
      | "suspect"
      | "statusChangedAt"
      | "cardMessageId"
      | "lastCheckedAt"
      | "notFoundSince"
      | "nextLookupAt"
      | "givenUpAt"
    >
  >;

/** What the tracker reads of each open swap. */
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
function followedOn(exchange: string) {
  return and(OPEN_STATUS_SQL, eq(transactions.exchange, exchange), isNull(transactions.givenUpAt));
}

/** A sight of the swap upstream ends a run of 404s. */
const known = { notFoundSince: null, nextLookupAt: null } as const;

/** Fields of a detail read besides the status (missing or null keeps what is stored). */
export type TransactionDetails = Omit<SwapProgress, "status">;

/** SQLite's default limit on bound parameters is far above this; it only keeps statements small. */
const CHUNK = 500;

/**
 * Inserts a transaction unless its id is already stored (the reconciler may have adopted it
 * first); returns whether it was inserted. Takes an executor so intents can call it inside their
 * own SQLite transaction.
 */
export function insertTransaction(
  executor: DbExecutor,
  record: NewTransaction,
  now: number,
): boolean {
  const result = executor
    .insert(transactions)
    .values({ ...record, statusChangedAt: record.statusChangedAt ?? now, insertedAt: now })
    .onConflictDoNothing()
    .run();
  return result.changes === 1;
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

/** History, newest first; ties (same upstream second) fall back to the order we stored them. */
const newestFirst = [desc(transactions.createdAt), desc(transactions.insertedAt)] as const;

/** The chat ↔ transaction map and everything the bot knows of each swap. */
export function createTransactionsRepository(db: Db) {
  const get = (id: string): Transaction | undefined =>
    db.select().from(transactions).where(eq(transactions.id, id)).get();

  /**
   * Records what the exchange says now. The status change and its outbox row are written in ONE
   * SQLite transaction: a crash leaves both or neither, so every change is announced (at least
   * once) and none is queued twice. Same status: only the details and `last_checked_at` move and
   * nothing is queued. Any status string is kept, including ones the spec does not list.
   * Returns whether the status changed (false as well for an unknown id).
   */
  const applyStatus = (
    id: string,
    status: string,
    now = Date.now(),
    details: TransactionDetails = {},
  ): boolean =>
    db.transaction((tx) => {
      const current = tx.select().from(transactions).where(eq(transactions.id, id)).get();
      if (!current) return false;
      const changed = current.status !== status;
      tx.update(transactions)
        .set({
          ...mergeDetails(current, details),
          status,
          statusChangedAt: changed ? now : current.statusChangedAt,
          lastCheckedAt: now,
          ...known,
        })
        .where(eq(transactions.id, id))
        .run();
      if (changed) {
        for (const reached of statesReached(current.status, status)) {
          enqueueNotification(
            tx,
            { transactionId: id, chatId: current.chatId, status: reached },
            now,
          );
        }
      }
      return changed;
    }, WRITE);

  return {
    /** Returns false (and changes nothing) when the id is already stored. */
    insert(record: NewTransaction, now = Date.now()): boolean {
      return insertTransaction(db, record, now);
    },

    /** Any chat's transaction: for the tracker and the outbox, never for a user-supplied id. */
    get,

    exists(id: string): boolean {
      return !!db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.id, id))
        .get();
    },

    /** Privacy: another chat's transaction does not exist for this chat. */
    getForChat(chatId: number, id: string): Transaction | undefined {
      return db
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id), eq(transactions.chatId, chatId)))
        .get();
    },

    latestForChat(chatId: number): Transaction | undefined {
      return db
        .select()
        .from(transactions)
        .where(eq(transactions.chatId, chatId))
        .orderBy(...newestFirst)
        .limit(1)
        .get();
    },

    /** One history page, newest first, with the chat's total for the pager. */
    pageForChat(
      chatId: number,
      page: { limit: number; offset: number },
    ): { items: Transaction[]; total: number } {
      return db.transaction((tx) => {
        // One read transaction: the page and its total see the same rows.
        const items = tx
          .select()
          .from(transactions)
          .where(eq(transactions.chatId, chatId))
          .orderBy(...newestFirst)
          .limit(page.limit)
          .offset(page.offset)
          .all();
        const total =
          tx.select({ n: count() }).from(transactions).where(eq(transactions.chatId, chatId)).get()
            ?.n ?? 0;
        return { items, total };
      });
    },

    /**
     * Transactions of `exchange` not yet in a terminal state nor given up, oldest first: what the
     * tracker follows.
     */
    listOpen(exchange: string): OpenSwap[] {
      return db
        .select(openColumns)
        .from(transactions)
        .where(followedOn(exchange))
        .orderBy(asc(transactions.createdAt))
        .all();
    },

    /**
     * Rows recorded before swaps named their exchange (empty) were created on a real exchange:
     * they are the configured one's. Returns how many were named.
     */
    claimUnnamed(exchange: string): number {
      return db.update(transactions).set({ exchange }).where(eq(transactions.exchange, "")).run()
        .changes;
    },

    /**
     * The exchange answered 404 for the swap: the first of a run is kept (`since` is used only
     * then), and no read by id is made before `nextLookupAt`.
     */
    recordNotFound(id: string, since: number, nextLookupAt: number): void {
      db.update(transactions)
        .set({
          notFoundSince: sql`coalesce(${transactions.notFoundSince}, ${since})`,
          nextLookupAt,
        })
        .where(eq(transactions.id, id))
        .run();
    },

    /**
     * Stops following a swap the exchange no longer knows, and queues its chat's one message
     * about it, atomically. Returns whether the message was queued (false: given up before).
     */
    giveUp(id: string, now = Date.now()): boolean {
      return db.transaction((tx) => {
        const current = tx.select().from(transactions).where(eq(transactions.id, id)).get();
        if (!current || current.givenUpAt !== null) return false;
        tx.update(transactions).set({ givenUpAt: now }).where(eq(transactions.id, id)).run();
        return enqueueOutbox(
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
      }, WRITE);
    },

    /** The upstream `created_at` of the oldest open transaction: the tracker's `dateFrom`. */
    oldestOpenCreatedAt(): string | undefined {
      return db
        .select({ createdAt: transactions.createdAt })
        .from(transactions)
        .where(OPEN_STATUS_SQL)
        .orderBy(asc(transactions.createdAt))
        .limit(1)
        .get()?.createdAt;
    },

    countOpen(): number {
      return db.select({ n: count() }).from(transactions).where(OPEN_STATUS_SQL).get()?.n ?? 0;
    },

    /** Open transactions per status, for metrics. */
    openByStatus(): Record<string, number> {
      const rows = db
        .select({ status: transactions.status, n: count() })
        .from(transactions)
        .where(OPEN_STATUS_SQL)
        .groupBy(transactions.status)
        .all();
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    applyStatus,

    /** `applyStatus` for a detail read (the shape the tracker and the status reader hold). */
    applyProgress(id: string, progress: SwapProgress, now = Date.now()): boolean {
      return applyStatus(id, progress.status, now, progress);
    },

    /** Stores details without touching the status (no notification). Returns whether it exists. */
    updateDetails(id: string, details: TransactionDetails): boolean {
      return db.transaction((tx) => {
        const current = tx.select().from(transactions).where(eq(transactions.id, id)).get();
        if (!current) return false;
        tx.update(transactions)
          .set(mergeDetails(current, details))
          .where(eq(transactions.id, id))
          .run();
        return true;
      }, WRITE);
    },

    /** The status card to edit in place from now on. */
    setCardMessage(id: string, messageId: number): boolean {
      return (
        db
          .update(transactions)
          .set({ cardMessageId: messageId })
          .where(eq(transactions.id, id))
          .run().changes === 1
      );
    },

    /** Records that these were seen upstream unchanged (the tracker checks the stalest first). */
    markChecked(ids: readonly string[], now = Date.now()): void {
      db.transaction((tx) => {
        for (let i = 0; i < ids.length; i += CHUNK) {
          tx.update(transactions)
            .set({ lastCheckedAt: now, ...known })
            .where(inArray(transactions.id, ids.slice(i, i + CHUNK)))
            .run();
        }
      });
    },
  };
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;
