import type { OpenSwap } from "../swaps/swap.ts";

/**
 * How long a swap may stay in a state before its chat is told it takes longer than usual: a
 * deposit sent with a low network fee can confirm for hours, and an exchange can stall on its
 * side. States not listed (waiting for a deposit, unknown ones) get no such word: the API does
 * not say when a deposit address expires, nor what an unknown state normally takes.
 */
export interface StuckThresholds {
  confirmation: number;
  exchanging: number;
}

export const DEFAULT_STUCK_AFTER_MS: StuckThresholds = {
  confirmation: 2 * 60 * 60_000,
  exchanging: 60 * 60_000,
};

/** The open swaps that have stayed in their state longer than its threshold. */
export function stuckSwaps(
  open: readonly OpenSwap[],
  now: number,
  thresholds: StuckThresholds,
): OpenSwap[] {
  return open.filter((swap) => {
    const limit =
      swap.status === "confirmation"
        ? thresholds.confirmation
        : swap.status === "exchanging"
          ? thresholds.exchanging
          : undefined;
    return limit !== undefined && now - swap.statusChangedAt > limit;
  });
}
