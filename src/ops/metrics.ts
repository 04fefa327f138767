import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { RequestEvent } from "../exchange/client.ts";
import type { Awaitable } from "../lib/awaitable.ts";
import type { EndpointClass } from "../swaps/exchange-port.ts";
import type { ActivityListener, CreateOutcome } from "./exchange-activity.ts";

/** One exchange's swaps as the tables hold them, all time (see the stats repository). */
interface ExchangeSwaps {
  /** The exchange's name (EXCHANGES), or the id a swap of one no longer configured records. */
  exchange: string;
  created: number;
  completed: number;
  /** Completed swaps' amounts sent, exact decimals, per coin. */
  volume: readonly { coin: string; amount: string }[];
}

/** Live figures the metrics read at scrape time (no bookkeeping on hot paths). */
interface MetricSources {
  /** Every exchange's name, in the operator's order. */
  exchanges: readonly string[];
  budgetWaitMs(exchange: string, endpointClass: EndpointClass): number;
  /** Counted in the database: may answer with a promise. */
  swapsByExchange(): Awaitable<readonly ExchangeSwaps[]>;
  /** Counted in the database: may answer with a promise. */
  openSwapsByStatus(): Awaitable<Record<string, number>>;
  trackerLagMs(): number;
  outboxDepth(): Awaitable<number>;
  /** The support desk's messages waiting to be sent (0 without a desk). */
  supportOutboxDepth(): Awaitable<number>;
}

/**
 * The bot's Prometheus counters, on a registry of its own (tests build several apps): built before
 * what counts into them (the exchange client, the bot), so they need nothing of those.
 */
export class BotMetrics implements ActivityListener {
  readonly registry = new Registry();
  readonly updates: Counter<"type">;
  readonly updateDuration: Histogram<"type">;
  readonly upstreamRequests: Counter<"class" | "endpoint" | "status" | "exchange">;
  readonly upstream429: Counter<"class" | "exchange">;
  readonly quotesWon: Counter<"exchange">;
  readonly creates: Counter<"exchange" | "outcome">;
  readonly telegramFailures: Counter<"method" | "code">;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.updates = new Counter({
      name: "bot_updates_total",
      help: "Telegram updates handled, by type",
      labelNames: ["type"],
      registers,
    });
    this.updateDuration = new Histogram({
      name: "bot_update_duration_seconds",
      help: "Time to handle one update, by type",
      labelNames: ["type"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.upstreamRequests = new Counter({
      name: "exchange_requests_total",
      help: "Requests to each exchange, by endpoint class, endpoint, HTTP status (or timeout/network) and exchange",
      labelNames: ["class", "endpoint", "status", "exchange"],
      registers,
    });
    this.upstream429 = new Counter({
      name: "exchange_429_total",
      help: "429 answers received from an exchange despite the client-side budget, by class and exchange",
      labelNames: ["class", "exchange"],
      registers,
    });
    this.quotesWon = new Counter({
      name: "exchange_quotes_won_total",
      help: "Offer lists served whose best offer was this exchange's",
      labelNames: ["exchange"],
      registers,
    });
    this.creates = new Counter({
      name: "exchange_creates_total",
      help: "Swap creates sent to an exchange, by outcome: created, suspect (created, disagreeing with the order), refused (no swap made), failed (nothing made: key refused, busy, unreachable), unknown (left to reconciliation)",
      labelNames: ["exchange", "outcome"],
      registers,
    });
    this.telegramFailures = new Counter({
      name: "telegram_send_failures_total",
      help: "Bot API calls that failed, by method and error code",
      labelNames: ["method", "code"],
      registers,
    });
  }

  /** A request `exchange` (its name) answered; `exchange` goes last, so series read as before. */
  recordRequest(exchange: string, event: RequestEvent): void {
    this.upstreamRequests.inc({
      class: event.endpointClass,
      endpoint: event.endpoint,
      status: String(event.status),
      exchange,
    });
    if (event.status === 429) this.upstream429.inc({ class: event.endpointClass, exchange });
  }

  quoteWon(exchange: string): void {
    this.quotesWon.inc({ exchange });
  }

  createEnded(exchange: string, outcome: CreateOutcome): void {
    this.creates.inc({ exchange, outcome });
  }
}

/**
 * What /metrics serves: the counters, and gauges read from `sources` at scrape time (no
 * bookkeeping on hot paths), built once everything they read exists.
 */
export function metricsRegistry(metrics: BotMetrics, sources: MetricSources): Registry {
  const gauges = new Registry();
  const registers = [gauges];
  new Gauge({
    name: "exchange_budget_wait_seconds_total",
    help: "Time requests spent waiting for client-side budget, by endpoint class and exchange",
    labelNames: ["class", "exchange"],
    registers,
    collect() {
      for (const exchange of sources.exchanges) {
        for (const c of ["public", "create", "read"] as const) {
          this.set({ class: c, exchange }, sources.budgetWaitMs(exchange, c) / 1000);
        }
      }
    },
  });
  // The tables' figures, read once per scrape for the three gauges that show them.
  let swapsRead: Promise<readonly ExchangeSwaps[]> | undefined;
  const swapsByExchange = () => {
    swapsRead ??= Promise.resolve(sources.swapsByExchange()).finally(() => {
      swapsRead = undefined;
    });
    return swapsRead;
  };
  new Gauge({
    name: "exchange_swaps_created",
    help: "Swaps stored as created at each exchange, all time (every instance counts the same rows)",
    labelNames: ["exchange"],
    registers,
    async collect() {
      this.reset();
      for (const each of await swapsByExchange())
        this.set({ exchange: each.exchange }, each.created);
    },
  });
  new Gauge({
    name: "exchange_swaps_completed",
    help: "Swaps completed (success) at each exchange, all time",
    labelNames: ["exchange"],
    registers,
    async collect() {
      this.reset();
      for (const each of await swapsByExchange()) {
        this.set({ exchange: each.exchange }, each.completed);
      }
    },
  });
  new Gauge({
    name: "exchange_volume_completed",
    help: "Amounts sent in completed swaps at each exchange, all time, per coin sent (a float: /stats has the exact sums)",
    labelNames: ["exchange", "coin"],
    registers,
    async collect() {
      this.reset();
      for (const each of await swapsByExchange()) {
        for (const { coin, amount } of each.volume) {
          this.set({ exchange: each.exchange, coin }, Number(amount));
        }
      }
    },
  });
  new Gauge({
    name: "swaps_open",
    help: "Swaps being tracked, by status",
    labelNames: ["status"],
    registers,
    async collect() {
      const byStatus = await sources.openSwapsByStatus();
      this.reset();
      for (const [status, count] of Object.entries(byStatus)) {
        this.set({ status }, count);
      }
    },
  });
  new Gauge({
    name: "tracker_lag_seconds",
    help: "Time since the status tracker last finished a cycle",
    registers,
    collect() {
      this.set(sources.trackerLagMs() / 1000);
    },
  });
  new Gauge({
    name: "outbox_depth",
    help: "Status notifications waiting to be sent",
    registers,
    async collect() {
      this.set(await sources.outboxDepth());
    },
  });
  new Gauge({
    name: "support_outbox_depth",
    help: "Support desk messages (tickets, answers) waiting to be sent",
    registers,
    async collect() {
      this.set(await sources.supportOutboxDepth());
    },
  });
  return Registry.merge([metrics.registry, gauges]);
}
