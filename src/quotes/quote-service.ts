import { meetsKyc } from "../exchange/known-exchanges.ts";
import { type Clock, withTimeout } from "../lib/clock.ts";
import { type DecimalString, formatDecimal } from "../lib/decimal.ts";
import { amountFit, limitsFit } from "../swaps/amount-fit.ts";
import { ExchangeApiError } from "../swaps/exchange-errors.ts";
import type { QuoteRequest } from "../swaps/exchange-port.ts";
import type { ExchangeSet, KycRating, OfferedExchange } from "../swaps/exchange-set.ts";
import { KYC_RATINGS, keyRefused } from "../swaps/exchange-set.ts";
import { describeExchangeError, type ExchangeFailure } from "../swaps/failures.ts";
import type { RateType } from "../swaps/swap.ts";
import type { ExchangeQuotes, QuoteOptions } from "./exchange-quotes.ts";
import type { KnownRefusal, Pair, PairLimits, Quote } from "./quote.ts";

/**
 * Offers within this fraction of the best are near-ties: the better KYC rating wins, then the
 * operator's order (docs/design.md §4, "Offers").
 */
const NEAR_TIE = 0.005;

/** Every exchange's answer to one quote request, ranked (docs/design.md, "Offers"). */
export interface Offers {
  /**
   * Best first: the offers whose limits take the amount, by what the user gets (the most to
   * receive, or for an amount to receive the least to send; near-ties to the better KYC rating,
   * then to the operator's order), then those whose limits do not, by the same measure.
   */
  ranked: Quote[];
  /** The exchanges asked that gave no offer: failed, too slow, or the user's share there spent. */
  missing: { exchange: string; failure: ExchangeFailure }[];
}

export interface OfferOptions extends QuoteOptions {
  /** Only this exchange is asked (a chosen offer quoted again); none: every one that lists the pair. */
  exchange?: string;
  /** These exchanges are not asked (one that just refused to create this swap). */
  exclude?: readonly string[];
}

interface QuoteServiceDeps {
  exchanges: ExchangeSet;
  /** Each exchange's own quotes (coalesced, cached, within its budget): by exchange id. */
  quotesAt: ReadonlyMap<string, ExchangeQuotes>;
  /** The exchanges whose catalog lists a coin; undefined: not known, every exchange is asked. */
  listedAt?: (code: string) => ReadonlySet<string> | undefined;
  /** How long a quote waits for the slowest exchange before leaving it out. */
  deadlineMs: number;
  /** Offers of exchanges rated worse are not made (EXCHANGES_MIN_KYC). */
  minKyc?: KycRating | undefined;
  clock: Pick<Clock, "setTimer">;
  /** Offers were ranked among every exchange asked (not a chosen one quoted again): the operator's counts. */
  onOffers?: (offers: Offers) => void;
}

/** Every exchange that would be asked is out of the offers (its key refused): unavailable. */
class AllOut extends Error {
  override name = "AllOut";
}

/**
 * The one way the bot asks for quotes, whatever asks (the chat, /rate, inline, the Mini App):
 * every exchange that lists the pair is asked through its own quotes, each within a deadline, and
 * the offers come back ranked. A slow or failing exchange is an offer left out, never a failed
 * quote, unless no exchange made one.
 */
export class QuoteService {
  constructor(private readonly deps: QuoteServiceDeps) {}

  /** The exchanges a pair is offered at now, in the operator's order. */
  offering(pair: Pair, only?: string, exclude: readonly string[] = []): OfferedExchange[] {
    const { exchanges } = this.deps;
    return this.listing(pair, only, exclude).filter((e) => exchanges.whyOut(e.id) === undefined);
  }

  /** The exchanges that would offer a pair, those out of the offers (ExchangeSet.takeOut) too. */
  private listing(pair: Pair, only?: string, exclude: readonly string[] = []): OfferedExchange[] {
    const { exchanges, listedAt, minKyc } = this.deps;
    const from = listedAt?.(pair.coinFrom.toLowerCase());
    const to = listedAt?.(pair.coinTo.toLowerCase());
    return exchanges.all.filter((exchange) => {
      if (only !== undefined && exchange.id !== only) return false;
      if (exclude.includes(exchange.id)) return false;
      if (from && !from.has(exchange.id)) return false;
      if (to && !to.has(exchange.id)) return false;
      return minKyc === undefined || meetsKyc(exchange.kyc, minKyc);
    });
  }

