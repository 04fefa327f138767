import type { Awaitable } from "../lib/awaitable.ts";
import type { Intent, SwapRecord } from "./intent.ts";
import type { PageCapStore } from "./page-cap-store.ts";

/** The reconciler's storage (tracker/reconciler.ts); it pages the list endpoint too (PageCapStore). */
export interface ReconcileStore extends PageCapStore {
  /**
   * Intents POSTed to one of `exchanges` (their `exchange`) whose outcome is unknown, and pending
   * ones whose POST began before `pendingBefore`, oldest first.
   */
  listUnresolved(pendingBefore: number, exchanges: readonly string[]): Awaitable<Intent[]>;
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
}
