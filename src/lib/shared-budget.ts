import { BudgetWaitTooLong, type Release } from "./request-budget.ts";

/**
 * The count of recent requests per endpoint class, kept where every instance sees it (the shared
 * database): the exchange counts per key and per IP, not per process, so N instances must stay
 * within one budget together.
 */
export interface BudgetLedger {
  /**
   * One slot, if fewer than `limit` were taken within the last `windowMs`; else when to retry.
   * With `userLimit`, the slot is a user request's: it is also refused when users (of every
   * instance) took `userLimit` within the window, which keeps the rest for background work.
   */
  take(
    endpointClass: string,
    limit: number,
    windowMs: number,
    userLimit?: number,
  ): Promise<{ slot: string } | { retryInMs: number }>;
  /** The request completed: its slot ages out one window from now. */
  release(slot: string): Promise<void>;
}

interface SharedAcquire {
  endpointClass: string;
  limit: number;
  windowMs: number;
  /** A user request's slot, held to this many per window (see BudgetLedger.take). */
  userLimit?: number;
  /** Refuse (BudgetWaitTooLong) rather than wait longer than this. */
  maxWaitMs?: number;
  signal?: AbortSignal;
}

/** Longest pause between two tries: slots free up as other instances' requests complete. */
const MAX_POLL_MS = 1_000;

/**
 * Waits for a slot of the shared ledger. The caller already holds a slot of its own process's
 * budget (which orders its waiters fairly); this adds the count of every other instance.
 */
export async function acquireShared(
  ledger: BudgetLedger,
  request: SharedAcquire,
): Promise<Release> {
  const started = Date.now();
  for (;;) {
    if (request.signal?.aborted) throw request.signal.reason ?? new Error("aborted");
    const answer = await ledger.take(
      request.endpointClass,
      request.limit,
      request.windowMs,
      request.userLimit,
    );
    if ("slot" in answer) {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // A release that fails leaves the slot to age out (the ledger expires stale ones).
        void ledger.release(answer.slot).catch(() => undefined);
      };
    }
    const waited = Date.now() - started;
    if (request.maxWaitMs !== undefined && waited + answer.retryInMs > request.maxWaitMs) {
      throw new BudgetWaitTooLong(answer.retryInMs);
    }
    await sleep(Math.min(Math.max(answer.retryInMs, 20), MAX_POLL_MS), request.signal);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
