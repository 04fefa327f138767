import { z } from "zod";
import type { DecimalString } from "../../lib/decimal.ts";
import type {
  ExchangeCoin,
  ExchangeQuote,
  ListRequest,
  Page,
  QuoteRequest,
  SwapHold,
} from "../../swaps/exchange-port.ts";
import type { SwapStatus } from "../../swaps/status.ts";
import type { RateType, SwapOrder } from "../../swaps/swap.ts";
import type { DialectAdapter, SearchParams } from "../dialect.ts";
import { echoedMemo, id, memoValue, nullableText, numeric, optionalText } from "../wire.ts";

/**
 * `EXCHANGE_DIALECT=letsexchange`: LetsExchange's API as the wallets that integrate it call it
 * (docs/exchange-letsexchange.md): `Authorization: Bearer <key>`, quotes by `POST v1/info` and
 * `v1/info-revert` (`float: true|false`, a fixed quote's `rate_id`), creates by `POST
 * v1/transaction` and `v1/transaction-revert`, a swap by `GET v1/transaction/{id}`, the coins at
 * `GET v2/coins` and the list in date windows at `GET v2/transactions-list`. The base URL is the
 * API's root (`https://api.letsexchange.io/api`): each path names its version.
 */

interface LetsExchangeOptions {
  /** Sent as `affiliate_id` in every quote and create (EXCHANGE_AFFILIATE_ID); none: left out. */
  affiliateId?: string;
}

/** LetsExchange's statuses onto the core's (a swap with a `kyc_url` is `verifying`, below). */
const STATUS_MAP: Readonly<Record<string, SwapStatus>> = {
  wait: "wait",
  confirmation: "confirmation",
  confirmed: "confirmation",
  exchanging: "exchanging",
  sending: "exchanging",
  transferring: "exchanging",
  sending_confirmation: "exchanging",
  success: "success",
  overdue: "overdue",
  // The AML check stopped the swap: held until the user answers the exchange.
  aml_check_failed: "verifying",
};

/**
 * The core's status of a LetsExchange transaction: a `kyc_url` holds it for verification whatever
 * its word; `refund` is refunded once the refund's hash is there, under way before. Other words
 * (`error`, `canceled`) are kept as they came.
 */
export function coreStatusOf(
  raw: string,
  facts: { held: boolean; refundHash: boolean },
): SwapStatus {
  if (facts.held) return "verifying";
  if (raw === "refund") return facts.refundHash ? "refunded" : "refunding";
  return STATUS_MAP[raw] ?? raw;
}

/** bool, "true"/"false", 1/0: LetsExchange's booleans come in each form (CAKE's SafeBoolConverter). */
const looseBool = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((v) =>
    v === null || v === undefined
      ? undefined
      : typeof v === "string"
        ? v.trim().toLowerCase() === "true" || v.trim() === "1"
        : Boolean(v),
  );

/** "2026-07-29 17:04:31" (UTC) or epoch seconds: the core keeps ISO 8601. */
const createdAt = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => isoOf(v));

export function isoOf(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === "") return "";
  const text = String(v).trim();
  if (/^\d{10}$/.test(text)) return new Date(Number(text) * 1000).toISOString();
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) return `${text.replace(" ", "T")}Z`;
  return text;
}

/** One AML signal: `{signal, signalPercent, ...}` (CAKE) or a bare word. */
const amlSignal = z.union([
  z.string(),
  z
    .object({ signal: z.string(), signalPercent: numeric.nullish() })
    .transform((s) => (s.signalPercent ? `${s.signal} ${s.signalPercent}%` : s.signal)),
]);

const transaction = z.object({
  transaction_id: id,
  status: z.string().trim().min(1).toLowerCase(),
  coin_from: z.string().trim().min(1).toLowerCase(),
  coin_to: z.string().trim().min(1).toLowerCase(),
  coin_from_network: nullableText,
  coin_to_network: nullableText,
  deposit_amount: numeric,
  withdrawal_amount: numeric.nullish(),
  real_withdrawal_amount: numeric.nullish(),
  rate: numeric.nullish(),
  is_float: looseBool,
  deposit: optionalText,
  deposit_extra_id: memoValue,
  withdrawal: optionalText,
  withdrawal_extra_id: echoedMemo,
  return: nullableText,
  return_extra_id: echoedMemo,
  hash_in: nullableText,
  hash_out: nullableText,
  return_hash: nullableText,
  coin_from_explorer_url: nullableText,
  coin_to_explorer_url: nullableText,
  kyc_url: nullableText,
  kyc_email: nullableText,
  aml_error_signals: z.array(amlSignal).nullish().catch(null),
  created_at: createdAt,
});
type Transaction = z.infer<typeof transaction>;

