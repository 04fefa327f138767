import type { AmountFit } from "../swaps/amount-fit.ts";
import { ExchangeBusyError } from "../swaps/exchange-errors.ts";
import type { ExchangeQuote, QuoteRequest } from "../swaps/exchange-port.ts";

/** What the quote services share: a quote, a pair, its limits, a user's share of the budget. */

export interface Quote extends ExchangeQuote {
  /** When the upstream produced it; a fixed quote older than the exchange honours is refreshed. */
  fetchedAt: number;
  /** The exchange that quoted it (`OfferedExchange.id`): a swap on this quote is created there. */
  exchange: string;
}

/** A pair's amount limits, as its floating-rate quotes state them (max 0: none stated). */
export interface PairLimits {
  min: number;
  max: number;
}

/** A pair of coins (and networks) without an amount. */
export type Pair = Pick<QuoteRequest, "coinFrom" | "coinTo" | "networkFrom" | "networkTo">;

/**
 * Each user's fair share of the public budget that all users share: a handful of upstream quotes
 * per 10 s, whatever the path (the chat's amount step, /rate, inline, the page's quotes, creates
 * and limits). Answers from the cache cost no share.
 */
export const USER_QUOTE_SHARE = { limit: 4, windowMs: 10_000 } as const;

/**
 * A user's share of the public budget is spent: nothing was asked upstream. A busy answer (the
 * user is told when to try again), but only this user's.
 */
export class QuoteShareSpent extends ExchangeBusyError {
  override name = "QuoteShareSpent";
  constructor(retryAfterMs: number) {
    super("GET /rate", "public", retryAfterMs);
  }
}

/** An amount the pair's known limits already refuse, with those limits. */
export interface KnownRefusal {
  fit: Exclude<AmountFit, "ok">;
  limits: PairLimits;
  /**
   * Where the exchanges' limits differ: the exchange whose minimum (`minAt`) or maximum (`maxAt`)
   * the union names, so the refusal can say where an amount beyond another's limit is taken.
   */
  minAt?: string;
  maxAt?: string;
}
