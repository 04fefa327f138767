import type { Awaitable } from "../lib/awaitable.ts";
import type { Swap } from "./swap.ts";

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

/**
 * The receipt of a status push: what a detail read added after the push was queued (the deposit
 * hash, the payout). A `card` receipt only edits the swap's status card; a `message` one (the
 * payout of a complete swap whose push went out without it) is a new message too. One of each
 * per swap and status (how it is stored is db/'s: repositories/notifications.ts).
 */
export type OutboxReceipt = "card" | "message";

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
  /** One message per key, whoever queues it. */
  dedupeKey: string;
  /** Which receipt of a status push the entry is, if it is one. */
  receipt?: OutboxReceipt;
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
