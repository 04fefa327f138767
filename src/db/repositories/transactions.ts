import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { FINAL_STATUSES, isHeld, statesReached } from "../../swaps/status.ts";
import type { NewSwap, OpenSwap, Swap, SwapProgress } from "../../swaps/swap.ts";
import { listedSwapRow, openSwapRow, swapRow } from "../rows.ts";
import {
  assignments,
  columnsOf,
  count,
  countOf,
  type Executor,
  insertInto,
  long,
  parseRows,
  type Seam,
  select,
  selectOne,
} from "../seam.ts";
import {
  enqueueOutbox,
  givenUpKey,
  RECEIPT_STATUS,
  receiptKey,
  statusKey,
  statusPush,
} from "./notifications.ts";

/** A swap as stored, with when it was stored. */
export type Transaction = Swap & { insertedAt: number };

/**
 * A transaction to record. Nullable upstream fields are required (pass null) so that a caller
 * cannot forget one; the bot's own bookkeeping fields are optional.
 */
export type NewTransaction = Omit<NewSwap, "suspect"> & Partial<Swap>;

/** Fields of a detail read besides the status (missing or null keeps what is stored). */
type TransactionDetails = Omit<SwapProgress, "status">;

/**
 * The SQL condition of an open transaction: the partial index's WHERE, verbatim (a bound
 * parameter could not match it; a test checks the schemas' list equals `FINAL_STATUSES`).
 */
