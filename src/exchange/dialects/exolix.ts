import { z } from "zod";
import type { SwapStatus } from "../../swaps/status.ts";
import type { SwapOrder } from "../../swaps/swap.ts";
import { type DialectAdapter, jsonBody, type SearchParams } from "../dialect.ts";
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
 * `EXCHANGE_DIALECT=exolix`: Exolix's public API v2 as the integrations that use it in production
 * speak it (`docs/exchange-in-the-wild.md`): the key as the raw `Authorization` header, camelCase
 * bodies, transactions whose coins are objects, hashes as `{hash, link}`, 201 on create, 422 rate
 * bodies, errors without `code`, networks with their memo rules on `/currencies?withNetworks=true`.
 */

/**
 * Exolix's statuses onto the core's: `confirmed` (deposit confirmed) is still confirming, `sending`
 * (payout broadcast) still exchanging, `refund` a refund under way. Any other is kept as it came.
 */
const STATUS_MAP: Readonly<Record<string, SwapStatus>> = {
  confirmed: "confirmation",
  sending: "exchanging",
  refund: "refunding",
};

export function coreStatusOf(raw: string): SwapStatus {
  return STATUS_MAP[raw] ?? raw;
}

const status = statusText.transform((raw) => ({ status: coreStatusOf(raw), rawStatus: raw }));

const network = z
  .object({
    network: z.string().trim().min(1),
    name: optionalText,
    isDefault: z.boolean().nullish(),
    memoNeeded: z.boolean().nullish(),
    memoName: nullableText,
    memoRegex: nullableText,
    addressRegex: nullableText,
    /** The docs' own misspelling in one example. */
    addresRegex: nullableText,
  })
  .transform((n) => ({
    code: n.network,
    name: n.name,
    defaultForCoin: n.isDefault ?? false,
    memoRequired: n.memoNeeded ?? false,
    memoLabel: n.memoName,
    memoPattern: n.memoRegex,
    addressPattern: n.addressRegex ?? n.addresRegex,
  }));

const currency = z
  .object({
    code: z.string().trim().min(1),
    name: optionalText,
    icon: optionalText,
    notes: optionalText,
    networks: z.array(network).nullish(),
  })
  .transform(({ networks, ...c }) => ({
    ...c,
    notes: notesNamingNetworks(c.notes, networks ?? []),
    ...(networks?.length ? { networks } : {}),
  }));

/**
 * Exolix's coins carry no notes: the catalog reads a coin's networks, and the one used when the user
 * picks none, from its notes ("Networks: ETH (default), TRX, BSC"), so they are written from
 * `networks` and `isDefault` when the notes do not name them already.
 */
function notesNamingNetworks(
  notes: string,
  networks: ReadonlyArray<{ code: string; defaultForCoin: boolean }>,
): string {
  if (networks.length < 2 || /networks?\s*:/i.test(notes)) return notes;
  const list = networks.map((n) => (n.defaultForCoin ? `${n.code} (default)` : n.code)).join(", ");
  return notes ? `${notes}. Networks: ${list}` : `Networks: ${list}`;
}

/** The rate answer; with a non-null `message` it is out of bounds, whatever the HTTP status. */
const rateShape = z.object({
  fromAmount: numeric,
  toAmount: numeric.nullish(),
  rate: numeric.nullish(),
  message: nullableText,
  minAmount: numeric.nullish(),
  maxAmount: numeric.nullish(),
  withdrawMin: numeric.nullish(),
  withdrawMax: numeric.nullish(),
});
type RateShape = z.infer<typeof rateShape>;

function quoteOf(r: RateShape) {
  const toAmount = r.toAmount ?? 0;
  return {
    sendAmount: r.fromAmount,
    receiveAmount: toAmount,
    rate: r.rate ?? (r.fromAmount > 0 ? toAmount / r.fromAmount : 0),
    minimum: r.minAmount ?? 0,
    maximum: r.maxAmount ?? 0,
    note: r.message,
  };
}

/** A coin object of a transaction (`coinFrom`, `coinTo`). */
const coin = z.object({
  /** Exolix's capitals ("BTC"); the core's codes are lower-case. */
  coinCode: z.string().trim().min(1).toLowerCase(),
  network: nullableText,
  memoName: optionalText,
});

/** `{hash, link}`; the object itself may be null or missing. */
const hash = z
  .object({ hash: nullableText, link: nullableText })
  .nullish()
  .transform((h) => ({ hash: h?.hash ?? null, link: h?.link ?? null }));

const transaction = z.object({
  id,
  status,
  coinFrom: coin,
  coinTo: coin,
  amount: numeric,
  amountTo: numeric.nullish(),
  rate: numeric.nullish(),
  rateType: rateType.optional(),
  depositAddress: text,
  depositExtraId: memoValue,
  withdrawalAddress: text,
  withdrawalExtraId: echoedMemo,
  refundAddress: nullableText,
  refundExtraId: echoedMemo,
  hashIn: hash,
  hashOut: hash,
  createdAt: optionalText,
});
type Transaction = z.infer<typeof transaction>;

