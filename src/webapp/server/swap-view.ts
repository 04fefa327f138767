import { DEFAULT_EXPLORER_TABLE, explorerLinkOf } from "../../frontends/explorers.ts";
import {
  type ExchangeDirectory,
  namedSwapExchange,
  type SwapExchangeView,
} from "../../frontends/swap-exchange.ts";
import { isFinal, isHeld } from "../../swaps/status.ts";
import { isSandboxExchange, type Swap } from "../../swaps/swap.ts";
import type { SwapListItem } from "../../swaps/swap-queries.ts";

/**
 * A swap as the page shows it. `depositAddress` and `depositMemo` are null when nothing may be
 * sent (a suspect swap: the exchange's answer disagreed with the order).
 */
export interface PageSwap {
  id: string;
  coinFrom: string;
  coinTo: string;
  networkFrom: string | null;
  networkTo: string | null;
  amountIn: string;
  amountOutExpected: string;
  amountOut: string | null;
  rateType: string;
  depositAddress: string | null;
  depositMemo: string | null;
  withdrawalAddress: string;
  payoutMemo: string | null;
  refundAddress: string | null;
  txHashIn: string | null;
  txHashOut: string | null;
  /** The explorer pages of the two hashes: null for no hash, an unknown network or an odd hash. */
  txUrlIn: string | null;
  txUrlOut: string | null;
  status: string;
  final: boolean;
  /**
   * While the exchange holds the swap for verification: where to answer it and what it asks (null:
   * not said); null when not held, or when read from the list (which does not carry them).
   */
  hold: { link: string | null; asks: string | null } | null;
  createdAt: string;
  sandbox: boolean;
  /**
   * The swap's exchange: its label and its page of the swap (null: it has none, a sandbox); null
   * where the chat names none either (one exchange configured, the swap made there).
   */
  exchange: SwapExchangeView | null;
}

export function pageSwap(
  swap: SwapListItem & Partial<Pick<Swap, "holdLink" | "holdAsks">>,
  explorers = DEFAULT_EXPLORER_TABLE,
  exchanges?: ExchangeDirectory,
): PageSwap {
  const hidden = swap.suspect;
  return {
    id: swap.id,
    coinFrom: swap.coinFrom,
    coinTo: swap.coinTo,
    networkFrom: swap.networkFrom,
    networkTo: swap.networkTo,
    amountIn: swap.amountIn,
    amountOutExpected: swap.amountOutExpected,
    amountOut: swap.amountOut,
    rateType: swap.rateType,
    depositAddress: hidden ? null : swap.depositAddress,
    depositMemo: hidden ? null : swap.depositMemo || null,
    withdrawalAddress: swap.withdrawalAddress,
    payoutMemo: swap.payoutMemo,
    refundAddress: swap.refundAddress,
    txHashIn: swap.txHashIn,
    txHashOut: swap.txHashOut,
    txUrlIn: explorerLinkOf(explorers, swap, "deposit")?.link?.url ?? null,
    txUrlOut: explorerLinkOf(explorers, swap, "payout")?.link?.url ?? null,
    status: swap.status,
    final: isFinal(swap.status),
    hold: isHeld(swap.status) ? { link: swap.holdLink ?? null, asks: swap.holdAsks ?? null } : null,
    createdAt: swap.createdAt,
    sandbox: isSandboxExchange(swap.exchange),
    exchange: namedSwapExchange(exchanges, swap) ?? null,
  };
}
