import { addressRegexOf } from "./addresses.ts";
import type { SandboxCoin } from "./coins.ts";
import { memoRuleOf, type SandboxMemoRule } from "./memos.ts";

/** Networks whose display name is not their native coin's name. */
const NAMES: Record<string, { name: string; shortName: string }> = {
  ERC20: { name: "Ethereum (ERC20)", shortName: "ERC20" },
  TRC20: { name: "Tron (TRC20)", shortName: "TRC20" },
  BEP20: { name: "BNB Smart Chain (BEP20)", shortName: "BEP20" },
  BEP2: { name: "BNB Beacon Chain (BEP2)", shortName: "BEP2" },
  POLYGON: { name: "Polygon", shortName: "POLYGON" },
  ARBITRUM: { name: "Arbitrum One", shortName: "ARBITRUM" },
  OPTIMISM: { name: "Optimism", shortName: "OPTIMISM" },
  BASE: { name: "Base", shortName: "BASE" },
  ZKSYNC: { name: "zkSync Era", shortName: "ZKSYNC" },
  AVAXC: { name: "Avalanche C-Chain", shortName: "AVAXC" },
  CRONOS: { name: "Crypto.org Chain", shortName: "CRO" },
};

/** Where a network's transactions are shown, for `blockExplorer` and the hashes' `link`. */
const EXPLORERS: Record<string, string> = {
  BTC: "https://mempool.space/tx/",
  ETH: "https://etherscan.io/tx/",
  ERC20: "https://etherscan.io/tx/",
  TRX: "https://tronscan.org/#/transaction/",
  TRC20: "https://tronscan.org/#/transaction/",
  BEP20: "https://bscscan.com/tx/",
  SOL: "https://solscan.io/tx/",
  XRP: "https://xrpscan.com/tx/",
  XLM: "https://stellar.expert/explorer/public/tx/",
  TON: "https://tonviewer.com/transaction/",
  LTC: "https://blockchair.com/litecoin/transaction/",
  DOGE: "https://blockchair.com/dogecoin/transaction/",
  XMR: "https://xmrchain.net/tx/",
  POLYGON: "https://polygonscan.com/tx/",
  ARBITRUM: "https://arbiscan.io/tx/",
  OPTIMISM: "https://optimistic.etherscan.io/tx/",
  BASE: "https://basescan.org/tx/",
};

/** A network as Exolix describes it in `/currencies?withNetworks=true` and its coin objects. */
export interface NetworkInfo {
  network: string;
  name: string;
  shortName: string;
  memo: SandboxMemoRule | undefined;
  explorer: string | undefined;
}

export function networkInfo(
  network: string,
  byCode: ReadonlyMap<string, SandboxCoin>,
  memoNetworks: ReadonlySet<string>,
): NetworkInfo {
  const named = NAMES[network] ?? {
    name: byCode.get(network.toLowerCase())?.name ?? network,
    shortName: "",
  };
  return {
    network,
    ...named,
    memo: memoNetworks.has(network) ? memoRuleOf(network) : undefined,
    explorer: EXPLORERS[network],
  };
}

/** The explorer page of a transaction hash; null while there is no hash. */
export function hashLink(info: NetworkInfo, hash: string): string | null {
  if (!hash) return null;
  return `${info.explorer ?? `https://sandbox.invalid/explorer/${info.network.toLowerCase()}/tx/`}${hash}`;
}

/** One entry of a coin's `networks` in Exolix's shape. */
export function exolixNetwork(coin: SandboxCoin, info: NetworkInfo) {
  const icon = `https://sandbox.invalid/icons/networks/${info.network}.png`;
  return {
    network: info.network,
    name: info.name,
    shortName: info.shortName,
    notes: "",
    addressRegex: addressRegexOf(info.network),
    isDefault: coin.networks[0] === info.network,
    blockExplorer: info.explorer ?? null,
    memoNeeded: info.memo !== undefined,
    memoName: info.memo?.name ?? "",
    memoRegex: info.memo?.regex ?? null,
    precision: 8,
    decimal: null,
    contract: null,
    icon,
    depositMinAmount: null,
  };
}