const created = transaction
  .extend({ depositAddress: z.string().min(1), amountTo: numeric })
  .transform((t) => ({
    id: t.id,
    ...t.status,
    coinFrom: t.coinFrom.coinCode,
    coinTo: t.coinTo.coinCode,
    networkFrom: t.coinFrom.network,
    networkTo: t.coinTo.network,
    amountIn: t.amount,
    amountOutExpected: t.amountTo,
    depositAddress: t.depositAddress,
    depositMemo: t.depositExtraId,
    withdrawalAddress: t.withdrawalAddress,
    payoutMemo: t.withdrawalExtraId,
    refundAddress: t.refundAddress,
    refundMemo: t.refundExtraId,
    rate: t.rate,
    ...(t.rateType ? { rateType: t.rateType } : {}),
    createdAt: t.createdAt,
  }));

const listed = transaction.transform((t) => ({
  id: t.id,
  ...t.status,
  coinFrom: t.coinFrom.coinCode,
  coinTo: t.coinTo.coinCode,
  amountIn: t.amount,
  amountOut: payoutOf(t),
  createdAt: t.createdAt,
  withdrawalAddress: t.withdrawalAddress,
  // Exolix's list items carry the hashes: a push needs no detail read to name them.
  txHashIn: t.hashIn.hash,
  txHashOut: t.hashOut.hash,
  txLinkIn: t.hashIn.link,
  txLinkOut: t.hashOut.link,
}));

const detail = transaction.transform((t) => ({
  id: t.id,
  ...t.status,
  coinFrom: t.coinFrom.coinCode,
  coinTo: t.coinTo.coinCode,
  networkFrom: t.coinFrom.network,
  networkTo: t.coinTo.network,
  amountIn: t.amount,
  amountOut: payoutOf(t),
  rate: t.rate,
  ...(t.rateType ? { rateType: t.rateType } : {}),
  depositAddress: t.depositAddress,
  depositMemo: t.depositExtraId,
  withdrawalAddress: t.withdrawalAddress,
  payoutMemo: t.withdrawalExtraId,
  refundAddress: t.refundAddress,
  refundMemo: t.refundExtraId,
  txHashIn: t.hashIn.hash,
  txHashOut: t.hashOut.hash,
  txLinkIn: t.hashIn.link,
  txLinkOut: t.hashOut.link,
  createdAt: t.createdAt,
}));

/** `amountTo` is the expected payout until the swap pays out, then the actual one. */
function payoutOf(t: Transaction): number | null {
  return t.amountTo ?? null;
}

/** Exolix spells coin and network codes in capitals ("BTC", "ETH"). */
function upper<T extends string | undefined>(code: T): T {
  return (code === undefined ? code : code.toUpperCase()) as T;
}

/** An amount to receive goes as `withdrawalAmount` instead of `amount` (never both). */
function amounts(r: { amount: string; receiveAmount?: string | undefined }): SearchParams {
  return r.receiveAmount !== undefined
    ? { withdrawalAmount: r.receiveAmount }
    : { amount: r.amount };
}

function createBody(order: SwapOrder): string {
  return jsonBody(
    // An amount to receive (fixed rate: exactly that is paid out) goes instead of the amount to send.
    order.receiveAmount !== undefined
      ? { withdrawalAmount: order.receiveAmount }
      : { amount: order.amount },
    {
      coinFrom: upper(order.coinFrom),
      networkFrom: upper(order.networkFrom),
      coinTo: upper(order.coinTo),
      networkTo: upper(order.networkTo),
      withdrawalAddress: order.withdrawalAddress,
      withdrawalExtraId: order.payoutMemo,
      // Exolix defaults to fixed: the rate type always goes out.
      rateType: order.rateType ?? "float",
      refundAddress: order.refundAddress,
      refundExtraId: order.refundMemo,
    },
  );
}

export const exolixDialect = {
  name: "exolix",
  reverseQuotes: true,
  authHeaders: (apiKey) => ({ Authorization: apiKey }),
  currencies: {
    params: (p) => ({ ...p, withNetworks: true }),
    schema: pageSchema(currency),
  },
  rate: {
    params: (r) => ({
      coinFrom: upper(r.coinFrom),
      coinTo: upper(r.coinTo),
      networkFrom: upper(r.networkFrom),
      networkTo: upper(r.networkTo),
      ...amounts(r),
      // Exolix defaults to fixed: the rate type always goes out.
      rateType: r.rateType ?? "float",
    }),
    schema: rateShape.transform(quoteOf),
    // A 422 (or 400) shaped like a rate is an amount out of bounds; one with `error` (an
    // unsupported pair) is a refusal.
    fromRefusal: ({ status, body, message }, request) => {
      if (status >= 500 || typeof body.error === "string" || body.fromAmount === undefined) {
        return undefined;
      }
      if (body.minAmount === undefined && body.maxAmount === undefined) return undefined;
      return {
        sendAmount: body.fromAmount,
        receiveAmount: body.toAmount ?? 0,
        rate: body.rate ?? 0,
        minimum: body.minAmount ?? 0,
        maximum: body.maxAmount ?? 0,
        rateType: request.rateType ?? "float",
        note: message,
      };
    },
  },
  create: { body: createBody, schema: created },
  list: {
    params: (p) => ({ ...p }),
    schema: pageSchema(listed),
  },
  detail: { schema: detail },
} satisfies DialectAdapter;
