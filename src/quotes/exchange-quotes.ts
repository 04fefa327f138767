import { type DecimalString, formatDecimal } from "../lib/decimal.ts";
import { KeyShare } from "../lib/key-share.ts";
import { Lru } from "../lib/lru.ts";
import { limitsFit } from "../swaps/amount-fit.ts";
import type { ExchangePort, ExchangeQuote, QuoteRequest } from "../swaps/exchange-port.ts";
import type { RateType } from "../swaps/swap.ts";
import {
  type KnownRefusal,
  type Pair,
  type PairLimits,
  type Quote,
  QuoteShareSpent,
  USER_QUOTE_SHARE,
} from "./quote.ts";

type RateQuote = ExchangeQuote;

/**
 * How long a pair's limits stay known after a quote stated them. Limits move with the price, a
 * little: a minute-old minimum is still a fair guide on a prompt, and the amount typed is checked
 * against a live quote anyway.
 */
const LIMITS_TTL_MS = 60_000;

/**
 * The amount a quote asked only for its limits carries when nothing is known of the sent coin: the
 * smallest there is. Every answer states the pair's limits, but not every refusal does: above the
 * maximum some exchanges name only the maximum (docs/exchange-in-the-wild.md §13), while below the
 * minimum they name both. (The catalog holds no coin values to pick a fitting amount from.)
 */
const SMALLEST_AMOUNT = "0.00000001" as DecimalString;

interface ExchangeQuotesOptions {
  /** The exchange's id, which its quotes carry (`Quote.exchange`). */
  id: string;
  exchange: Pick<ExchangePort, "getRate" | "budgets" | "reverseQuotes">;
  /** How long an identical quote is reused. */
  cacheMs: number;
  /**
   * How long a fixed rate is trusted. The exchange fixes the rate when the swap is created, not
   * when it was quoted, so an older quote is fetched again before the user commits to it.
   */
  fixedTtlMs?: number;
  /** Longest a user waits for public budget before hearing "busy, try again in N s". */
  maxWaitMs: number;
  /** Each user's share of upstream quotes (default USER_QUOTE_SHARE). */
  userShare?: { limit: number; windowMs: number };
  now?: () => number;
}

export interface QuoteOptions {
  /** Asks upstream even when a fresh answer is cached. */
  fresh?: boolean;
  maxWaitMs?: number;
  /** The user asking: an upstream call (not a cached answer) is taken from their share. */
  user?: number;
}

/**
 * One exchange's quotes (the quote service asks each exchange through its own). All users share
 * one IP's public budget, so identical
 * requests in flight share one upstream call, a fresh answer is reused for a few seconds, and when
 * the budget is spent callers get an ExchangeBusyError with the real wait instead of queueing.
 */
export class ExchangeQuotes {
  private readonly entries = new Map<string, { promise: Promise<Quote>; expiresAt: number }>();
  private readonly limitsByPair = new Map<string, PairLimits & { expiresAt: number }>();
  /** The latest limits stated for each sent coin (any pair, however old): what a probe asks. */
  private readonly limitsBySent = new Lru<string, PairLimits>(1_000);
  readonly stats = { requests: 0, upstreamCalls: 0, cacheHits: 0 };
  private readonly now: () => number;
  private readonly userShare: KeyShare<number>;

  constructor(private readonly options: ExchangeQuotesOptions) {
    this.now = options.now ?? Date.now;
    const share = options.userShare ?? USER_QUOTE_SHARE;
    this.userShare = new KeyShare(share.limit, share.windowMs, { now: this.now });
  }

