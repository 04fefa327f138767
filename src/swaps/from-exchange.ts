import type { CreatedTransaction, TransactionDetail } from "../exchange/schemas.ts";
import { formatDecimal, MAX_FRACTION_DIGITS } from "../lib/decimal.ts";
import type { SwapRecord } from "./ports.ts";
import type { SwapOrder, SwapProgress } from "./swap.ts";

/** What a detail read tells of a swap's progress. */
export function progressFromDetail(detail: TransactionDetail): SwapProgress {
  return {
    status: detail.status,
    amountOut:
      detail.amount_out !== null && detail.amount_out !== undefined && detail.amount_out > 0
        ? formatDecimal(detail.amount_out)
        : null,
    rate: detail.rate !== null && detail.rate !== undefined ? formatDecimal(detail.rate, 12) : null,
    txHashIn: detail.tx_hash_in,
    txHashOut: detail.tx_hash_out,
    refundAddress: detail.refund_address,
    networkFrom: detail.network_from,
    networkTo: detail.network_to,
  };
}

/** A swap to record from a POST answer that was verified against the order. */
export function recordFromCreated(
  created: CreatedTransaction,
  order: SwapOrder,
  flags: { exchange: string; suspect?: boolean },
): SwapRecord {
  return {
    id: created.id,
    coinFrom: created.coin_from || order.coinFrom,
    coinTo: created.coin_to || order.coinTo,
    networkFrom: created.network_from ?? order.networkFrom ?? null,
    networkTo: created.network_to ?? order.networkTo ?? null,
    amountIn: formatDecimal(created.amount_in, MAX_FRACTION_DIGITS),
    amountOutExpected: formatDecimal(created.amount_out_expected),
    amountOut: null,
    rate: null,
    rateType: created.rate_type ?? order.rateType ?? "float",
    depositAddress: created.deposit_address,
    depositMemo: created.deposit_memo,
    withdrawalAddress: created.withdrawal_address || order.withdrawalAddress,
    refundAddress: created.refund_address ?? order.refundAddress ?? null,
    txHashIn: null,
    txHashOut: null,
    status: created.status,
    createdAt: created.created_at || new Date().toISOString(),
    exchange: flags.exchange,
    suspect: flags.suspect ?? false,
  };
}

/** A swap to record from a detail read (a reconciled swap, or a POST answer the detail corrected). */
export function recordFromDetail(
  detail: TransactionDetail,
  order: SwapOrder,
  flags: { exchange: string; suspect?: boolean },
): SwapRecord {
  // Before payout some exchanges report amount_out as 0: the estimate is then amount × rate.
  const expected =
    detail.amount_out && detail.amount_out > 0
      ? detail.amount_out
      : detail.rate
        ? detail.amount_in * detail.rate
        : 0;
  const progress = progressFromDetail(detail);
  return {
    id: detail.id,
    coinFrom: detail.coin_from || order.coinFrom,
    coinTo: detail.coin_to || order.coinTo,
    networkFrom: detail.network_from ?? order.networkFrom ?? null,
    networkTo: detail.network_to ?? order.networkTo ?? null,
    amountIn: formatDecimal(detail.amount_in, MAX_FRACTION_DIGITS),
    amountOutExpected: formatDecimal(expected),
    amountOut: progress.amountOut ?? null,
    rate: progress.rate ?? null,
    rateType: detail.rate_type ?? order.rateType ?? "float",
    depositAddress: detail.deposit_address,
    depositMemo: detail.deposit_memo,
    withdrawalAddress: detail.withdrawal_address || order.withdrawalAddress,
    refundAddress: detail.refund_address,
    txHashIn: detail.tx_hash_in,
    txHashOut: detail.tx_hash_out,
    status: detail.status,
    createdAt: detail.created_at || new Date().toISOString(),
    exchange: flags.exchange,
    suspect: flags.suspect ?? false,
  };
}
