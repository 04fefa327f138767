/** Requests per minute for each of the spec's three endpoint classes. */
export interface Limits {
  /** GET /currencies and GET /rate, per client IP. */
  publicPerMin: number;
  /** POST /transactions, per API key. */
  createPerMin: number;
  /** GET /transactions and GET /transactions/{id}, per API key. */
  readPerMin: number;
}

export type LimitClass = "public" | "create" | "read";

/** The spec's table (section 8). */
export const SPEC_LIMITS: Limits = { publicPerMin: 60, createPerMin: 30, readPerMin: 120 };

const WINDOW_MS = 60_000;

/**
 * A sliding one-minute window per (class, key): a client that spreads its requests evenly never
 * sees a 429, a burst is cut at the limit, and Retry-After says when the oldest request leaves the
 * window, so a client that honours it gets the next request through.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(readonly limits: Limits) {}

  /** Counts a request; undefined when allowed, else the whole seconds to wait. */
  take(limitClass: LimitClass, key: string, now = Date.now()): number | undefined {
    const limit = this.limitOf(limitClass);
    const bucket = `${limitClass}\u0000${key}`;
    const times = this.hits.get(bucket) ?? [];
    while (times.length > 0 && times[0]! <= now - WINDOW_MS) times.shift();
    if (times.length >= limit) {
      // Time until the oldest request in the window leaves it (a zero limit never frees one).
      const oldest = times[0] ?? now;
      return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
    }
    times.push(now);
    this.hits.set(bucket, times);
    return undefined;
  }

  limitOf(limitClass: LimitClass): number {
    if (limitClass === "public") return this.limits.publicPerMin;
    if (limitClass === "create") return this.limits.createPerMin;
    return this.limits.readPerMin;
  }
}