/** What holds the swap and where it is answered: a `kyc_url`, or the AML check. */
function holdOf(t: Transaction): SwapHold | null {
  if (!t.kyc_url && t.status !== "aml_check_failed") return null;
  const asks = [t.kyc_email, ...(t.aml_error_signals ?? [])].filter(Boolean).join(" · ");
  return { link: t.kyc_url, asks: asks || null };
}

function statusOf(t: Transaction) {
  const hold = holdOf(t);
  return {
    status: coreStatusOf(t.status, { held: hold !== null, refundHash: t.return_hash !== null }),
    rawStatus: t.status,
    hold,
  };
}

function rateTypeOf(t: Transaction): { rateType?: RateType } {
  return t.is_float === undefined ? {} : { rateType: t.is_float ? "float" : "fixed" };
}

/** The payout: the real one once paid out, the expected one before. */
function payoutOf(t: Transaction): number | null {
  if (t.status === "success" && t.real_withdrawal_amount) return t.real_withdrawal_amount;
  return t.withdrawal_amount ?? null;
}

/** The exchange's explorer link of a hash: its explorer's prefix and the hash. */
function linkOf(prefix: string | null, hash: string | null): string | null {
  return prefix && hash && /^https:\/\//.test(prefix) ? `${prefix}${hash}` : null;
}

const created = transaction
  .extend({ deposit: z.string().min(1), withdrawal_amount: numeric })
  .transform((t) => {
    const { hold: _hold, ...status } = statusOf(t);
    return {
      id: t.transaction_id,
      ...status,
      coinFrom: t.coin_from,
      coinTo: t.coin_to,
      networkFrom: t.coin_from_network,
      networkTo: t.coin_to_network,
      amountIn: t.deposit_amount,
      amountOutExpected: t.withdrawal_amount,
      depositAddress: t.deposit,
      depositMemo: t.deposit_extra_id,
      withdrawalAddress: t.withdrawal,
      payoutMemo: t.withdrawal_extra_id,
      refundAddress: t.return,
      refundMemo: t.return_extra_id,
      rate: t.rate ?? null,
      ...rateTypeOf(t),
      createdAt: t.created_at,
    };
  });

const listed = transaction.transform((t) => ({
  id: t.transaction_id,
  ...statusOf(t),
  coinFrom: t.coin_from,
  coinTo: t.coin_to,
  amountIn: t.deposit_amount,
  amountOut: payoutOf(t),
  createdAt: t.created_at,
  withdrawalAddress: t.withdrawal,
}));

const detail = transaction.transform((t) => ({
  id: t.transaction_id,
  ...statusOf(t),
  coinFrom: t.coin_from,
  coinTo: t.coin_to,
  networkFrom: t.coin_from_network,
  networkTo: t.coin_to_network,
  amountIn: t.deposit_amount,
  amountOut: payoutOf(t),
  rate: t.rate ?? null,
  ...rateTypeOf(t),
  depositAddress: t.deposit,
  depositMemo: t.deposit_extra_id,
  withdrawalAddress: t.withdrawal,
  payoutMemo: t.withdrawal_extra_id,
  refundAddress: t.return,
  refundMemo: t.return_extra_id,
  txHashIn: t.hash_in,
  txHashOut: t.hash_out,
  txLinkIn: linkOf(t.coin_from_explorer_url, t.hash_in),
  txLinkOut: linkOf(t.coin_to_explorer_url, t.hash_out),
  createdAt: t.created_at,
}));

/**
 * `GET v2/transactions-list` (EDGE-REPORTS): Laravel's page, `{current_page, last_page, data}`,
 * `total` when it says so; without it, the count is worked out from the last page.
 */