  /**
   * Every offer for the request, ranked (see Offers). Rejects with the first exchange's error (in
   * the operator's order) when no exchange made an offer.
   */
  async offers(params: QuoteRequest, opts: OfferOptions = {}): Promise<Offers> {
    const reverse = params.receiveAmount !== undefined;
    const rateType = params.rateType ?? "float";
    const asked = this.offering(params, opts.exchange, opts.exclude).filter(
      (exchange) => !reverse || this.at(exchange.id).reversesAt(rateType),
    );
    if (asked.length === 0) throw this.noneAsked(params, opts);
    const answers = await Promise.allSettled(
      asked.map((exchange) =>
        opts.exchange === undefined
          ? withTimeout(
              this.deps.clock,
              this.askAt(exchange.id, params, opts),
              this.deps.deadlineMs,
            )
          : this.askAt(exchange.id, params, opts),
      ),
    );
    const quotes: Quote[] = [];
    const missing: Offers["missing"] = [];
    let firstError: unknown;
    answers.forEach((answer, i) => {
      if (answer.status === "fulfilled") quotes.push(answer.value);
      else {
        firstError ??= answer.reason;
        missing.push({ exchange: asked[i]!.id, failure: describeExchangeError(answer.reason) });
      }
    });
    if (quotes.length === 0) throw firstError;
    const offers = { ranked: this.rank(quotes, params), missing };
    if (opts.exchange === undefined) this.deps.onOffers?.(offers);
    return offers;
  }

  /** The best offer (see offers), or with `exchange` that exchange's quote. */
  async quote(params: QuoteRequest, opts: OfferOptions = {}): Promise<Quote> {
    if (opts.exchange !== undefined && this.deps.quotesAt.has(opts.exchange)) {
      return this.askAt(opts.exchange, params, opts);
    }
    const { ranked } = await this.offers(params, opts);
    return ranked[0]!;
  }

  /**
   * The pair's floating-rate limits over every exchange that offers it (the lowest minimum, the
   * highest maximum), from what each knows or quickly has (ExchangeQuotes.limits); undefined when
   * none knows them.
   */
  async limits(pair: Pair, waitMs: number, user?: number): Promise<PairLimits | undefined> {
    const each = await Promise.all(
      this.offering(pair).map((exchange) => this.at(exchange.id).limits(pair, waitMs, user)),
    );
    return unionOf(each);
  }

  /** The pair's limits over every exchange that stated them within the last minute. */
  knownLimits(pair: Pair): PairLimits | undefined {
    return unionOf(this.offering(pair).map((exchange) => this.at(exchange.id).knownLimits(pair)));
  }

  /**
   * Whether every exchange that offers the pair already refuses `amount` by limits it stated
   * within the last minute: then no quote is worth asking. The limits named are the union.
   */
  knownRefusal(pair: Pair, amount: DecimalString): KnownRefusal | undefined {
    const offering = this.offering(pair);
    const known = offering.map((exchange) => this.at(exchange.id).knownLimits(pair));
    if (known.length === 0 || known.some((limits) => limits === undefined)) return undefined;
    const union = unionOf(known);
    if (!union) return undefined;
    const fit = limitsFit(amount, union);
    if (fit === "ok") return undefined;
    return {
      fit,
      limits: union,
      ...limitsAt(offering.map((exchange, i) => ({ exchange: exchange.id, ...known[i]! }))),
    };
  }

  /** Whether any exchange quotes an amount to receive itself at this rate type. */
  reversesAt(rateType: RateType): boolean {
    return this.deps.exchanges
      .offering()
      .some((exchange) => this.at(exchange.id).reversesAt(rateType));
  }

  /** Whether a fixed-rate quote is too old to create a swap on without showing fresh numbers. */
  isStale(quote: Quote): boolean {
    return this.at(quote.exchange).isStale(quote);
  }

  /** How long a fixed quote holds (FIXED_QUOTE_TTL_MS: the same at every exchange). */
  get fixedHoldsMs(): number {
    return this.at(this.deps.exchanges.primary.id).fixedHoldsMs;
  }

  /** An amount the pair can take, as the first exchange offering it would probe with. */
  probeAmount(pair: Pair): DecimalString {
    const first = this.offering(pair)[0] ?? this.deps.exchanges.primary;
    return this.at(first.id).probeAmount(pair);
  }

  /** Upstream quote calls, cache hits and requests over every exchange (the bench reads them). */
  get stats(): { requests: number; upstreamCalls: number; cacheHits: number } {
    const total = { requests: 0, upstreamCalls: 0, cacheHits: 0 };
    for (const quotes of this.deps.quotesAt.values()) {
      total.requests += quotes.stats.requests;
      total.upstreamCalls += quotes.stats.upstreamCalls;
      total.cacheHits += quotes.stats.cacheHits;
    }
    return total;
  }

