import type { ExchangeClient, RateParams } from "../exchange/client.ts";
import type { RateQuote } from "../exchange/schemas.ts";

export interface Quote extends RateQuote {
  /** When the upstream produced it; a fixed quote older than the exchange honours is refreshed. */
  fetchedAt: number;
}

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
  readonly stats = { requests: 0, upstreamCalls: 0, cacheHits: 0 };
  private readonly now: () => number;

  constructor(private readonly options: QuoteServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  quote(params: RateParams, opts: { fresh?: boolean } = {}): Promise<Quote> {
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
      .getRate(params, { maxWaitMs: this.options.maxWaitMs })
      .then((quote): Quote => ({ ...quote, fetchedAt: this.now() }));
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

  /** Whether a fixed-rate quote is too old to create a swap on without showing fresh numbers. */
  isStale(quote: Quote): boolean {
    return this.now() - quote.fetchedAt > (this.options.fixedTtlMs ?? 30_000);
  }

  private sweep(now: number): void {
    if (this.entries.size < 1_000) return;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

function quoteKey(p: RateParams): string {
  return [
    p.coinFrom.toLowerCase(),
    (p.networkFrom ?? "").toLowerCase(),
    p.coinTo.toLowerCase(),
    (p.networkTo ?? "").toLowerCase(),
    p.amount,
    p.rateType ?? "float",
  ].join("|");
}
