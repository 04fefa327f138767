import type { Swap } from "../swaps/swap.ts";

/**
 * What naming a swap's exchange reads of the exchanges offered (an ExchangeSet, in the operator's
 * order), written out so that the Mini App's page, which compiles the view's types, never
 * compiles the exchange port behind the set.
 */
export interface ExchangeDirectory {
  readonly all: readonly { readonly id: string }[];
  /** The label of a recorded exchange, or the recorded id of one no longer configured. */
  labelOf(id: string): string;
  get(id: string): { trackingLink(orderId: string): string | null } | undefined;
}

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
  exchanges: ExchangeDirectory,
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
  exchanges: ExchangeDirectory | undefined,
  swap: Pick<Swap, "id" | "exchange">,
): SwapExchangeView | undefined {
  if (!exchanges) return undefined;
  if (exchanges.all.length === 1 && exchanges.all[0]!.id === swap.exchange) return undefined;
  return swapExchangeView(exchanges, swap);
}
