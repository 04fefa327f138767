import type { ExchangeNetwork } from "./exchange-port.ts";

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

/** How a payout memo is asked for and checked on one network. */
export interface MemoRule {
  /** What the network calls it ("Destination tag"); null: a memo. */
  label: string | null;
  /** The exchange's own pattern for it, when it states one. */
  pattern: string | null;
}

/** A coin as the catalog knows it: its networks' memo rules when the exchange lists them. */
interface MemoCoin {
  code: string;
  notes?: string;
  networks?: readonly Pick<
    ExchangeNetwork,
    "code" | "defaultForCoin" | "memoRequired" | "memoLabel" | "memoPattern" | "addressPattern"
  >[];
}

/**
 * Whether a payout to the coin on the network takes a memo, and its rule: the exchange's word
 * where it lists the coin's networks (the exolix dialect lists them with the coins),
 * else the list above (the spec dialect states none).
 */
export function payoutMemoRule(coin: MemoCoin, network?: string | null): MemoRule | undefined {
  const networks = coin.networks ?? [];
  if (networks.length > 0) {
    const found = networkOf(coin, network);
    if (found) {
      return found.memoRequired
        ? { label: found.memoLabel, pattern: found.memoPattern }
        : undefined;
    }
  }
  return takesMemo(coin, network) ? { label: null, pattern: null } : undefined;
}

/** The largest XRP destination tag: an unsigned 32-bit number. */
const MAX_XRP_TAG = 4_294_967_295;

type MemoCheck =
  | { ok: true; memo: string }
  | { ok: false; reason: "empty" | "tag" | "pattern" | "length" | "characters" };

/**
 * A payout memo before it goes upstream: XRP's destination tag is a number up to 2^32−1; another
 * network's memo matches the exchange's pattern when it states one, else is 1 to 100 printable
 * characters on one line.
 */
export function checkPayoutMemo(
  input: string,
  coin: MemoCoin,
  network: string | null | undefined,
  rule: MemoRule,
): MemoCheck {
  const memo = input.trim();
  if (memo === "") return { ok: false, reason: "empty" };
  const chain = (network ?? coin.code).toUpperCase();
  if (chain === "XRP") {
    return /^\d{1,10}$/.test(memo) && Number(memo) <= MAX_XRP_TAG
      ? { ok: true, memo }
      : { ok: false, reason: "tag" };
  }
  if (memo.length > 100) return { ok: false, reason: "length" };
  if (/[\p{C}]/u.test(memo)) return { ok: false, reason: "characters" };
  if (rule.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(rule.pattern);
    } catch {
      pattern = undefined;
    }
    if (pattern && !pattern.test(memo)) return { ok: false, reason: "pattern" };
  }
  return { ok: true, memo };
}

/** The coin's network as the exchange lists it: the one named, else its default. */
function networkOf(coin: MemoCoin, network?: string | null) {
  const networks = coin.networks ?? [];
  const named = network?.toUpperCase();
  return (
    networks.find((n) => n.code.toUpperCase() === named) ??
    (named ? undefined : (networks.find((n) => n.defaultForCoin) ?? networks[0]))
  );
}

/** The exchange's pattern for addresses on the coin's network, when it states one. */
export function addressPatternOf(coin: MemoCoin, network?: string | null): string | null {
  return networkOf(coin, network)?.addressPattern ?? null;
}
