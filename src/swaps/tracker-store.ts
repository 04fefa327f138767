import type { Awaitable } from "../lib/awaitable.ts";
import type { PageCapStore } from "./page-cap-store.ts";
import type { ProgressStore } from "./progress-store.ts";
import type { OpenSwap, SwapProgress } from "./swap.ts";

/**
 * The status tracker's storage (tracker/): it stores what it reads (ProgressStore) and pages the
 * list endpoint (PageCapStore).
 */
export interface TrackerStore extends ProgressStore, PageCapStore {
  /** The open swaps created on `exchange` and not given up, oldest first. */
  listOpen(exchange: string): Awaitable<OpenSwap[]>;
  /**
   * Stores what a detail read adds to a status already pushed (hashes, final amounts), or a newer
   * status as applyProgress does. When it adds what the swap's push and card show, queues the
   * receipt (OutboxEntry.receipt): the card edited, and on complete a message with the payout,
   * when its push went out without it. Returns whether anything was queued.
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
}
