import { defaultNetwork } from "./networks.ts";
import type { Coin } from "./search.ts";

/**
 * The US-dollar stablecoins dollars are priced through, in order of preference: USDT (the most
 * traded against), else USDC. Each on its default network.
 */
const DOLLAR_CODES = ["usdt", "usdc"] as const;

/** The coin an amount in dollars (`$100`) is priced through; undefined: the catalog has none. */
export function dollarCoin(catalog: {
  byCode(code: string): Coin | undefined;
}): { code: string; network?: string } | undefined {
  for (const code of DOLLAR_CODES) {
    const coin = catalog.byCode(code);
    if (!coin) continue;
    const network = defaultNetwork(coin);
    return network ? { code: coin.code, network } : { code: coin.code };
  }
  return undefined;
}
