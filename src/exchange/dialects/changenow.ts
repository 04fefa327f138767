import { z } from "zod";
import type { SwapHold } from "../../swaps/exchange-port.ts";
import type { SwapStatus } from "../../swaps/status.ts";
import type { SwapOrder } from "../../swaps/swap.ts";
import { type DialectAdapter, jsonBody, type SearchParams } from "../dialect.ts";
import { memoValue, nullableText, numeric, optionalText, statusText, text } from "../wire.ts";

/**
 * `EXCHANGE_DIALECT=changenow`: ChangeNOW's API v2 as the wallets that integrate it call it
 * (`docs/exchange-changenow.md`): the key as `x-changenow-api-key`, coins as one entry per ticker
 * and network, limits (`exchange/range`) apart from the estimate (`exchange/estimated-amount`,
 * `flow=standard|fixed-rate`, `type=direct|reverse`, a `rateId` for a fixed rate), create
 * (`POST exchange`) answered without a status or a time, a swap read by `exchange/by-id?id=`, and
 * the partner's list `GET exchanges` (`limit`/`offset`, `dateFrom`/`dateTo`) with nested
 * `payin`/`payout`.
 */

/** The swap's own page at ChangeNOW, where its support answers a swap held for verification. */
export const CHANGENOW_SWAP_PAGE = "https://changenow.io/exchange/txs/";

/**
 * ChangeNOW's statuses onto the core's. `new` and `waiting` wait for the deposit, `sending` is
 * still exchanging, `finished` complete, `expired` overdue, `verifying` held for verification.
 * `failed` and `refunded` are kept as they come (refunded is the core's word too).
 */
const STATUS_MAP: Readonly<Record<string, SwapStatus>> = {
  new: "wait",
  waiting: "wait",
  confirming: "confirmation",
  exchanging: "exchanging",
  sending: "exchanging",
  finished: "success",
  expired: "overdue",
  verifying: "verifying",
};

function changenowStatusOf(raw: string): SwapStatus {
  return STATUS_MAP[raw] ?? raw;
}

/** A held swap's link: ChangeNOW names no KYC page in its API; the swap's page is where it is answered. */
function holdOf(id: string, raw: string): SwapHold | null {
  return raw === "verifying"
    ? { link: `${CHANGENOW_SWAP_PAGE}${encodeURIComponent(id)}`, asks: null }
    : null;
}

/** Network codes go out lower-case ("eth", "trx"); the core's are upper-case. */
const lower = <T extends string | undefined>(code: T): T =>
  (code === undefined ? code : code.toLowerCase()) as T;

const upperOrNull = (code: string | null) => (code ? code.toUpperCase() : null);

/** `GET exchange/currencies`: one entry per ticker and network. */
const currencyEntry = z.object({
  ticker: z.string().trim().min(1).toLowerCase(),
  name: optionalText,
  image: optionalText,
  network: nullableText,
  hasExternalId: z.boolean().nullish(),
  isExtraIdSupported: z.boolean().nullish(),
  isFiat: z.boolean().nullish(),
});
type CurrencyEntry = z.infer<typeof currencyEntry>;

/**
 * The entries grouped into coins: a ticker's networks (the one named like the ticker, its own
 * chain, first and default), each taking a memo when ChangeNOW says the currency has an extra id.
 * The whole list comes at once: it is one page of everything.
 */
