import type { CreateSwapResult } from "../swaps/swap-service.ts";

/** How a Confirm's POST to an exchange ended, as the operator counts it. */
export const CREATE_OUTCOMES = ["created", "suspect", "refused", "failed", "unknown"] as const;
export type CreateOutcome = (typeof CREATE_OUTCOMES)[number];

/** What one exchange did for the users since this process started. */
export interface ActivityCounts {
  /** Offer lists it topped. */
  quotesWon: number;
  /** Creates it refused outright (its answer said no swap was made). */
  refused: number;
  /** Creates that failed otherwise with nothing made (its key refused, busy, unreachable). */
  failed: number;
}

/** Where the counts go as well (the Prometheus counters, when /metrics is served). */
export interface ActivityListener {
  quoteWon(exchange: string): void;
  createEnded(exchange: string, outcome: CreateOutcome): void;
}

/**
 * Counts, per exchange (by the id swaps record), the offers it won and how the creates sent to it
 * ended: the half of /stats' line per exchange that no table holds (what the tables hold, swaps
 * created and completed, is counted there). Each count is also told to `listener` by the
 * exchange's name (`nameOf`).
 */
export class ExchangeActivity {
  private readonly counts = new Map<string, ActivityCounts>();

  constructor(
    private readonly options: {
      nameOf: (exchangeId: string) => string;
      listener?: ActivityListener | undefined;
    },
  ) {}

  /** A ranked list of offers was served: its best offer's exchange won it. */
  quoteWon(exchangeId: string): void {
    this.of(exchangeId).quotesWon++;
    this.options.listener?.quoteWon(this.options.nameOf(exchangeId));
  }

  /** A create this process sent (or decided not to send) ended so. */
  createEnded(exchangeId: string, result: CreateSwapResult): void {
    const outcome = outcomeOf(result);
    if (outcome === undefined) return;
    if (outcome === "refused") this.of(exchangeId).refused++;
    if (outcome === "failed") this.of(exchangeId).failed++;
    this.options.listener?.createEnded(this.options.nameOf(exchangeId), outcome);
  }

  /** The counts of one exchange (all 0 when it did nothing yet). */
  countsOf(exchangeId: string): ActivityCounts {
    return { ...this.of(exchangeId) };
  }

  private of(exchangeId: string): ActivityCounts {
    let counts = this.counts.get(exchangeId);
    if (!counts) {
      counts = { quotesWon: 0, refused: 0, failed: 0 };
      this.counts.set(exchangeId, counts);
    }
    return counts;
  }
}

/**
 * The outcome of a create at the exchange; undefined when the exchange had no part in it (the
 * chat's share spent, a Confirm tapped again).
 */
function outcomeOf(result: CreateSwapResult): CreateOutcome | undefined {
  switch (result.kind) {
    case "created":
      return "created";
    case "suspect":
      return "suspect";
    case "pending":
      return "unknown";
    case "failed":
      return result.refused ? "refused" : "failed";
    default:
      return undefined;
  }
}
