import type { Swap } from "../swaps/swap.ts";

/** Network (normalized, see networkKey) → https URL template with `{hash}`. */
export type ExplorerTable = ReadonlyMap<string, string>;

/**
 * Block explorers of the common networks, under the codes exchanges use for them (the network
 * when the swap names one, else the coin's code). Each is the chain's best-known public explorer;
 * EXPLORER_URLS overrides or extends this.
 */
const DEFAULT_EXPLORERS: ReadonlyArray<readonly [readonly string[], string]> = [
  [["btc", "bitcoin"], "https://mempool.space/tx/{hash}"],
  [["ltc", "litecoin"], "https://litecoinspace.org/tx/{hash}"],
  [["doge", "dogecoin"], "https://blockchair.com/dogecoin/transaction/{hash}"],
  [["bch", "bitcoincash"], "https://blockchair.com/bitcoin-cash/transaction/{hash}"],
  [["dash"], "https://blockchair.com/dash/transaction/{hash}"],
  [["zec", "zcash"], "https://blockchair.com/zcash/transaction/{hash}"],
  [["xmr", "monero"], "https://xmrchain.net/tx/{hash}"],
  [["eth", "erc20", "ethereum"], "https://etherscan.io/tx/{hash}"],
  [["arbitrum", "arb", "arbitrumone"], "https://arbiscan.io/tx/{hash}"],
  [["optimism", "op"], "https://optimistic.etherscan.io/tx/{hash}"],
  [["base"], "https://basescan.org/tx/{hash}"],
  [["zksync", "zksyncera"], "https://era.zksync.network/tx/{hash}"],
  [["linea"], "https://lineascan.build/tx/{hash}"],
  [["scroll"], "https://scrollscan.com/tx/{hash}"],
  [["polygon", "matic", "pol"], "https://polygonscan.com/tx/{hash}"],
  [["bsc", "bep20", "bnb", "bnbchain", "bnbsmartchain"], "https://bscscan.com/tx/{hash}"],
  [["avaxc", "avax", "avalanche", "cchain"], "https://snowtrace.io/tx/{hash}"],
  [["ftm", "fantom"], "https://ftmscan.com/tx/{hash}"],
  [["etc", "ethereumclassic"], "https://etc.blockscout.com/tx/{hash}"],
  [["trx", "trc20", "tron"], "https://tronscan.org/#/transaction/{hash}"],
  [["sol", "spl", "solana"], "https://solscan.io/tx/{hash}"],
  [["xrp", "ripple"], "https://xrpscan.com/tx/{hash}"],
  [["xlm", "stellar"], "https://stellar.expert/explorer/public/tx/{hash}"],
  [["ton", "toncoin"], "https://tonviewer.com/transaction/{hash}"],
  [["ada", "cardano"], "https://cardanoscan.io/transaction/{hash}"],
  [["dot", "polkadot"], "https://polkadot.subscan.io/extrinsic/{hash}"],
  [["atom", "cosmos"], "https://www.mintscan.io/cosmos/tx/{hash}"],
  [["near"], "https://nearblocks.io/txns/{hash}"],
  [["kas", "kaspa"], "https://explorer.kaspa.org/txs/{hash}"],
];

/** `BEP-20`, `bep20` and `Bep 20` are one network. */
function networkKey(network: string): string {
  return network.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * The explorer table: the defaults, then the operator's entries (a template replaces or adds a
 * network; null removes its link).
 */
export function explorerTable(overrides: Readonly<Record<string, string | null>> = {}) {
  const table = new Map<string, string>();
  for (const [names, template] of DEFAULT_EXPLORERS) {
    for (const name of names) table.set(name, template);
  }
  for (const [network, template] of Object.entries(overrides)) {
    // "" keeps the removal on record: the network is shown without a link, whoever offers one.
    if (template === null) table.set(networkKey(network), "");
    else table.set(networkKey(network), template);
  }
  return table as ExplorerTable;
}

/** The default table, for renderers not given one. */
export const DEFAULT_EXPLORER_TABLE = explorerTable();

/**
 * A transaction hash as chains write them: 64 hex digits (EVM chains prefix 0x), or base58 of a
 * signature's length (Solana). Anything else, from an exchange we cannot vouch for, gets no link.
 */
const HASH = /^(?:(?:0x)?[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{43,88})$/;

/** The explorer page of `hash` on `network`; undefined for an unknown network or odd hash. */
export function explorerUrl(
  table: ExplorerTable,
  network: string,
  hash: string,
): string | undefined {
  const template = table.get(networkKey(network));
  if (!template || !HASH.test(hash)) return undefined;
  // The URL parser percent-encodes anything that could leave an HTML attribute.
  const url = new URL(template.replaceAll("{hash}", hash));
  return url.protocol === "https:" ? url.href : undefined;
}

export type Receipted = Pick<
  Swap,
  "coinFrom" | "coinTo" | "networkFrom" | "networkTo" | "txHashIn" | "txHashOut"
> &
  Partial<Pick<Swap, "txLinkIn" | "txLinkOut">>;
export type TxSide = "deposit" | "payout";

/**
 * The swap's hash on `side` and its explorer page: the table's (the defaults and EXPLORER_URLS),
 * else the exchange's own link when it gave one (the exolix dialect's `link`); none for a network
 * the operator removed (undefined: no hash; no link: an unknown network or an odd hash).
 */
export function explorerLinkOf(table: ExplorerTable, swap: Receipted, side: TxSide) {
  const hash = side === "deposit" ? swap.txHashIn : swap.txHashOut;
  if (!hash) return undefined;
  const network =
    side === "deposit" ? (swap.networkFrom ?? swap.coinFrom) : (swap.networkTo ?? swap.coinTo);
  const template = table.get(networkKey(network));
  const given = side === "deposit" ? swap.txLinkIn : swap.txLinkOut;
  const url = template === undefined ? exchangeLink(given) : explorerUrl(table, network, hash);
  if (!url) return { hash };
  return { hash, link: { url, site: new URL(url).hostname.replace(/^www\./, "") } };
}

/** The exchange's own link of a hash, when it is a plain https URL (made safe for an attribute). */
function exchangeLink(link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    return url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
