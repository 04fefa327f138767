import { formatDecimal, MAX_FRACTION_DIGITS } from "../lib/decimal.ts";
import type { CreatedSwap, SwapDetail, SwapHold } from "./exchange-port.ts";
import type { SwapRecord } from "./intent.ts";
import type { SwapOrder, SwapProgress } from "./swap.ts";

/** What a detail read tells of a swap's progress. */
export function progressFromDetail(detail: SwapDetail): SwapProgress {
  return {
    status: detail.status,
    amountOut:
      detail.amountOut !== null && detail.amountOut !== undefined && detail.amountOut > 0
        ? formatDecimal(detail.amountOut)
        : null,
    rate: detail.rate !== null && detail.rate !== undefined ? formatDecimal(detail.rate, 12) : null,
    txHashIn: detail.txHashIn,
    txHashOut: detail.txHashOut,
    txLinkIn: detail.txLinkIn ?? null,
    txLinkOut: detail.txLinkOut ?? null,
    refundAddress: detail.refundAddress,
    networkFrom: detail.networkFrom,
    networkTo: detail.networkTo,
    ...holdOf(detail),
  };
}

/** What a swap held for verification stores of its hold (nothing when the answer names none). */
export function holdOf(seen: {
  hold?: SwapHold | null;
}): Pick<SwapProgress, "holdLink" | "holdAsks"> {
  if (!seen.hold) return {};
  return {
    ...(seen.hold.link ? { holdLink: seen.hold.link } : {}),
    ...(seen.hold.asks ? { holdAsks: seen.hold.asks } : {}),
  };
}

/** A swap to record from a POST answer that was verified against the order. */
export function recordFromCreated(
  created: CreatedSwap,
  order: SwapOrder,
  flags: { exchange: string; suspect?: boolean },
): SwapRecord {
  return {
    id: created.id,
    coinFrom: created.coinFrom || order.coinFrom,
    coinTo: created.coinTo || order.coinTo,
    networkFrom: created.networkFrom ?? order.networkFrom ?? null,
    networkTo: created.networkTo ?? order.networkTo ?? null,
    amountIn: formatDecimal(created.amountIn, MAX_FRACTION_DIGITS),
    amountOutExpected: formatDecimal(created.amountOutExpected),
    amountOut: null,
    rate:
      created.rate !== null && created.rate !== undefined && created.rate > 0
        ? formatDecimal(created.rate, 12)
        : null,
    rateType: created.rateType ?? order.rateType ?? "float",
    depositAddress: created.depositAddress,
    depositMemo: created.depositMemo,
    withdrawalAddress: created.withdrawalAddress || order.withdrawalAddress,
    payoutMemo: created.payoutMemo ?? order.payoutMemo ?? null,
    refundAddress: created.refundAddress ?? order.refundAddress ?? null,
    refundMemo: order.refundMemo ?? null,
    txHashIn: null,
    txHashOut: null,
    txLinkIn: null,
    txLinkOut: null,
    status: created.status,
    createdAt: created.createdAt || new Date().toISOString(),
    exchange: flags.exchange,
    suspect: flags.suspect ?? false,
  };
}

/** A swap to record from a detail read (a reconciled swap, or a POST answer the detail corrected). */
export function recordFromDetail(
  detail: SwapDetail,
  order: SwapOrder,
  flags: { exchange: string; suspect?: boolean },
): SwapRecord {
  // Before payout some exchanges report the payout as 0: the estimate is then amount × rate.
  const expected =
    detail.amountOut && detail.amountOut > 0
      ? detail.amountOut
      : detail.rate
        ? detail.amountIn * detail.rate
        : 0;
  const progress = progressFromDetail(detail);
  return {
    id: detail.id,
    coinFrom: detail.coinFrom || order.coinFrom,
    coinTo: detail.coinTo || order.coinTo,
    networkFrom: detail.networkFrom ?? order.networkFrom ?? null,
    networkTo: detail.networkTo ?? order.networkTo ?? null,
    amountIn: formatDecimal(detail.amountIn, MAX_FRACTION_DIGITS),
    amountOutExpected: formatDecimal(expected),
    amountOut: progress.amountOut ?? null,
    rate: progress.rate ?? null,
    rateType: detail.rateType ?? order.rateType ?? "float",
    depositAddress: detail.depositAddress,
    depositMemo: detail.depositMemo,
    withdrawalAddress: detail.withdrawalAddress || order.withdrawalAddress,
    payoutMemo: detail.payoutMemo ?? order.payoutMemo ?? null,
    refundAddress: detail.refundAddress,
    refundMemo: order.refundMemo ?? null,
    txHashIn: detail.txHashIn,
    txHashOut: detail.txHashOut,
    txLinkIn: progress.txLinkIn ?? null,
    txLinkOut: progress.txLinkOut ?? null,
    status: detail.status,
    holdLink: progress.holdLink ?? null,
    holdAsks: progress.holdAsks ?? null,
    createdAt: detail.createdAt || new Date().toISOString(),
    exchange: flags.exchange,
    suspect: flags.suspect ?? false,
  };
}