  /**
   * Why no exchange was asked: each one that lists the pair is out of the offers for its key (the
   * exchange is unavailable, as its 401 said), or none lists it (as an exchange's 404 would say).
   */
  private noneAsked(pair: Pair, opts: OfferOptions): Error {
    const { exchanges } = this.deps;
    const out = this.listing(pair, opts.exchange, opts.exclude).some(
      (exchange) => exchanges.whyOut(exchange.id) !== undefined,
    );
    return out
      ? new AllOut("every exchange offering this pair is out of the offers")
      : notOffered();
  }

  /**
   * One exchange's quote. An exchange that refuses the operator's key (401, 403) is taken out of
   * the offers: the next quote no longer asks it (the admins are alerted: AdminAlerts).
   */
  private async askAt(id: string, params: QuoteRequest, opts: QuoteOptions): Promise<Quote> {
    try {
      return await this.at(id).quote(params, opts);
    } catch (error) {
      if (error instanceof ExchangeApiError && (error.status === 401 || error.status === 403)) {
        this.deps.exchanges.takeOut(id, keyRefused(error.status));
      }
      throw error;
    }
  }

  private at(id: string): ExchangeQuotes {
    const quotes = this.deps.quotesAt.get(id);
    if (!quotes) throw new Error(`no quotes for exchange ${id}`);
    return quotes;
  }

  private rank(quotes: Quote[], params: QuoteRequest): Quote[] {
    const reverse = params.receiveAmount !== undefined;
    // What the user gets: the most to receive, or for an amount to receive the least to send.
    const worth = (q: Quote) => (reverse ? -q.sendAmount : q.receiveAmount);
    const fits = (q: Quote) =>
      amountFit(reverse ? formatDecimal(q.sendAmount) : params.amount, q) === "ok";
    const order = new Map(this.deps.exchanges.all.map((exchange, i) => [exchange.id, i]));
    const byWorth = (a: Quote, b: Quote) =>
      worth(b) - worth(a) || (order.get(a.exchange) ?? 0) - (order.get(b.exchange) ?? 0);
    const taking = quotes.filter(fits).sort(byWorth);
    const refusing = quotes.filter((q) => !fits(q)).sort(byWorth);
    const top = taking[0];
    if (top) {
      // Near-ties of the best: the better KYC rating, then the operator's order.
      const tied = taking.filter((q) => isNearTie(worth(q), worth(top)));
      const kyc = (q: Quote) => kycRank(this.deps.exchanges.get(q.exchange)?.kyc ?? null);
      const best = tied.sort(
        (a, b) => kyc(a) - kyc(b) || (order.get(a.exchange) ?? 0) - (order.get(b.exchange) ?? 0),
      )[0]!;
      return [best, ...taking.filter((q) => q !== best), ...refusing];
    }
    return refusing;
  }
}

/** Within NEAR_TIE of the best, measured on the best's size. */
function isNearTie(worth: number, best: number): boolean {
  return Math.abs(best - worth) <= Math.abs(best) * NEAR_TIE;
}

/** A rating's place, best first; unrated after every rating. */
function kycRank(rating: KycRating | null): number {
  return rating === null ? KYC_RATINGS.length : KYC_RATINGS.indexOf(rating);
}

/** The lowest minimum and the highest maximum (0: none stated, no maximum) of those known. */
function unionOf(each: readonly (PairLimits | undefined)[]): PairLimits | undefined {
  const known = each.filter((limits): limits is PairLimits => limits !== undefined);
  if (known.length === 0) return undefined;
  return {
    min: Math.min(...known.map((limits) => limits.min)),
    max: known.some((limits) => !(limits.max > 0))
      ? 0
      : Math.max(...known.map((limits) => limits.max)),
  };
}

/**
 * Where exchanges' limits differ, the exchange of the lowest minimum and of the highest maximum
 * (none stated counts as the highest): see KnownRefusal.
 */
export function limitsAt(each: readonly { exchange: string; min: number; max: number }[]): {
  minAt?: string;
  maxAt?: string;
} {
  if (each.length < 2) return {};
  const top = (limits: { max: number }) => (limits.max > 0 ? limits.max : Number.POSITIVE_INFINITY);
  const lowest = each.reduce((a, b) => (b.min < a.min ? b : a));
  const highest = each.reduce((a, b) => (top(b) > top(a) ? b : a));
  return {
    ...(each.some((limits) => limits.min !== lowest.min) ? { minAt: lowest.exchange } : {}),
    ...(each.some((limits) => top(limits) !== top(highest)) ? { maxAt: highest.exchange } : {}),
  };
}

/** No exchange offers the pair (or quotes an amount to receive): as an exchange's 404 would say. */
function notOffered(): ExchangeApiError {
  return new ExchangeApiError(
    "GET /rate",
    404,
    "no exchange offers this pair",
    undefined,
    {},
    undefined,
  );
}
