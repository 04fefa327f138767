import type { z } from "zod";
import type {
  CreatedSwap,
  ExchangeCoin,
  ExchangeQuote,
  ListedSwap,
  ListRequest,
  Page,
  QuoteRequest,
  SwapDetail,
} from "../swaps/exchange-port.ts";
import type { SwapOrder } from "../swaps/swap.ts";
import type { ErrorBody } from "./wire.ts";

/**
 * How the exchange at EXCHANGE_API_URL speaks (see docs/operations.md, "Exchange dialects"): `spec`
 * (docs/exchange-api-v2.md), `exolix` (Exolix's public v2 API), `changenow` (ChangeNOW's API v2,
 * docs/exchange-changenow.md) or `letsexchange` (LetsExchange's API, docs/exchange-letsexchange.md).
 * The one list: config.ts reads EXCHANGE_DIALECT against it, dialects/index.ts has one adapter a
 * name; the sandbox, which imports nothing of the bot, keeps its own, held equal by
 * test/architecture/exchange-dialects.test.ts.
 */
export const EXCHANGE_DIALECTS = ["spec", "exolix", "changenow", "letsexchange"] as const;
export type ExchangeDialect = (typeof EXCHANGE_DIALECTS)[number];

/** An HTTP error answer: its status, its body and the upstream's own words in it. */
export interface Refusal {
  status: number;
  body: ErrorBody;
  message: string;
}

export type SearchParams = Record<string, string | number | boolean | undefined>;

/** A pair's limits in the send coin, as a dialect that states them apart from its quote reads them. */
interface QuoteLimits {
  minimum: number;
  /** 0: no maximum stated. */
  maximum: number;
}

/**
 * One request as a dialect writes it, for a dialect whose endpoints are not the spec's five
 * (`GET rate`, `POST transactions`, ...): where it goes, how, and how its answer is read.
 */
export interface WireRequest<T> {
  method: "get" | "post";
  /** Relative to the base URL, no leading slash ("v1/info"). */
  path: string;
  searchParams?: SearchParams;
  /** The JSON body of a POST, amounts as exact digits. */
  body?: string;
  /** How this answer is read when it depends on the request (default: the endpoint's schema). */
  schema?: z.ZodType<T>;
}

/**
 * One dialect of the exchange API: how each endpoint's request is written and how its answer is
 * read, with the dialect's own zod schemas, into the core's port types. The shared client
 * (`client.ts`) sends them: budgets, retries, deadlines and error mapping are the same for all.
 */
export interface DialectAdapter {
  readonly name: ExchangeDialect;
  /**
   * Whether `/rate` and create take an amount to receive (a reverse quote); "fixed": at a fixed
   * rate only (ChangeNOW's `type=reverse` is a fixed-rate flow's).
   */
  readonly reverseQuotes: boolean | "fixed";
  /** The headers carrying the key. */
  authHeaders(apiKey: string): Record<string, string>;
  /** The base URL requests go under, from the configured one (default: as configured). */
  baseUrl?(configured: string): string;
  /**
   * Each endpoint is the spec's (`GET currencies`, `GET rate`, `POST transactions`, `GET
   * transactions`, `GET transactions/{id}`) with the dialect's `params`/`body`, unless the dialect
   * gives its own `route`.
   */
  currencies: {
    params?(p: { page?: number; size?: number; search?: string }): SearchParams;
    route?(p: { page?: number; size?: number; search?: string }): WireRequest<Page<ExchangeCoin>>;
    schema: z.ZodType<Page<ExchangeCoin>>;
  };
  rate: {
    params?(request: QuoteRequest): SearchParams;
    route?(request: QuoteRequest): WireRequest<ExchangeQuote>;
    schema: z.ZodType<ExchangeQuote>;
    /**
     * A refusal that is still a quote the user can act on (an amount out of bounds, with the
     * limits): the quote it stands for; undefined: a plain error.
     */
    fromRefusal(refusal: Refusal, request: QuoteRequest): ExchangeQuote | undefined;
    /**
     * A dialect whose quote carries no limits (ChangeNOW: `exchange/range` beside
     * `exchange/estimated-amount`) reads them with a call of its own first: an amount they refuse
     * costs no second call, and the quote's minimum and maximum are theirs.
     */
    limits?: {
      route(request: QuoteRequest): WireRequest<QuoteLimits>;
      schema: z.ZodType<QuoteLimits>;
      /** The note of an amount out of these limits (the exchange's words for it). */
      outOfRange(breach: "below" | "above"): string;
    };
  };
  create: {
    /** The JSON body, amounts as the exact digits (as JSON numbers). */
    body(order: SwapOrder): string;
    /** Where the body goes (default: `transactions`). */
    path?(order: SwapOrder): string;
    schema: z.ZodType<CreatedSwap>;
  };
  list: {
    params?(request: ListRequest): SearchParams;
    route?(request: ListRequest): WireRequest<Page<ListedSwap>>;
    schema: z.ZodType<Page<ListedSwap>>;
  };
  detail: { route?(id: string): WireRequest<SwapDetail>; schema: z.ZodType<SwapDetail> };
}

/** A decimal string as a JSON number, digit for digit (never through a double). */
function jsonDecimal(amount: string): string {
  if (!/^\d+(\.\d+)?$/.test(amount)) throw new RangeError("amount is not a plain decimal");
  return amount;
}

/**
 * A JSON object written with some fields as raw JSON numbers (exact decimal digits) and the rest
 * stringified; undefined fields are left out.
 */
export function jsonBody(
  decimals: Record<string, string | undefined>,
  rest: Record<string, unknown>,
): string {
  const parts = Object.entries(decimals)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([key, value]) => `${JSON.stringify(key)}:${jsonDecimal(value)}`);
  const others = JSON.stringify(rest).slice(1, -1);
  return `{${[...parts, ...(others ? [others] : [])].join(",")}}`;
}