const currencies = z.array(currencyEntry).transform((entries) => {
  const byTicker = new Map<string, CurrencyEntry[]>();
  for (const entry of entries) {
    if (entry.isFiat) continue;
    const list = byTicker.get(entry.ticker) ?? [];
    list.push(entry);
    byTicker.set(entry.ticker, list);
  }
  const data = [...byTicker.entries()].map(([ticker, list]) => {
    const own = list.findIndex((e) => e.network === ticker);
    const ordered = own > 0 ? [list[own]!, ...list.filter((_, i) => i !== own)] : list;
    const networks = ordered
      .filter((e): e is CurrencyEntry & { network: string } => e.network !== null)
      .map((e, i) => ({
        code: e.network.toUpperCase(),
        name: e.network.toUpperCase(),
        defaultForCoin: i === 0,
        memoRequired: Boolean(e.hasExternalId || e.isExtraIdSupported),
        memoLabel: null,
        memoPattern: null,
        addressPattern: null,
      }));
    const first = list[0]!;
    return {
      code: ticker,
      name: first.name,
      icon: first.image,
      notes: notesNaming(networks),
      ...(networks.length > 0 ? { networks } : {}),
    };
  });
  return { data, count: data.length };
});

/** The catalog reads a coin's networks and its default from its notes. */
function notesNaming(networks: ReadonlyArray<{ code: string; defaultForCoin: boolean }>): string {
  if (networks.length < 2) return "";
  return `Networks: ${networks.map((n) => (n.defaultForCoin ? `${n.code} (default)` : n.code)).join(", ")}`;
}

/** `GET exchange/range`: `maxAmount` null is no maximum. */
const range = z
  .object({ minAmount: numeric, maxAmount: numeric.nullish() })
  .transform((r) => ({ minimum: r.minAmount, maximum: r.maxAmount ?? 0 }));

/** `GET exchange/estimated-amount`. */
const estimate = z
  .object({
    fromAmount: numeric,
    toAmount: numeric,
    flow: z.string().nullish(),
    rateId: nullableText,
    validUntil: nullableText,
    transactionSpeedForecast: z.string().nullish(),
  })
  .transform((e) => {
    const eta = etaOf(e.transactionSpeedForecast);
    return {
      sendAmount: e.fromAmount,
      receiveAmount: e.toAmount,
      rate: e.fromAmount > 0 ? e.toAmount / e.fromAmount : 0,
      minimum: 0,
      maximum: 0,
      rateType: e.flow === "fixed-rate" ? ("fixed" as const) : ("float" as const),
      note: null,
      ...(e.rateId ? { quoteId: e.rateId } : {}),
      ...(eta ? { etaMinutes: eta } : {}),
    };
  });

/**
 * `transactionSpeedForecast`, minutes: "10-60" a range, "30" one number; anything else (or a
 * range backwards) is no forecast rather than a wrong one.
 */
export function etaOf(
  forecast: string | null | undefined,
): { min: number; max: number } | undefined {
  const match = /^\s*(\d{1,5})\s*(?:-\s*(\d{1,5})\s*)?$/.exec(forecast ?? "");
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  return min <= max ? { min, max } : undefined;
}

/** The refusal of an amount below the minimum: `{error, message, payload: {range}}`. */
const refusedRange = z.object({
  range: z.object({ minAmount: numeric, maxAmount: numeric.nullish() }),
});

const flowOf = (rateType: string | undefined) => (rateType === "fixed" ? "fixed-rate" : "standard");

function pairParams(r: {
  coinFrom: string;
  coinTo: string;
  networkFrom?: string | undefined;
  networkTo?: string | undefined;
}): SearchParams {
  return {
    fromCurrency: r.coinFrom.toLowerCase(),
    toCurrency: r.coinTo.toLowerCase(),
    fromNetwork: lower(r.networkFrom),
    toNetwork: lower(r.networkTo),
  };
}

