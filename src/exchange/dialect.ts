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

/** How the exchange at EXCHANGE_API_URL speaks (see docs/operations.md, "Exchange dialects"). */
export const EXCHANGE_DIALECTS = ["spec", "exolix", "changenow"] as const;
export type ExchangeDialect = (typeof EXCHANGE_DIALECTS)[number];

/** An HTTP error answer: its status, its body and the upstream's own words in it. */
export interface Refusal {
  status: number;
  body: ErrorBody;
  message: string;
}

export type SearchParams = Record<string, string | number | boolean | undefined>;

/** A pair's limits in the send coin, as a dialect that states them apart from its quote reads them. */
export interface QuoteLimits {
  minimum: number;
  /** 0: no maximum stated. */
  maximum: number;
}

/** Where a GET goes (relative to the base URL) and with which query. */
export interface GetRequest {
  path: string;
  params: SearchParams;
}

/**
 * One dialect of the exchange API: how each endpoint's request is written and how its answer is
 * read, with the dialect's own zod schemas, into the core's port types. The shared client
 * (`client.ts`) sends them: budgets, retries, deadlines and error mapping are the same for all.
 */
export interface Dialect {
  readonly name: ExchangeDialect;
  /**
   * Whether `/rate` and create take an amount to receive (a reverse quote); "fixed": at a fixed
   * rate only (ChangeNOW's `type=reverse` is a fixed-rate flow's).
   */
  readonly reverseQuotes: boolean | "fixed";
  /** The headers carrying the key. */
  authHeaders(apiKey: string): Record<string, string>;
  /** Each endpoint's path below the base URL; absent: the spec's (`currencies`, `rate`, ...). */
  currencies: {
    path?: string;
    params(p: { page?: number; size?: number; search?: string }): SearchParams;
    schema: z.ZodType<Page<ExchangeCoin>>;
  };
  rate: {
    path?: string;
    params(request: QuoteRequest): SearchParams;
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
      request(request: QuoteRequest): GetRequest;
      schema: z.ZodType<QuoteLimits>;
      /** The note of an amount out of these limits (the exchange's words for it). */
      outOfRange(breach: "below" | "above"): string;
    };
  };
  create: {
    path?: string;
    /** The JSON body, amounts as the exact digits (as JSON numbers). */
    body(order: SwapOrder): string;
    schema: z.ZodType<CreatedSwap>;
  };
  list: {
    path?: string;
    params(request: ListRequest): SearchParams;
    schema: z.ZodType<Page<ListedSwap>>;
  };
  detail: {
    /** Where a swap's detail is read; absent: `transactions/{id}`. */
    request?(id: string): GetRequest;
    schema: z.ZodType<SwapDetail>;
  };
}

/** A decimal string as a JSON number, digit for digit (never through a double). */
export function jsonDecimal(amount: string): string {
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
