import type { DecimalString } from "../lib/decimal.ts";
import type { NewSwap, OpenSwap, Swap, SwapOrder, SwapProgress } from "./swap.ts";

/**
 * What the core's services need from storage and from the outside. Both stores in `db/` answer
 * with promises (one seam over better-sqlite3 and PostgreSQL); a port may also answer at once
 * (the chat-settings cache does, from memory), so callers always `await`.
 */
export type Awaitable<T> = T | Promise<T>;

export const INTENT_STATES = ["pending", "created", "failed", "unknown"] as const;
/**
 * `pending`: claimed, POST under way (or the process died during it); `unknown`: the POST's answer
 * was lost; `failed`: nothing was created, the summary may be confirmed again.
 */
export type IntentState = (typeof INTENT_STATES)[number];

/** A confirmed summary, claimed before its POST so that it creates at most one transaction. */
export interface Intent {
  key: string;
  chatId: number;
  userId: number;
  request: SwapOrder;
  /**
   * The payout of the fixed quote the user confirmed (null: a floating rate): a created swap that
   * promises less is not the deal, whether its POST answered or the reconciler found it.
   */
  fixedAmountOut: DecimalString | null;
  state: IntentState;
  transactionId: string | null;
  error: string | null;
  /** When the POST was (last) sent, unix ms: the reconciler searches upstream from here. */
  createdAt: number;
  updatedAt: number;
}

/**
 * One POST of an intent: a summary confirmed again after a failure is a new POST (its `createdAt`
 * moves), never taken for the one before.
 */
export const postOf = (intent: Pick<Intent, "key" | "createdAt">): string =>
  `${intent.key}@${intent.createdAt}`;

export type IntentInput = Pick<Intent, "key" | "chatId" | "userId" | "request"> &
  Partial<Pick<Intent, "fixedAmountOut">>;

/** `claimed: true`: the caller owns the key and may POST. Otherwise `intent` says how far it got. */
export type ClaimResult = { claimed: boolean; intent: Intent };

/** A swap to record for an intent: chat and user are always the intent's. */
export type SwapRecord = Omit<NewSwap, "chatId" | "userId">;

/** The swap service's storage. */
export interface SwapStore {
  claim(input: IntentInput): Awaitable<ClaimResult>;
  /** Records the swap and closes its intent as created, atomically (inserted: its row is new). */
  recordCreated(intentKey: string, swap: SwapRecord): Awaitable<{ inserted: boolean }>;
  markFailed(key: string, error: string): Awaitable<void>;
  markUnknown(key: string): Awaitable<void>;
  getForChat(chatId: number, id: string): Awaitable<Swap | undefined>;
}

/** What a swap listed to its user needs (the Mini App's list): 22 of the row's columns. */
export const LISTED = {
  id: true,
  coinFrom: true,
  coinTo: true,
  networkFrom: true,
  networkTo: true,
  amountIn: true,
  amountOutExpected: true,
  amountOut: true,
  rateType: true,
  depositAddress: true,
  depositMemo: true,
  withdrawalAddress: true,
  payoutMemo: true,
  refundAddress: true,
  txHashIn: true,
  txHashOut: true,
  txLinkIn: true,
  txLinkOut: true,
  status: true,
  createdAt: true,
  exchange: true,
  suspect: true,
} as const satisfies Partial<Record<keyof Swap, true>>;
export type ListedSwap = Pick<Swap, keyof typeof LISTED>;

/** The reader of a chat's own swaps. */
export interface SwapQueries {
  getForChat(chatId: number, id: string): Awaitable<Swap | undefined>;
  latestForChat(chatId: number): Awaitable<Swap | undefined>;
  pageForChat(
    chatId: number,
    page: { limit: number; offset: number },
  ): Awaitable<{ items: Swap[]; total: number }>;
  /** pageForChat with only what a list shows (LISTED): the Mini App polls it. */
  listedForChat(
    chatId: number,
    page: { limit: number; offset: number },
  ): Awaitable<{ items: ListedSwap[]; total: number }>;
  /**
   * A number that moves whenever the chat's listed swaps change (one stored, removed, or changed
   * in a LISTED column), by whoever: a list made at a version is current while it holds. None
   * while no change was seen (swaps older than the version's table) or after /forget removed it;
   * one made again starts above every value before.
   */
  listVersion(chatId: number): Awaitable<number | undefined>;
  /** Stores what a detail read said; a status change queues its notification atomically. */
  applyProgress(id: string, progress: SwapProgress, at: number): Awaitable<boolean>;
}

/** The reconciler's storage. */
export interface ReconcileStore {
  /** Intents whose outcome is unknown, and pending ones whose POST began before `pendingBefore`. */
  listUnresolved(pendingBefore: number): Awaitable<Intent[]>;
  isKnownSwap(id: string): Awaitable<boolean>;
  /**
   * Records the swap found upstream, closes the intent and queues the chat's message (its deposit
   * address, or the warning for a suspect swap), atomically.
   */
  adopt(intentKey: string, swap: SwapRecord): Awaitable<{ inserted: boolean }>;
  /**
   * Nothing was created: the intent fails (and may be confirmed again) and the chat is told
   * (false: it was created meanwhile, and is left alone).
   */
  giveUp(intent: Intent, reason: string): Awaitable<boolean>;
  /** The list endpoint's page-size cap learned earlier (the tracker's too). */
  loadPageCap(): Awaitable<number | undefined>;
  savePageCap(cap: number): Awaitable<void>;
}

