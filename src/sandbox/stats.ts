import type { Endpoint } from "./faults.ts";

/** "other" counts requests that matched no route. */
export type StatsEndpoint = Endpoint | "other";

/** What the sandbox has served since start (or the last reset). */
export interface SandboxStats {
  /** Responses sent, all endpoints and statuses together. */
  total: number;
  byEndpoint: Partial<Record<StatsEndpoint, number>>;
  byStatus: Record<number, number>;
  /** Per endpoint, then per HTTP status: `responses.get[200]`. */
  responses: Partial<Record<StatsEndpoint, Record<number, number>>>;
  /** 429s served, by the rate limits or injected. */
  served429: number;
  /** Requests whose socket was destroyed without an answer (createThenHang with destroy). */
  dropped: number;
  /** Answers whose body was held back half-way (stallNext, createThenHang with stallBody). */
  stalled: number;
  /** Exolix rate requests for an amount to receive (`withdrawalAmount`). */
  reverseQuotes: number;
}

function empty(): SandboxStats {
  return {
    total: 0,
    byEndpoint: {},
    byStatus: {},
    responses: {},
    served429: 0,
    dropped: 0,
    stalled: 0,
    reverseQuotes: 0,
  };
}

export class StatsCounter {
  private current = empty();

  record(endpoint: StatsEndpoint, status: number): void {
    const s = this.current;
    s.total++;
    s.byEndpoint[endpoint] = (s.byEndpoint[endpoint] ?? 0) + 1;
    s.byStatus[status] = (s.byStatus[status] ?? 0) + 1;
    const perStatus = s.responses[endpoint] ?? {};
    perStatus[status] = (perStatus[status] ?? 0) + 1;
    s.responses[endpoint] = perStatus;
    if (status === 429) s.served429++;
  }

  reverseQuote(): void {
    this.current.reverseQuotes++;
  }

  stall(): void {
    this.current.stalled++;
  }

  drop(): void {
    this.current.dropped++;
  }

  /** A copy: callers compare snapshots taken before and after. */
  snapshot(): SandboxStats {
    return structuredClone(this.current);
  }

  reset(): void {
    this.current = empty();
  }
}
