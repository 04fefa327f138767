import type { ExchangeClient, RateParams } from "../exchange/client.ts";
import type { RateQuote } from "../exchange/schemas.ts";
import type { DecimalString } from "../lib/decimal.ts";

export interface Quote extends RateQuote {
  /** When the upstream produced it; a fixed quote older than the exchange honours is refreshed. */
  fetchedAt: number;
}

/** A pair's amount limits, as its floating-rate quotes state them (max 0: none stated). */
export interface PairLimits {
  min: number;
  max: number;
}

/** A pair of coins (and networks) without an amount. */
export type Pair = Pick<RateParams, "coinFrom" | "coinTo" | "networkFrom" | "networkTo">;

/**
 * How long a pair's limits stay known after a quote stated them. Limits move with the price, a
 * little: a minute-old minimum is still a fair guide on a prompt, and the amount typed is checked
 * against a live quote anyway.
 */
const LIMITS_TTL_MS = 60_000;

/** The amount a quote asked only for its limits carries; any amount states the pair's limits. */
const LIMITS_PROBE_AMOUNT = "1" as DecimalString;

export interface QuoteServiceOptions {
  exchange: ExchangeClient;
  /** How long an identical quote is reused. */
  cacheMs: number;
  /**
   * How long a fixed rate is trusted. The exchange fixes the rate when the swap is created, not
   * when it was quoted, so an older quote is fetched again before the user commits to it.
   */
  fixedTtlMs?: number;
  /** Longest a user waits for public budget before hearing "busy, try again in N s". */
  maxWaitMs: number;
  now?: () => number;
}

/**
 * The one way the bot asks for quotes. All users share one IP's public budget, so identical
 * requests in flight share one upstream call, a fresh answer is reused for a few seconds, and when
 * the budget is spent callers get an ExchangeBusyError with the real wait instead of queueing.
 */
export class QuoteService {
  private readonly entries = new Map<string, { promise: Promise<Quote>; expiresAt: number }>();
  private readonly limitsByPair = new Map<string, PairLimits & { expiresAt: number }>();
  readonly stats = { requests: 0, upstreamCalls: 0, cacheHits: 0 };
  private readonly now: () => number;

  constructor(private readonly options: QuoteServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  quote(params: RateParams, opts: { fresh?: boolean; maxWaitMs?: number } = {}): Promise<Quote> {
    this.stats.requests++;
    const key = quoteKey(params);
    const now = this.now();
    const cached = this.entries.get(key);
    const inFlight = cached?.expiresAt === Number.POSITIVE_INFINITY;
    if (cached && (inFlight || (!opts.fresh && cached.expiresAt > now))) {
      this.stats.cacheHits++;
      return cached.promise;
    }
    this.sweep(now);
    this.stats.upstreamCalls++;
    const promise = this.options.exchange
      .getRate(params, { maxWaitMs: opts.maxWaitMs ?? this.options.maxWaitMs })
      .then((quote): Quote => {
        if ((params.rateType ?? "float") === "float") this.rememberLimits(params, quote);
        return { ...quote, fetchedAt: this.now() };
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
  async limits(pair: Pair, waitMs: number): Promise<PairLimits | undefined> {
    const known = this.knownLimits(pair);
    if (known) return known;
    const budget = this.options.exchange.budgets.public;
    if (budget.available() * 2 < budget.limit) return undefined;
    const probe = { ...pair, amount: LIMITS_PROBE_AMOUNT, rateType: "float" as const };
    const asked = this.quote(probe, { maxWaitMs: 0 }).then(
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

  /** Whether a fixed-rate quote is too old to create a swap on without showing fresh numbers. */
  isStale(quote: Quote): boolean {
    return this.now() - quote.fetchedAt > this.fixedHoldsMs;
  }

  /** How long a fixed quote holds: Confirm after that fetches it again (FIXED_QUOTE_TTL_MS). */
  get fixedHoldsMs(): number {
    return this.options.fixedTtlMs ?? 30_000;
  }

  private rememberLimits(pair: Pair, quote: RateQuote): void {
    const expiresAt = this.now() + LIMITS_TTL_MS;
    this.limitsByPair.set(pairKey(pair), { min: quote.minAmount, max: quote.maxAmount, expiresAt });
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

function quoteKey(p: RateParams): string {
  return [pairKey(p), p.amount, p.rateType ?? "float"].join("|");
}
