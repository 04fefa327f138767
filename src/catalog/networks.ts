import type { Coin } from "./search.ts";

/** The networks a coin's notes name ("Networks: ERC20, TRC20, BEP20"), upper-case. */
export function coinNetworks(coin: Coin): string[] {
  const match = /networks?\s*:\s*([^.;\n]+)/i.exec(coin.notes);
  if (!match?.[1]) return [];
  return match[1]
    .split(/,|\band\b|\//)
    .map((n) => n.trim().toUpperCase())
    .filter((n) => /^[A-Z0-9-]{2,15}$/.test(n));
}
