import type { ExchangeSet } from "../swaps/exchange-set.ts";
import type { Swap } from "../swaps/swap.ts";

/**
 * A swap's exchange as its user and the support team see it: its label (the recorded id of an
 * exchange no longer configured) and the exchange's own page of the swap, found by the swap's id,
 * which is the exchange's order id; null where the exchange has no such page (a sandbox: never a
 * dead link).
 */
export interface SwapExchangeView {
  label: string;
  link: string | null;
}

/** The swap's exchange as the support team sees it: always named. */
export function swapExchangeView(
  exchanges: ExchangeSet,
  swap: Pick<Swap, "id" | "exchange">,
): SwapExchangeView {
  return {
    label: exchanges.labelOf(swap.exchange),
    link: exchanges.get(swap.exchange)?.trackingLink(swap.id) ?? null,
  };
}

/**
 * The swap's exchange as its user sees it, or undefined where nothing names it: with one exchange
 * configured and the swap made there, the chat and the page read as they did before the bot had
 * several (a swap of another exchange, one configured before, is named). Without the set (a
 * caller that was given none) nothing is named.
 */
export function namedSwapExchange(
  exchanges: ExchangeSet | undefined,
  swap: Pick<Swap, "id" | "exchange">,
): SwapExchangeView | undefined {
  if (!exchanges) return undefined;
  if (exchanges.all.length === 1 && exchanges.primary.id === swap.exchange) return undefined;
  return swapExchangeView(exchanges, swap);
}
