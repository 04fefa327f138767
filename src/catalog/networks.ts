import type { Coin } from "./search.ts";

const DEFAULT_MARK = /\(\s*default\s*\)/i;

/** The notes' network list ("Networks: ERC20, TRC20, BEP20"), as written. */
function listed(coin: Coin): string[] {
  const match = /networks?\s*:\s*([^.;\n]+)/i.exec(coin.notes);
  if (!match?.[1]) return [];
  return match[1].split(/,|\band\b|\//).map((n) => n.trim());
}

const code = (item: string) => item.replace(DEFAULT_MARK, "").trim().toUpperCase();
const isCode = (n: string) => /^[A-Z0-9-]{2,15}$/.test(n);

/** The networks a coin's notes name ("Networks: ERC20, TRC20, BEP20"), upper-case. */
export function coinNetworks(coin: Coin): string[] {
  return listed(coin).map(code).filter(isCode);
}

/**
 * The network a swap of a coin with several runs on when none is asked for: the one its notes mark
 * "(default)" (a dialect that knows its exchange's default, Exolix's `isDefault`, says so), else
 * the first they list (exchanges list the default first, as the sandbox does). The bot asks for it
 * by name, so the network named to the user is the one the exchange confirms. Undefined for a
 * coin with one network or none named: the coin's own chain.
 */
export function defaultNetwork(coin: Coin): string | undefined {
  const items = listed(coin).filter((item) => isCode(code(item)));
  if (items.length < 2) return undefined;
  const marked = items.find((item) => DEFAULT_MARK.test(item));
  return code(marked ?? items[0] ?? "");
}