/** The answer to `POST exchange`: no status, no creation time. */
const created = z
  .object({
    id: z.coerce.string().pipe(z.string().min(1)),
    fromCurrency: z.string().toLowerCase(),
    toCurrency: z.string().toLowerCase(),
    fromNetwork: nullableText,
    toNetwork: nullableText,
    fromAmount: numeric,
    toAmount: numeric,
    flow: z.string().nullish(),
    payinAddress: z.string().min(1),
    payinExtraId: memoValue,
    payoutAddress: text,
    payoutExtraId: memoValue,
    refundAddress: nullableText,
    refundExtraId: memoValue,
  })
  .transform((c) => ({
    id: c.id,
    status: "wait",
    rawStatus: "new",
    coinFrom: c.fromCurrency,
    coinTo: c.toCurrency,
    networkFrom: upperOrNull(c.fromNetwork),
    networkTo: upperOrNull(c.toNetwork),
    amountIn: c.fromAmount,
    amountOutExpected: c.toAmount,
    depositAddress: c.payinAddress,
    depositMemo: c.payinExtraId,
    withdrawalAddress: c.payoutAddress,
    // ChangeNOW always answers the payout memo's field: null or absent is "none".
    payoutMemo: c.payoutExtraId,
    refundAddress: c.refundAddress,
    refundMemo: c.refundExtraId,
    rate: c.fromAmount > 0 ? c.toAmount / c.fromAmount : null,
    ...(c.flow
      ? { rateType: c.flow === "fixed-rate" ? ("fixed" as const) : ("float" as const) }
      : {}),
    // The answer names no time: the swap was created within the request, which ended now. The
    // tracker's windows end a second after it; a detail read brings ChangeNOW's own.
    createdAt: new Date().toISOString(),
  }));

/** `GET exchange/by-id?id=`. */
const detail = z
  .object({
    id: z.coerce.string().pipe(z.string().min(1)),
    status: statusText,
    fromCurrency: z.string().toLowerCase(),
    toCurrency: z.string().toLowerCase(),
    fromNetwork: nullableText,
    toNetwork: nullableText,
    expectedAmountFrom: numeric.nullish(),
    expectedAmountTo: numeric.nullish(),
    amountFrom: numeric.nullish(),
    amountTo: numeric.nullish(),
    payinAddress: text,
    payinExtraId: memoValue,
    payoutAddress: text,
    payoutExtraId: memoValue,
    refundAddress: nullableText,
    refundExtraId: memoValue,
    payinHash: nullableText,
    payoutHash: nullableText,
    createdAt: optionalText,
  })
  .transform((d) => {
    const amountIn = d.amountFrom ?? d.expectedAmountFrom ?? 0;
    const amountOut = d.amountTo ?? d.expectedAmountTo ?? null;
    return {
      id: d.id,
      status: changenowStatusOf(d.status),
      rawStatus: d.status,
      coinFrom: d.fromCurrency,
      coinTo: d.toCurrency,
      networkFrom: upperOrNull(d.fromNetwork),
      networkTo: upperOrNull(d.toNetwork),
      amountIn,
      amountOut,
      rate: amountOut !== null && amountIn > 0 ? amountOut / amountIn : null,
      depositAddress: d.payinAddress,
      depositMemo: d.payinExtraId,
      withdrawalAddress: d.payoutAddress,
      payoutMemo: d.payoutExtraId,
      refundAddress: d.refundAddress,
      refundMemo: d.refundExtraId,
      txHashIn: d.payinHash,
      txHashOut: d.payoutHash,
      hold: holdOf(d.id, d.status),
      createdAt: d.createdAt,
    };
  });

/** One side of a listed exchange (`payin`, `payout`). */
const side = z.object({
  currency: z.string().toLowerCase(),
  network: nullableText,
  address: optionalText,
  extraId: memoValue,
  amount: numeric.nullish(),
  expectedAmount: numeric.nullish(),
  hash: nullableText,
});

/** `GET exchanges`: `{count, exchanges}`, each named by `requestId`. */
const listed = z
  .object({
    requestId: z.coerce.string().pipe(z.string().min(1)),
    status: statusText,
    createdAt: text,
    payin: side,
    payout: side,
  })
  .transform((l) => ({
    id: l.requestId,
    status: changenowStatusOf(l.status),
    rawStatus: l.status,
    coinFrom: l.payin.currency,
    coinTo: l.payout.currency,
    amountIn: l.payin.amount ?? l.payin.expectedAmount ?? 0,
    amountOut: l.payout.amount ?? l.payout.expectedAmount ?? null,
    createdAt: l.createdAt,
    withdrawalAddress: l.payout.address,
    hold: holdOf(l.requestId, l.status),
  }));

