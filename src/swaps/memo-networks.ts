/**
 * Coins whose addresses at custodial services (and exchanges' shared deposit addresses) are told
 * apart by a memo or destination tag. One list for both sides: a deposit on such a network is read
 * back when the create answer carries no memo, and a payout to one asks for a memo.
 */
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

/** Networks (codes of another coin's network) that take a memo. */
const MEMO_NETWORKS = new Set(["XRP", "XLM", "EOS", "TON", "ATOM", "BEP2", "HBAR", "ALGO", "STX"]);

/**
 * Whether the coin (on the network, when one is named) takes a memo: the network decides when it
 * is named (USDT on TON does, USDT on ETH does not), else the coin or its notes.
 */
export function takesMemo(
  coin: { code: string; notes?: string },
  network?: string | null,
): boolean {
  if (network)
    return MEMO_NETWORKS.has(network.toUpperCase()) || MEMO_COINS.has(network.toLowerCase());
  return (
    MEMO_COINS.has(coin.code.toLowerCase()) ||
    /\b(memo|destination tag|tag)\b/i.test(coin.notes ?? "")
  );
}
