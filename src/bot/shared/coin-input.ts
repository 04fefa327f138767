import type { CoinCatalog } from "../../catalog/catalog.ts";
import type { Coin } from "../../catalog/search.ts";

export type CoinResolution =
  | { kind: "found"; coin: Coin; network: string | undefined }
  | { kind: "ambiguous"; options: Coin[]; network: string | undefined }
  | { kind: "unknown"; input: string; suggestions: Coin[] };

/**
 * Reads a coin as people type it: a code in any case (`BTC`), a name or part of one (`monero`),
 * optionally with a network (`usdt trc20`, `usdt@trc20`, `usdt (trc20)`).
 */
export function resolveCoin(catalog: CoinCatalog, input: string): CoinResolution {
  const text = input.trim().replace(/\s+/g, " ");
  const split = splitNetwork(text);
  if (catalog.size === 0) {
    // No list yet (upstream down at first start): let a code through; the exchange will judge it.
    const base = split?.base ?? text;
    return /^[a-z0-9]{2,12}$/i.test(base)
      ? { kind: "found", coin: syntheticCoin(base), network: split?.network }
      : { kind: "unknown", input: text, suggestions: [] };
  }
  const exact = catalog.byCode(text);
  if (exact) return { kind: "found", coin: exact, network: undefined };
  const hits = catalog.search(text, 6);
  const sameName = hits.filter((h) => normalize(h.coin.name) === normalize(text));
  if (sameName.length === 1 && sameName[0]) {
    return { kind: "found", coin: sameName[0].coin, network: undefined };
  }
  // "usdt trc20", "usdt@trc20": a known code followed by a network. The spec lists no networks,
  // so any one is passed on and the exchange's answer decides.
  const withNetwork = split && catalog.byCode(split.base);
  if (split && withNetwork) return { kind: "found", coin: withNetwork, network: split.network };
  const [first, second] = hits;
  if (!first || first.kind === "fuzzy") {
    return { kind: "unknown", input: text, suggestions: hits.map((h) => h.coin).slice(0, 4) };
  }
  if (!second) return { kind: "found", coin: first.coin, network: undefined };
  return { kind: "ambiguous", options: hits.map((h) => h.coin), network: undefined };
}

function splitNetwork(text: string): { base: string; network: string } | undefined {
  const match = /^([a-z0-9]{2,12})\s*(?:@|\(|\s)\s*([a-z0-9-]{2,15})\)?$/i.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  return { base: match[1], network: match[2].toUpperCase() };
}

function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function syntheticCoin(code: string): Coin {
  return { code: code.toLowerCase(), name: code.toUpperCase(), icon: "", notes: "" };
}
