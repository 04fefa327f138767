import { z } from "zod";
import type { SwapOrder } from "../../swaps/swap.ts";
import { type DialectAdapter, jsonBody } from "../dialect.ts";
import {
  echoedMemo,
  id,
  memoValue,
  nullableText,
  numeric,
  optionalText,
  pageSchema,
  rateType,
  statusText,
  text,
} from "../wire.ts";

/**
 * `EXCHANGE_DIALECT=spec`: the exchange exactly as `docs/exchange-api-v2.md` describes it (snake_case
 * transactions, the key as `X-API-Key`), plus what services of the family are known to add: a
 * deposit memo as `deposit_extra_id` or `depositExtraId`, networks and the refund address echoed
 * on the created shape, the payout memo echoed as `withdrawal_extra_id` or `withdrawalExtraId`.
 */

/** The spec's statuses are the core's: kept as they come (lower-cased). */
const status = statusText.transform((raw) => ({ status: raw, rawStatus: raw }));

const currency = z
  .object({
    code: z.string().trim().min(1),
    name: optionalText,
    icon: optionalText,
    notes: optionalText,
  })
  .transform((c) => ({ ...c }));

const quote = z
  .object({
    fromAmount: numeric,
    toAmount: numeric,
    rate: numeric,
    minAmount: numeric,
    maxAmount: numeric,
    rateType: rateType.optional(),
    message: nullableText,
  })
  .transform((q) => ({
    sendAmount: q.fromAmount,
    receiveAmount: q.toAmount,
    rate: q.rate,
    minimum: q.minAmount,
    maximum: q.maxAmount,
    ...(q.rateType ? { rateType: q.rateType } : {}),
    note: q.message,
  }));

const memos = {
  deposit_extra_id: memoValue,
  depositExtraId: memoValue,
  withdrawal_extra_id: echoedMemo,
  withdrawalExtraId: echoedMemo,
  refund_extra_id: echoedMemo,
  refundExtraId: echoedMemo,
};

const created = z
  .object({
    id,
    status,
    coin_from: text,
    coin_to: text,
    amount_in: numeric,
    amount_out_expected: numeric,
    deposit_address: z.string().min(1),
    withdrawal_address: text,
    rate_type: rateType.optional(),
    created_at: text,
    // Not in the spec's created shape, but some services echo them: when they do (even as null),
    // they are checked; undefined means not echoed.
    network_from: z.string().nullish(),
    network_to: z.string().nullish(),
    refund_address: z.string().nullish(),
    ...memos,
  })
  .transform((c) => ({
    id: c.id,
    ...c.status,
    coinFrom: c.coin_from,
    coinTo: c.coin_to,
    networkFrom: c.network_from,
    networkTo: c.network_to,
    amountIn: c.amount_in,
    amountOutExpected: c.amount_out_expected,
    depositAddress: c.deposit_address,
    depositMemo: c.deposit_extra_id ?? c.depositExtraId,
    withdrawalAddress: c.withdrawal_address,
    payoutMemo: c.withdrawal_extra_id !== undefined ? c.withdrawal_extra_id : c.withdrawalExtraId,
    refundAddress: c.refund_address,
    refundMemo: c.refund_extra_id !== undefined ? c.refund_extra_id : c.refundExtraId,
    ...(c.rate_type ? { rateType: c.rate_type } : {}),
    createdAt: c.created_at,
  }));

const listed = z
  .object({
    id,
    status,
    coin_from: text,
    coin_to: text,
    amount_in: numeric,
    amount_out: numeric.nullish(),
    created_at: text,
    // Not in the spec's list shape, but some exchanges list them.
    withdrawal_address: text.optional(),
    tx_hash_in: nullableText.optional(),
    tx_hash_out: nullableText.optional(),
  })
  .transform((l) => ({
    id: l.id,
    ...l.status,
    coinFrom: l.coin_from,
    coinTo: l.coin_to,
    amountIn: l.amount_in,
    amountOut: l.amount_out,
    createdAt: l.created_at,
    ...(l.withdrawal_address !== undefined ? { withdrawalAddress: l.withdrawal_address } : {}),
    txHashIn: l.tx_hash_in,
    txHashOut: l.tx_hash_out,
  }));

const detail = z
  .object({
    id,
    status,
    coin_from: text,
    coin_to: text,
    network_from: nullableText,
    network_to: nullableText,
    amount_in: numeric,
    amount_out: numeric.nullish(),
    rate: numeric.nullish(),
    rate_type: rateType.optional(),
    deposit_address: text,
    withdrawal_address: text,
    refund_address: nullableText,
    tx_hash_in: nullableText,
    tx_hash_out: nullableText,
    created_at: text,
    ...memos,
  })
  .transform((d) => ({
    id: d.id,
    ...d.status,
    coinFrom: d.coin_from,
    coinTo: d.coin_to,
    networkFrom: d.network_from,
    networkTo: d.network_to,
    amountIn: d.amount_in,
    amountOut: d.amount_out,
    rate: d.rate,
    ...(d.rate_type ? { rateType: d.rate_type } : {}),
    depositAddress: d.deposit_address,
    depositMemo: d.deposit_extra_id ?? d.depositExtraId,
    withdrawalAddress: d.withdrawal_address,
    payoutMemo: d.withdrawal_extra_id !== undefined ? d.withdrawal_extra_id : d.withdrawalExtraId,
    refundAddress: d.refund_address,
    refundMemo: d.refund_extra_id !== undefined ? d.refund_extra_id : d.refundExtraId,
    txHashIn: d.tx_hash_in,
    txHashOut: d.tx_hash_out,
    createdAt: d.created_at,
  }));

/** POST /transactions as the spec takes it, plus the memos (`withdrawalExtraId`, `refundExtraId`). */
function createBody(order: SwapOrder): string {
  return jsonBody(
    { amount: order.amount },
    {
      coinFrom: order.coinFrom,
      coinTo: order.coinTo,
      networkFrom: order.networkFrom,
      networkTo: order.networkTo,
      withdrawalAddress: order.withdrawalAddress,
      withdrawalExtraId: order.payoutMemo,
      rateType: order.rateType,
      refundAddress: order.refundAddress,
      refundExtraId: order.refundMemo,
    },
  );
}

export const specDialect = {
  name: "spec",
  reverseQuotes: false,
  authHeaders: (apiKey) => ({ "X-API-Key": apiKey }),
  currencies: {
    params: (p) => ({ ...p }),
    schema: pageSchema(currency),
  },
  rate: {
    params: (r) => {
      // The spec's /rate takes only an amount to send: a reverse quote is the caller's sum.
      if (r.receiveAmount !== undefined)
        throw new RangeError("the spec dialect has no reverse quote");
      return {
        coinFrom: r.coinFrom,
        coinTo: r.coinTo,
        amount: r.amount,
        networkFrom: r.networkFrom,
        networkTo: r.networkTo,
        rateType: r.rateType,
      };
    },
    schema: quote,
    // Some services answer an out-of-range amount with 422 (or 400) and the limits in the body.
    fromRefusal: ({ status, body, message }, request) =>
      status < 500 && body.minAmount !== undefined && body.maxAmount !== undefined
        ? {
            sendAmount: Number(request.amount),
            receiveAmount: 0,
            rate: 0,
            minimum: body.minAmount,
            maximum: body.maxAmount,
            rateType: request.rateType ?? "float",
            note: message,
          }
        : undefined,
  },
  create: { body: createBody, schema: created },
  list: { params: (p) => ({ ...p }), schema: pageSchema(listed) },
  detail: { schema: detail },
} satisfies DialectAdapter;
