import type { Awaitable } from "../lib/awaitable.ts";
import type { SwapProgress } from "./swap.ts";

/**
 * Where what a detail read said is stored: the status tracker's, and the reader of a chat's swaps
 * (a /status or a Refresh reads the swap too).
 */
export interface ProgressStore {
  /** Stores a new state; a status change queues its notification in the same transaction. */
  applyProgress(id: string, progress: SwapProgress, at: number): Awaitable<boolean>;
}
