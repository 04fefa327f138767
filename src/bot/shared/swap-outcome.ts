import type { TranslateFunction } from "@grammyjs/i18n";
import { coinLabel } from "../../frontends/coin-label.ts";
import { isFinal } from "../../swaps/status.ts";
import type { Swap } from "../../swaps/swap.ts";
import { withDepositMemo } from "./deposit-memo.ts";

/** What the texts about a swap's progress may show of it (the deposit message knows no more). */
export type SwapFacts = Pick<
  Swap,
  | "id"
  | "status"
  | "coinFrom"
  | "coinTo"
  | "networkFrom"
  | "networkTo"
  | "amountIn"
  | "amountOutExpected"
  | "depositAddress"
  | "depositMemo"
  | "withdrawalAddress"
> &
  Partial<Pick<Swap, "amountOut" | "txHashOut" | "refundAddress" | "refundMemo">>;

/** The variables the pushes and the finished cards share. Plain values: `t` escapes them. */
export function swapVariables(t: TranslateFunction, swap: SwapFacts) {
  return {
    id: swap.id,
    amountIn: swap.amountIn,
    from: coinLabel(swap.coinFrom, swap.networkFrom),
    to: coinLabel(swap.coinTo, swap.networkTo),
    amountOut: swap.amountOut ?? swap.amountOutExpected,
    withdrawal: swap.withdrawalAddress,
    hashOut: swap.txHashOut ?? t("status-none-value"),
    // A payout whose hash the exchange has not shown yet is said to follow, never a dash.
    payout: swap.txHashOut ? "sent" : "pending",
    deposit: swap.depositAddress,
    refund: swap.refundAddress ?? "none",
    refundTo: swap.refundAddress ?? t("push-refunded-no-address"),
  };
}

/**
 * What every text about a finished swap ends with, in place of any instruction to send: its
 * deposit address is closed, and for an expired swap, what to do about funds sent anyway.
 * Undefined while the swap (as of `status`) is still open.
 */
export function closingNote(
  t: TranslateFunction,
  swap: SwapFacts,
  status = swap.status,
): string | undefined {
  if (status === "overdue") {
    return withDepositMemo(t, t("swap-expired-help", swapVariables(t, swap)), swap);
  }
  return isFinal(status) ? t("swap-closed") : undefined;
}