export const OPEN = sql.raw(`status not in (${FINAL_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/** Ids per UPDATE … WHERE id IN (…): keeps statements small. */
const CHUNK = 500;

const COLUMNS = Object.keys(swapRow.shape);

/** A sight of the swap upstream ends a run of 404s. */
const KNOWN = sql`not_found_since = null, next_lookup_at = null`;

/** History, newest first; ties (same upstream second) fall back to the order we stored them. */
const NEWEST_FIRST = sql`order by created_at desc, inserted_at desc`;

/**
 * Inserts a transaction unless its id is already stored (the reconciler may have adopted it
 * first); returns whether it was inserted. Intents call it inside their own transaction.
 */
export async function insertTransaction(
  executor: Executor,
  record: NewTransaction,
  now: number,
): Promise<boolean> {
  const given: Partial<Record<string, unknown>> = {
    suspect: false,
    ...record,
    statusChangedAt: record.statusChangedAt ?? now,
    insertedAt: now,
  };
  // Column by column: whatever else a record carries (a spread upstream answer) is not stored.
  const row = Object.fromEntries(COLUMNS.map((key) => [key, given[key] ?? null]));
  return (
    (await executor.run(sql`${insertInto("transactions", [row])} on conflict do nothing`)) === 1
  );
}

/** How many transactions `where` selects, per status. */
export async function countByStatus(db: Executor, where: SQL): Promise<Record<string, number>> {
  const rows = await db.all(
    sql`select status, count(*) as n from transactions where ${where} group by status`,
  );
  return Object.fromEntries(rows.map((r) => [String(r.status), long.parse(r.n)]));
}

function mergeDetails(current: Transaction, details: TransactionDetails) {
  return {
    amountOut: details.amountOut ?? current.amountOut,
    rate: details.rate ?? current.rate,
    txHashIn: details.txHashIn ?? current.txHashIn,
    txHashOut: details.txHashOut ?? current.txHashOut,
    txLinkIn: details.txLinkIn ?? current.txLinkIn,
    txLinkOut: details.txLinkOut ?? current.txLinkOut,
    refundAddress: details.refundAddress ?? current.refundAddress,
    networkFrom: current.networkFrom ?? details.networkFrom ?? null,
    networkTo: current.networkTo ?? details.networkTo ?? null,
    holdLink: details.holdLink ?? current.holdLink,
    holdAsks: details.holdAsks ?? current.holdAsks,
  };
}

/**
 * Everything the bot knows of each swap: the core's `SwapQueries` and `TrackerStore` (their
 * methods say what each does). A status change and its outbox rows are written in one
 * transaction, the swap's row locked while read (docs/design.md §5, §6).
 */
export function createTransactionsRepository(db: Seam) {
  const one = (executor: Executor, id: string, lock = sql``) =>
    selectOne(executor, swapRow, sql`from transactions where id = ${id}${lock}`);

  /** A swap's row inside a write transaction, locked (PostgreSQL) until it ends. */
  const locked = (tx: Executor, id: string) => one(tx, id, db.forUpdate);

  /** A chat's page of swaps, read as `schema`, and its total: see pageForChat. */
  const pageOf = async <S extends z.ZodObject>(
    schema: S,
    chatId: number,
    page: { limit: number; offset: number },
  ): Promise<{ items: z.output<S>[]; total: number }> => {
    const mine = sql`from transactions where chat_id = ${chatId}`;
    const rows = await db.all(sql`select ${columnsOf(schema)}, (select count(*) ${mine}) as "n"
      ${mine} ${NEWEST_FIRST} limit ${page.limit} offset ${page.offset}`);
    if (rows.length === 0 && page.offset > 0) return { items: [], total: await count(db, mine) };
    return { items: parseRows(schema, rows), total: countOf(rows) };
  };

  /**
   * Records what the exchange says now; a new status queues one push per state reached. Same
   * status: only the details and `last_checked_at` move. Any status string is kept, including
   * ones the spec does not list. Returns whether the status changed (false for an unknown id).
   */
  const applyStatus = (
    id: string,
    status: string,
    now = Date.now(),
    details: TransactionDetails = {},
  ): Promise<boolean> =>
    db.transaction(async (tx) => {
      const current = await locked(tx, id);
      if (!current) return false;
      const changed = current.status !== status;
      const set = assignments({
        ...mergeDetails(current, details),
        status,
        statusChangedAt: changed ? now : current.statusChangedAt,
        lastCheckedAt: now,
      });
      await tx.run(sql`update transactions set ${set}, ${KNOWN} where id = ${id}`);
      const { chatId } = current;
      const afterHold = isHeld(current.status);
      for (const reached of changed ? statesReached(current.status, status) : []) {
        await enqueueOutbox(tx, statusPush(id, chatId, reached, afterHold), now);
      }
      return changed;
    });

  /** Queues a message about swap `current` (locked, in `tx`). */
  const tell = (
    tx: Executor,
    current: Transaction,
    kind: "given-up" | "stuck",
    status: string,
    dedupeKey: string,
    now: number,
  ) =>
    enqueueOutbox(
      tx,
      { kind, chatId: current.chatId, transactionId: current.id, status, dedupeKey },
      now,
    );

  return {
    /** Returns false (and changes nothing) when the id is already stored. */
    insert: (record: NewTransaction, now = Date.now()) => insertTransaction(db, record, now),

    /** Any chat's transaction: for the tracker and the outbox, never for a user-supplied id. */
    get: (id: string): Promise<Transaction | undefined> => one(db, id),

    exists: async (id: string) =>
      (await db.all(sql`select 1 as one from transactions where id = ${id}`)).length > 0,

    /** Privacy: another chat's transaction does not exist for this chat. */
    getForChat: (chatId: number, id: string): Promise<Transaction | undefined> =>
      selectOne(db, swapRow, sql`from transactions where id = ${id} and chat_id = ${chatId}`),

    latestForChat(chatId: number): Promise<Transaction | undefined> {
      const newest = sql`from transactions where chat_id = ${chatId} ${NEWEST_FIRST} limit 1`;
      return selectOne(db, swapRow, newest);
    },

    /**
     * One history page and the chat's total in one statement (a scalar subquery, which SQLite runs
     * once and costs less than a window), so both come from one state of the database; a page past
     * the end counts apart.
     */
    pageForChat: (chatId: number, page: { limit: number; offset: number }) =>
      pageOf(swapRow, chatId, page),

    /** pageForChat with only the columns a list shows: the Mini App polls it. */
    listedForChat: (chatId: number, page: { limit: number; offset: number }) =>
      pageOf(listedSwapRow, chatId, page),

    /** The chat's list version, moved by the database's triggers (see the migration's notes). */
    async listVersion(chatId: number): Promise<number | undefined> {
      const version = sql`select version as n from swap_list_versions where chat_id = ${chatId}`;
      const rows = await db.all(version);
      return rows.length === 0 ? undefined : countOf(rows);
    },

    listOpen(exchange: string): Promise<OpenSwap[]> {
      const followed = sql`${OPEN} and exchange = ${exchange} and given_up_at is null`;
      return select(db, openSwapRow, sql`from transactions where ${followed} order by created_at`);
    },

    /**
     * Rows recorded before swaps named their exchange (empty) were created on a real exchange:
     * they are the configured one's. Returns how many were named.
     */
    claimUnnamed: (exchange: string) =>
      db.run(sql`update transactions set exchange = ${exchange} where exchange = ''`),

    async recordNotFound(id: string, since: number, nextLookupAt: number): Promise<void> {
      await db.run(sql`update transactions
        set not_found_since = coalesce(not_found_since, ${since}), next_lookup_at = ${nextLookupAt}
        where id = ${id}`);
    },

    giveUp: (id: string, now = Date.now()) =>
      db.transaction(async (tx) => {
        const current = await locked(tx, id);
        if (!current || current.givenUpAt !== null) return false;
        await tx.run(sql`update transactions set given_up_at = ${now} where id = ${id}`);
        return tell(tx, current, "given-up", current.status, givenUpKey(id), now);
      }),

    /** Open transactions per status, for metrics. */
    openByStatus: () => countByStatus(db, OPEN),

    applyStatus,

    applyProgress: (id: string, progress: SwapProgress, now = Date.now()) =>
      applyStatus(id, progress.status, now, progress),

    /** A newer status is applied as by applyProgress (its push carries the details). */
    async applyReceipt(id: string, progress: SwapProgress, now = Date.now()): Promise<boolean> {
      if (await applyStatus(id, progress.status, now, progress)) return true;
      return db.transaction(async (tx) => {
        const current = await locked(tx, id);
        if (!current || current.suspect) return false;
        const { status } = current;
        const hash = status === "success" ? current.txHashOut : current.txHashIn;
        if (!hash) return false;
        const [push] = await tx.all(
          sql`select sent_at as "sentAt" from notifications where dedupe_key = ${statusKey(id, status)}`,
        );
        // A push still waiting is written when it goes out: with the details, card included.
        // One on its way (or sent) may lack them: the card is edited after it.
        const sent = push !== undefined && push.sentAt !== null;
        const kind = status === "success" && sent ? "message" : "card";
        return tell(tx, current, "stuck", RECEIPT_STATUS, receiptKey(kind, id, status), now);
      });
    },

    /** The status card to edit in place from now on. */
    setStatusCard: async (id: string, messageId: number) =>
      (await db.run(
        sql`update transactions set card_message_id = ${messageId} where id = ${id}`,
      )) === 1,

    async markChecked(ids: readonly string[], now = Date.now()): Promise<void> {
      if (ids.length === 0) return;
      await db.transaction(async (tx) => {
        for (let i = 0; i < ids.length; i += CHUNK) {
          await tx.run(sql`update transactions set last_checked_at = ${now}, ${KNOWN}
            where id in ${ids.slice(i, i + CHUNK)}`);
        }
      });
    },
  };
}