function listSchema(limit: number) {
  return z
    .object({
      current_page: numeric,
      last_page: numeric,
      total: numeric.nullish(),
      data: z.array(listed),
    })
    .transform((p) => ({
      data: p.data,
      count:
        p.total ??
        (p.current_page < p.last_page
          ? p.last_page * limit
          : (p.current_page - 1) * limit + p.data.length),
    }));
}

/** One network of a coin on `v2/coins`, with its memo rule (`has_extra`, `extra_name`). */
const network = z.object({
  code: z.string().trim().min(1),
  name: optionalText,
  has_extra: looseBool,
  extra_name: nullableText,
});

const coin = z.object({
  code: z.string().trim().min(1),
  name: optionalText,
  icon: optionalText,
  networks: z.array(network).nullish(),
});
type Coin = z.infer<typeof coin>;

/** A coin in the core's words: its networks, the one named like the coin (or the first) its default. */
function coinOf(c: Coin): ExchangeCoin {
  const nets = c.networks ?? [];
  const defaultCode =
    nets.find((n) => n.code.toUpperCase() === c.code.toUpperCase())?.code ?? nets[0]?.code;
  const networks = nets.map((n) => ({
    code: n.code,
    name: n.name,
    defaultForCoin: n.code === defaultCode,
    memoRequired: n.has_extra ?? false,
    memoLabel: n.extra_name,
    memoPattern: null,
    addressPattern: null,
  }));
  const list = networks.map((n) => (n.defaultForCoin ? `${n.code} (default)` : n.code)).join(", ");
  return {
    code: c.code.toLowerCase(),
    name: c.name,
    icon: c.icon,
    // The catalog reads a coin's networks and its default from its notes (as Exolix's).
    notes: networks.length > 1 ? `Networks: ${list}` : "",
    ...(networks.length > 0 ? { networks } : {}),
  };
}

/**
 * `v2/coins` is one unpaged array: page 1 is all of it (searched here), later pages are empty, so
 * the catalog's paged read ends after one request.
 */
function coinsSchema(p: { page?: number; search?: string }) {
  const search = (p.search ?? "").trim().toLowerCase();
  return z.array(coin).transform((coins): Page<ExchangeCoin> => {
    const all = coins
      .map(coinOf)
      .filter((c) => !search || c.code.includes(search) || c.name.toLowerCase().includes(search));
    return { data: (p.page ?? 1) > 1 ? [] : all, count: all.length };
  });
}

/** The info answer: every amount a string in the recordings (CAKE `info.json`, `info_revert.json`). */
const info = z.object({
  amount: numeric,
  rate: numeric.nullish(),
  min_amount: numeric,
  max_amount: numeric,
  deposit_min_amount: numeric.nullish(),
  deposit_max_amount: numeric.nullish(),
  rate_id: nullableText.or(z.number().transform(String)),
});

/**
 * The quote a request gets. `v1/info`: `amount` is what is received. `v1/info-revert`: `amount` is
 * what must be sent, `min_amount`/`max_amount` are in the coin received and
 * `deposit_min_amount`/`deposit_max_amount` in the coin sent (the port's limits are in the coin
 * sent); `max_amount` "0" is no maximum. A fixed quote's `rate_id` is the core's `quoteId`.
 */
function quoteSchema(request: QuoteRequest) {
  const reverse = request.receiveAmount !== undefined;
  const rateType = request.rateType ?? "float";
  return info.transform((r): ExchangeQuote => {
    const send = reverse ? r.amount : Number(request.amount);
    const receive = reverse ? Number(request.receiveAmount) : r.amount;
    const rate = r.rate ?? (send > 0 ? receive / send : 0);
    const minimum =
      r.deposit_min_amount ?? (reverse && rate > 0 ? r.min_amount / rate : r.min_amount);
    const maximum =
      r.deposit_max_amount ?? (reverse && rate > 0 ? r.max_amount / rate : r.max_amount);
    return {
      sendAmount: send,
      receiveAmount: receive,
      rate,
      minimum,
      maximum,
      rateType,
      note: null,
      ...(rateType === "fixed" && r.rate_id ? { quoteId: r.rate_id } : {}),
    };
  });
}

