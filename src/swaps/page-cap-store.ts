import type { Awaitable } from "../lib/awaitable.ts";

/**
 * The list endpoint's page-size cap, learned from its answers (it is not documented) and kept
 * across restarts: the status tracker's and the reconciler's.
 */
export interface PageCapStore {
  /** The cap learned earlier, if any. */
  loadPageCap(): Awaitable<number | undefined>;
  savePageCap(cap: number): Awaitable<void>;
}
