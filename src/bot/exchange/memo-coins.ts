import type { Coin } from "../../catalog/search.ts";
import { takesMemo } from "../../swaps/memo-networks.ts";

/** Whether to warn that the payout address must be one that needs no memo (the API takes none). */
export function needsMemoWarning(coin: Coin): boolean {
  return takesMemo(coin);
}