  /**
   * A quote: an identical one in flight or fresh in the cache, else one asked upstream (within
   * `user`'s share when a user asks: else a QuoteShareSpent, and nothing is asked).
   */
  quote(params: QuoteRequest, opts: QuoteOptions = {}): Promise<Quote> {
    this.stats.requests++;
    const key = quoteKey(params);
    const now = this.now();
    const cached = this.entries.get(key);
    const inFlight = cached?.expiresAt === Number.POSITIVE_INFINITY;
    if (cached && (inFlight || (!opts.fresh && cached.expiresAt > now))) {
      this.stats.cacheHits++;
      return cached.promise;
    }
    if (opts.user !== undefined) {
      const share = this.userShare.take(opts.user);
      if (!share.granted) return Promise.reject(new QuoteShareSpent(share.retryInMs));
    }
    this.sweep(now);
    this.stats.upstreamCalls++;
    const promise = this.options.exchange
      .getRate(params, { maxWaitMs: opts.maxWaitMs ?? this.options.maxWaitMs })
      .then((quote): Quote => {
        if ((params.rateType ?? "float") === "float") this.rememberLimits(params, quote);
        return { ...quote, fetchedAt: this.now(), exchange: this.options.id };
      });
    // In flight: shared by every identical request until it settles.
    const entry = { promise, expiresAt: Number.POSITIVE_INFINITY };
    this.entries.set(key, entry);
    promise.then(
      () => {
        entry.expiresAt = this.now() + this.options.cacheMs;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return promise;
  }

  /**
   * The pair's floating-rate limits for a prompt that shows them but must not be held back for
   * them: those a recent quote of the pair stated (anyone's, any amount), else those of a quote
   * asked for now, when at least half of the public budget is free (users' own quotes keep the
   * rest) and without waiting for budget, given up after `waitMs`. A slower answer is still
   * remembered, for the next prompt. Undefined when neither is at hand.
   */
  async limits(pair: Pair, waitMs: number, user?: number): Promise<PairLimits | undefined> {
    const known = this.knownLimits(pair);
    if (known) return known;
    const budget = this.options.exchange.budgets.public;
    if (budget.available() * 2 < budget.limit) return undefined;
    const probe = { ...pair, amount: this.probeAmount(pair), rateType: "float" as const };
    const asked = this.quote(probe, { maxWaitMs: 0, ...(user === undefined ? {} : { user }) }).then(
      () => this.knownLimits(pair),
      () => undefined,
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The pair's limits if a quote stated them within the last minute. */
  knownLimits(pair: Pair): PairLimits | undefined {
    const known = this.limitsByPair.get(pairKey(pair));
    if (!known || known.expiresAt <= this.now()) return undefined;
    return { min: known.min, max: known.max };
  }

  /**
   * Whether the pair's known limits already refuse `amount` (see knownLimits): then no quote is
   * worth asking for it. Floating limits are the wider ones, so a fixed-rate amount they refuse
   * is refused too.
   */
  knownRefusal(pair: Pair, amount: DecimalString): KnownRefusal | undefined {
    const limits = this.knownLimits(pair);
    if (!limits) return undefined;
    const fit = limitsFit(amount, limits);
    return fit === "ok" ? undefined : { fit, limits };
  }

  /**
   * Whether the exchange quotes an amount to receive itself (QuoteRequest.receiveAmount) at this
   * rate type (some do at a fixed rate only).
   */
  reversesAt(rateType: RateType): boolean {
    const reverse = this.options.exchange.reverseQuotes ?? false;
    return reverse === true || (reverse === "fixed" && rateType === "fixed");
  }

  /** Whether a fixed-rate quote is too old to create a swap on without showing fresh numbers. */
  isStale(quote: Quote): boolean {
    return this.now() - quote.fetchedAt > this.fixedHoldsMs;
  }

  /** How long a fixed quote holds: Confirm after that fetches it again (FIXED_QUOTE_TTL_MS). */
  get fixedHoldsMs(): number {
    return this.options.fixedTtlMs ?? 30_000;
  }

  /**
   * An amount the pair can take, from the limits last stated for the sent coin with any coin
   * (they hardly depend on the received one): twice the minimum, or halfway to a closer maximum.
   * Else the smallest amount (SMALLEST_AMOUNT).
   */
  probeAmount(pair: Pair): DecimalString {
    const sent = this.limitsBySent.get(sentKey(pair));
    if (!sent || !(sent.min > 0)) return SMALLEST_AMOUNT;
    const amount =
      sent.max > 0 && sent.min * 2 > sent.max ? (sent.min + sent.max) / 2 : sent.min * 2;
    return formatDecimal(amount);
  }

  private rememberLimits(pair: Pair, quote: RateQuote): void {
    const expiresAt = this.now() + LIMITS_TTL_MS;
    this.limitsByPair.set(pairKey(pair), { min: quote.minimum, max: quote.maximum, expiresAt });
    this.limitsBySent.set(sentKey(pair), { min: quote.minimum, max: quote.maximum });
  }

  private sweep(now: number): void {
    if (this.entries.size >= 1_000) {
      for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    }
    if (this.limitsByPair.size >= 1_000) {
      for (const [key, limits] of this.limitsByPair) {
        if (limits.expiresAt <= now) this.limitsByPair.delete(key);
      }
    }
  }
}

function pairKey(p: Pair): string {
  return [
    p.coinFrom.toLowerCase(),
    (p.networkFrom ?? "").toLowerCase(),
    p.coinTo.toLowerCase(),
    (p.networkTo ?? "").toLowerCase(),
  ].join("|");
}

function sentKey(p: Pair): string {
  return [p.coinFrom.toLowerCase(), (p.networkFrom ?? "").toLowerCase()].join("|");
}

function quoteKey(p: QuoteRequest): string {
  const amount = p.receiveAmount === undefined ? p.amount : `receive:${p.receiveAmount}`;
  return [pairKey(p), amount, p.rateType ?? "float"].join("|");
}