/** The status tracker's storage. */
export interface TrackerStore {
  /** The open swaps created on `exchange` and not given up, oldest first. */
  listOpen(exchange: string): Awaitable<OpenSwap[]>;
  /** Stores a new state; a status change queues its notification in the same transaction. */
  applyProgress(id: string, progress: SwapProgress, at: number): Awaitable<boolean>;
  /**
   * Stores what a detail read adds to a status already pushed (hashes, final amounts), or a newer
   * status as applyProgress does. When it adds what the swap's push and card show, queues the
   * receipt (outboxReceipt): the card edited, and on complete a message with the payout, when its
   * push went out without it. Returns whether anything was queued.
   */
  applyReceipt(id: string, progress: SwapProgress, at: number): Awaitable<boolean>;
  /** Seen upstream (listed, or read by id) at `at`: also ends a run of 404s. */
  markChecked(ids: readonly string[], at: number): Awaitable<void>;
  /**
   * The exchange answered 404: keeps the first such time (`at` when none is stored) and puts off
   * the next read by id until `nextLookupAt`; both survive restarts.
   */
  recordNotFound(id: string, at: number, nextLookupAt: number): Awaitable<void>;
  /**
   * Stops following the swap and queues its chat's one message saying so (false: done before).
   */
  giveUp(id: string, at: number): Awaitable<boolean>;
  /**
   * Queues the chat's "taking longer than usual" message for the swap's current state. Once per
   * swap and state, whoever asks again (false then), across restarts.
   */
  queueStuck(swap: Pick<OpenSwap, "id" | "chatId" | "status">, at: number): Awaitable<boolean>;
  /** The list endpoint's page-size cap learned earlier (it is not documented). */
  loadPageCap(): Awaitable<number | undefined>;
  savePageCap(cap: number): Awaitable<void>;
}

export const OUTBOX_KINDS = [
  "status",
  "deposit",
  "suspect",
  "not-created",
  "stuck",
  "given-up",
] as const;
/**
 * What a chat is told unasked: `status` a status change; `deposit` the deposit address of a swap
 * adopted by reconciliation; `suspect` a swap that could not be set up safely; `not-created` a
 * confirmation that created nothing after all; `stuck` a swap that stays in one state too long;
 * `given-up` a swap the exchange has not known for a day, no longer followed.
 */
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** One message waiting in the outbox. */
export interface OutboxEntry {
  id: number;
  kind: OutboxKind;
  transactionId: string | null;
  intentKey: string | null;
  chatId: number;
  status: string | null;
  attempts: number;
  /** Set when an earlier attempt may have been delivered after all. */
  maybeSentAt: number | null;
  /** One message per key, whoever queues it (see outboxReceipt). */
  dedupeKey: string;
}

/**
 * The receipt of a status push: what a detail read added after the push was queued (the deposit
 * hash, the payout). A `card` receipt only edits the swap's status card; a `message` one (the
 * payout of a complete swap whose push went out without it) is a new message too. One of each
 * per swap and status. Stored as `stuck` rows whose status is RECEIPT_STATUS, a status no swap
 * has: a previous release (a rolling deploy, a rollback) parses them and drops them as "no longer
 * stuck", never sending them as a status push twice.
 */
export const RECEIPT_STATUS = "receipt";

export const receiptKey = (kind: "card" | "message", transactionId: string, status: string) =>
  `receipt-${kind}:${transactionId}:${status}`;

/** Which receipt an outbox entry is, if it is one. */
export function outboxReceipt(entry: Pick<OutboxEntry, "kind" | "dedupeKey">) {
  if (entry.kind !== "stuck") return undefined;
  if (entry.dedupeKey.startsWith("receipt-card:")) return "card";
  if (entry.dedupeKey.startsWith("receipt-message:")) return "message";
  return undefined;
}

/** The notifier's storage. */
export interface OutboxStore {
  /** Unsent entries whose time has come, oldest first, skipping chats that blocked us. */
  due(limit: number, now: number): Awaitable<OutboxEntry[]>;
  markSent(id: number, at: number): Awaitable<void>;
  retryLater(id: number, error: string, retryAt: number, maybeSent: boolean): Awaitable<void>;
  drop(id: number, reason: string, at: number): Awaitable<void>;
  markChatBlocked(chatId: number, at: number): Awaitable<void>;
  swap(transactionId: string): Awaitable<Swap | undefined>;
  /** False: no such swap. */
  setStatusCard(transactionId: string, messageId: number): Awaitable<boolean>;
  chatLanguage(chatId: number): Awaitable<string | undefined>;
}

/** Per-chat settings as stored. */
export interface ChatsStore {
  language(chatId: number): Awaitable<string | undefined>;
  setLanguage(chatId: number, language: string): Awaitable<void>;
  /**
   * The chat talks to us; `languageHint` (Telegram's) is kept only while no locale is stored.
   * Returns the chat's stored language after it (the hint, or the locale kept).
   */
  touch(chatId: number, type: string, languageHint?: string): Awaitable<string | undefined>;
  markBlocked(chatId: number, now?: number): Awaitable<void>;
}