/** LetsExchange spells coin codes in capitals ("BTC"); networks go as the coin list names them. */
const upper = (code: string) => code.toUpperCase();

/** The key as configured, with or without its "Bearer " (CAKE stores it bare, EDGE adds it). */
export function bearer(apiKey: string): string {
  return `Bearer ${apiKey.replace(/^bearer\s+/i, "")}`;
}

/** The API's root: a configured `/api/v1` or `/api/v2` is cut back to `/api`. */
export function rootOf(configured: string): string {
  return configured.replace(/\/+$/, "").replace(/\/v[12]$/, "");
}

/** A JSON object without its undefined fields. */
function body(fields: Record<string, unknown>): string {
  return JSON.stringify(fields);
}

function createBody(order: SwapOrder, affiliateId: string | undefined): string {
  return body({
    coin_from: upper(order.coinFrom),
    coin_to: upper(order.coinTo),
    network_from: order.networkFrom,
    network_to: order.networkTo,
    // The exact digits, as strings (CAKE and EDGE send strings): never through a double.
    ...(order.receiveAmount !== undefined
      ? { withdrawal_amount: order.receiveAmount }
      : { deposit_amount: order.amount }),
    withdrawal: order.withdrawalAddress,
    withdrawal_extra_id: order.payoutMemo,
    return: order.refundAddress,
    return_extra_id: order.refundMemo,
    float: (order.rateType ?? "float") !== "fixed",
    rate_id: order.rateType === "fixed" ? order.quoteId : undefined,
    affiliate_id: affiliateId,
  });
}

function listParams(r: ListRequest, limit: number): SearchParams {
  // Seconds, inclusive: a window's edges widened to whole seconds (the core matches by id).
  const start = r.dateFrom ? Math.floor(Date.parse(r.dateFrom) / 1000) : undefined;
  const end = r.dateTo ? Math.ceil(Date.parse(r.dateTo) / 1000) : undefined;
  return { limit, page: r.page ?? 1, start_date: start, end_date: end };
}

export function letsexchangeDialect(options: LetsExchangeOptions = {}) {
  const { affiliateId } = options;
  return {
    name: "letsexchange",
    reverseQuotes: true,
    authHeaders: (apiKey: string) => ({ Authorization: bearer(apiKey) }),
    baseUrl: rootOf,
    currencies: {
      route: (p: { page?: number; size?: number; search?: string }) => ({
        method: "get" as const,
        path: "v2/coins",
        schema: coinsSchema(p),
      }),
      schema: coinsSchema({}),
    },
    rate: {
      route: (r: QuoteRequest) => ({
        method: "post" as const,
        path: r.receiveAmount !== undefined ? "v1/info-revert" : "v1/info",
        body: body({
          from: upper(r.coinFrom),
          to: upper(r.coinTo),
          network_from: r.networkFrom,
          network_to: r.networkTo,
          amount: r.receiveAmount ?? r.amount,
          float: (r.rateType ?? "float") !== "fixed",
          affiliate_id: affiliateId,
        }),
        schema: quoteSchema(r),
      }),
      schema: quoteSchema({ coinFrom: "", coinTo: "", amount: "0" as DecimalString }),
      // An unsupported pair (422) and a validation error (`error.validation`) are refusals;
      // an amount out of bounds is a 200 with the limits, read by the schema.
      fromRefusal: () => undefined,
    },
    create: {
      body: (order: SwapOrder) => createBody(order, affiliateId),
      path: (order: SwapOrder) =>
        order.receiveAmount !== undefined ? "v1/transaction-revert" : "v1/transaction",
      schema: created,
    },
    list: {
      route: (r: ListRequest) => {
        const limit = r.size ?? 50;
        return {
          method: "get" as const,
          path: "v2/transactions-list",
          searchParams: listParams(r, limit),
          schema: listSchema(limit),
        };
      },
      schema: listSchema(50),
    },
    detail: {
      route: (txId: string) => ({
        method: "get" as const,
        path: `v1/transaction/${encodeURIComponent(txId)}`,
      }),
      schema: detail,
    },
  } satisfies DialectAdapter;
}