const list = z
  .object({ count: numeric.pipe(z.number().int().min(0)), exchanges: z.array(listed) })
  .transform((l) => ({ data: l.exchanges, count: l.count }));

/**
 * `POST exchange`: the amount to send (`fromAmount`, type `direct`) or, a fixed amount to receive,
 * `toAmount` (type `reverse`); the fixed quote's `rateId`; the payout memo as `extraId`.
 */
function createBody(order: SwapOrder): string {
  const reverse = order.receiveAmount !== undefined;
  return jsonBody(reverse ? { toAmount: order.receiveAmount } : { fromAmount: order.amount }, {
    ...pairParams(order),
    type: reverse ? "reverse" : "direct",
    flow: flowOf(order.rateType),
    ...(order.rateType === "fixed" && order.quoteId ? { rateId: order.quoteId } : {}),
    address: order.withdrawalAddress,
    extraId: order.payoutMemo,
    refundAddress: order.refundAddress,
    refundExtraId: order.refundMemo,
  });
}

export const changenowDialect: DialectAdapter = {
  name: "changenow",
  reverseQuotes: "fixed",
  authHeaders: (apiKey) => ({ "x-changenow-api-key": apiKey }),
  currencies: {
    route: () => ({
      method: "get",
      path: "exchange/currencies",
      searchParams: { active: true, flow: "standard" },
    }),
    schema: currencies,
  },
  rate: {
    route: (r) => {
      const reverse = r.receiveAmount !== undefined;
      const fixed = r.rateType === "fixed";
      if (reverse && !fixed) throw new RangeError("changenow reverses fixed-rate quotes only");
      return {
        method: "get",
        path: "exchange/estimated-amount",
        searchParams: {
          ...pairParams(r),
          ...(reverse ? { toAmount: r.receiveAmount } : { fromAmount: r.amount }),
          flow: flowOf(r.rateType),
          type: reverse ? "reverse" : "direct",
          ...(fixed ? { useRateId: true } : {}),
        },
      };
    },
    schema: estimate,
    // 400 `deposit_too_small` (or any refusal carrying `payload.range`): the limits the user can act on.
    fromRefusal: ({ status, body, message }, request) => {
      if (status >= 500) return undefined;
      const parsed = refusedRange.safeParse(body.payload);
      if (!parsed.success) return undefined;
      return {
        sendAmount: Number(request.amount),
        receiveAmount: 0,
        rate: 0,
        minimum: parsed.data.range.minAmount,
        maximum: parsed.data.range.maxAmount ?? 0,
        rateType: request.rateType ?? "float",
        note: message,
      };
    },
    limits: {
      route: (r) => ({
        method: "get",
        path: "exchange/range",
        searchParams: { ...pairParams(r), flow: flowOf(r.rateType) },
      }),
      schema: range,
      outOfRange: (breach) => (breach === "below" ? "Out of min amount" : "Out of max amount"),
    },
  },
  create: { path: () => "exchange", body: createBody, schema: created },
  list: {
    route: (p) => {
      const size = p.size ?? 20;
      return {
        method: "get",
        path: "exchanges",
        searchParams: {
          limit: size,
          offset: ((p.page ?? 1) - 1) * size,
          sortDirection: "DESC",
          sortField: "createdAt",
          dateField: "createdAt",
          dateFrom: p.dateFrom,
          dateTo: p.dateTo,
        },
      };
    },
    schema: list,
  },
  detail: {
    route: (id) => ({ method: "get", path: "exchange/by-id", searchParams: { id } }),
    schema: detail,
  },
};
