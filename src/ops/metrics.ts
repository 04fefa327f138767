import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { RequestEvent } from "../exchange/client.ts";
import type { Awaitable } from "../lib/awaitable.ts";
import type { EndpointClass } from "../swaps/exchange-port.ts";

/** Live figures the metrics read at scrape time (no bookkeeping on hot paths). */
interface MetricSources {
  budgetWaitMs(endpointClass: EndpointClass): number;
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
export class BotMetrics {
  readonly registry = new Registry();
  readonly updates: Counter<"type">;
  readonly updateDuration: Histogram<"type">;
  readonly upstreamRequests: Counter<"class" | "endpoint" | "status">;
  readonly upstream429: Counter<"class">;
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
      help: "Requests to the exchange, by endpoint class, endpoint and HTTP status (or timeout/network)",
      labelNames: ["class", "endpoint", "status"],
      registers,
    });
    this.upstream429 = new Counter({
      name: "exchange_429_total",
      help: "429 answers received from the exchange despite the client-side budget",
      labelNames: ["class"],
      registers,
    });
    this.telegramFailures = new Counter({
      name: "telegram_send_failures_total",
      help: "Bot API calls that failed, by method and error code",
      labelNames: ["method", "code"],
      registers,
    });
  }

  recordRequest(event: RequestEvent): void {
    this.upstreamRequests.inc({
      class: event.endpointClass,
      endpoint: event.endpoint,
      status: String(event.status),
    });
    if (event.status === 429) this.upstream429.inc({ class: event.endpointClass });
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
    help: "Time requests spent waiting for client-side budget, by endpoint class",
    labelNames: ["class"],
    registers,
    collect() {
      for (const c of ["public", "create", "read"] as const) {
        this.set({ class: c }, sources.budgetWaitMs(c) / 1000);
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
