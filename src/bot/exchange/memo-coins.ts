import type { Coin } from "../../catalog/search.ts";

/** Coins whose deposit addresses at custodial services usually need a memo or destination tag. */
const MEMO_COINS = new Set([
  "xrp",
  "xlm",
  "eos",
  "ton",
  "atom",
  "bnb",
  "hbar",
  "algo",
  "kava",
  "iost",
  "xem",
  "stx",
  "lun",
  "luna",
  "lunc",
  "osmo",
  "inj",
  "sei",
  "tia",
  "steem",
  "hive",
  "ardr",
  "ignis",
]);

/** Whether to warn that the payout address must be one that needs no memo (the API takes none). */
export function needsMemoWarning(coin: Coin): boolean {
  return MEMO_COINS.has(coin.code) || /\b(memo|destination tag|tag)\b/i.test(coin.notes);
}
