import type { RequestEvent } from "../exchange/client.ts";

/**
 * Remembers how the exchange has been answering: when it last worked, since when it has been
 * failing, whether it rejected our key, and error rates per minute for /stats.
 */
export class ExchangeMonitor {
  lastRequestAt = 0;
  lastSuccessAt = 0;
  /** Start of the current run of failures (0: the last request succeeded). */
  failingSince = 0;
  /** The last answer was 401: the operator's API key is wrong. */
  unauthorized = false;
  private readonly minutes = new Map<number, { total: number; failed: number }>();

  record(event: RequestEvent, now = Date.now()): void {
    this.lastRequestAt = now;
    // 4xx other than 401/429 are answers about the request, not failures of the exchange.
    const failed =
      typeof event.status !== "number" ||
      event.status >= 500 ||
      event.status === 401 ||
      event.status === 429;
    this.unauthorized = event.status === 401;
    if (failed) {
      if (this.failingSince === 0) this.failingSince = now;
    } else {
      this.failingSince = 0;
      this.lastSuccessAt = now;
    }
    const minute = Math.floor(now / 60_000);
    const bucket = this.minutes.get(minute) ?? { total: 0, failed: 0 };
    bucket.total++;
    if (failed) bucket.failed++;
    this.minutes.set(minute, bucket);
    for (const key of this.minutes.keys()) if (key < minute - 60) this.minutes.delete(key);
  }

  /** Requests and failures over the last `minutes` minutes. */
  errorRate(minutes = 60, now = Date.now()): { total: number; failed: number } {
    const from = Math.floor(now / 60_000) - minutes + 1;
    let total = 0;
    let failed = 0;
    for (const [minute, bucket] of this.minutes) {
      if (minute >= from) {
        total += bucket.total;
        failed += bucket.failed;
      }
    }
    return { total, failed };
  }
}
