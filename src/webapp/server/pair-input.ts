import { z } from "zod";
import type { CoinCatalog } from "../../catalog/catalog.ts";
import { defaultNetwork } from "../../catalog/networks.ts";
import type { Coin } from "../../catalog/search.ts";
import type { PairLimits, Quote } from "../../quotes/quote.ts";

/** The pair a page request names, as the Mini App's routes read it (zod at the boundary). */
const code = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{1,15}$/);
const network = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{2,15}$/)
  .optional()
  .or(z.literal("").transform(() => undefined));
export const rateTypeQuery = z.enum(["float", "fixed"]).default("float");
/** `receive`: the amount is the one to receive ("I want to receive" on the page). */
export const side = z.enum(["send", "receive"]).default("send");
export const pairQuery = z.object({
  from: code,
  to: code,
  networkFrom: network,
  networkTo: network,
});

export function pairFromQuery(q: z.infer<typeof pairQuery>) {
  return { coinFrom: q.from, coinTo: q.to, networkFrom: q.networkFrom, networkTo: q.networkTo };
}

export function limitsOf(quote: Pick<Quote, "minimum" | "maximum">): PairLimits {
  return { min: quote.minimum, max: quote.maximum };
}

/**
 * The networks the swap will really use: a side left on "default" (an older page sends none)
 * gets its coin's default named, as in the chat, so the address is checked against it and the
 * exchange is asked for it by name.
 */
export function named<
  T extends { from: string; to: string; networkFrom?: string; networkTo?: string },
>(catalog: CoinCatalog, q: T): T {
  const fallback = (code: string) => {
    const coin = catalog.byCode(code);
    return coin ? defaultNetwork(coin) : undefined;
  };
  return {
    ...q,
    networkFrom: q.networkFrom ?? fallback(q.from),
    networkTo: q.networkTo ?? fallback(q.to),
  };
}

/** Both coins from the catalog, or the text id of what is wrong with the pair. */
export function pickCoins(
  catalog: CoinCatalog,
  from: string,
  to: string,
): { from: Coin; to: Coin } | string {
  const a = catalog.byCode(from);
  const b = catalog.byCode(to);
  if (!a || !b) return "webapp-pick-coin";
  if (a.code === b.code) return "webapp-same-coin";
  return { from: a, to: b };
}
