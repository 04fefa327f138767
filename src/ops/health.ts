import type { Awaitable } from "../lib/awaitable.ts";
import { type Clock, realClock } from "../lib/clock.ts";
import { PeriodicLoop } from "../lib/periodic-loop.ts";
import type { ExchangeMonitor } from "./exchange-monitor.ts";
import type { HealthCheck } from "./ops-server.ts";

/** One exchange as /healthz sees it: how the operator's messages name it, and its last answers. */
export interface WatchedExchange {
  label: string;
  monitor: ExchangeMonitor;
}

/**
 * What /healthz checks, from what the bot already knows: a read-only look at the database, each
 * exchange's last answers (its monitor), the catalog's last load and the tracker's last cycle.
 * A probe asks the exchanges nothing and writes nothing, so a monitor polling it every second
 * spends none of the request budget the users share.
 *
 * An exchange down (or refusing the key) while another answers leaves the bot quoting and creating
 * at the others: the bot is degraded (200, the exchange named), not unhealthy. With none
 * answering, nothing can be quoted or created: unhealthy (503), each named.
 */
export function createHealthCheck(options: {
  /** Rejects when the database cannot be used (see Storage.check). */
  checkDatabase: () => Awaitable<void>;
  exchanges: readonly WatchedExchange[];
  /** Coins in the catalog: none means no coin can be picked. */
  catalogSize: () => number;
  trackerLagMs: () => number;
  maxTrackerLagMs: number;
}): HealthCheck {
  /** Each exchange not answering, named; and whether every exchange is one. */
  const failing = () => {
    const named = options.exchanges.flatMap(({ label, monitor }) => {
      if (monitor.unauthorized) return [`${label}: exchange rejects the API key (401)`];
      if (monitor.failingSince > 0) {
        return [
          `${label}: exchange unreachable since ${new Date(monitor.failingSince).toISOString()}`,
        ];
      }
      return [];
    });
    return { named, all: named.length === options.exchanges.length };
  };
  return {
    async problems() {
      const problems: string[] = [];
      try {
        await options.checkDatabase();
      } catch (error) {
        problems.push(`database not usable: ${String(error)}`);
      }
      const exchanges = failing();
      if (exchanges.all) problems.push(...exchanges.named);
      if (options.catalogSize() === 0) problems.push("coin list not loaded");
      const lag = options.trackerLagMs();
      if (lag > options.maxTrackerLagMs) {
        problems.push(`status tracker lags ${Math.round(lag / 1000)} s behind`);
      }
      return problems;
    },
    async degraded() {
      const exchanges = failing();
      return exchanges.all ? [] : exchanges.named;
    },
  };
}

/**
 * Asks the exchange once in a while, but only while its last answer was a failure and nobody
 * else has asked since: then /healthz and the admins see it come back even when the bot is idle.
 * A healthy exchange costs nothing here; a failing one at most one request per `everyMs`. A
 * rejected key (401) is not an outage that passes: it waits for the operator (and for the next
 * request of a user or the tracker), and the admins are told. An exchange taken out of the offers
 * for its key (`out`) is asked with the key as often, and offered again once that succeeds.
 */
export class ExchangeRecoveryCheck {
  private readonly loop: PeriodicLoop;
  private probing = false;
  /** When the key of an exchange out of the offers was last asked (see `out`). */
  private keyAskedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly options: {
      monitor: ExchangeMonitor;
      /** The cheapest request there is; its outcome reaches the monitor like any other. */
      probe: () => Promise<unknown>;
      everyMs: number;
      /** The exchange's place in the offers, when its key was refused (ExchangeSet.takeOut). */
      out?: {
        isOut: () => boolean;
        /** A cheap request that needs the key: its success proves the key is accepted again. */
        probeKey: () => Promise<unknown>;
        bringBack: () => void;
      };
      clock?: Clock;
    },
  ) {
    const clock = options.clock ?? realClock;
    this.loop = new PeriodicLoop({
      clock,
      pass: async () => this.tick(clock.now()),
      delayAfter: () => options.everyMs,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Not awaited: a stop must not wait for a probe of an exchange that does not answer. */
  private tick(now: number): void {
    const { monitor, everyMs, out } = this.options;
    if (this.probing) return;
    let probe: Promise<unknown>;
    if (out?.isOut()) {
      // Other requests (the tracker's, public quotes) may keep coming meanwhile: they do not say
      // whether the key works again, so the key is asked once per period whatever they do.
      if (now - this.keyAskedAt < everyMs) return;
      this.keyAskedAt = now;
      probe = out.probeKey().then(() => out.bringBack());
    } else {
      const failing = monitor.failingSince > 0 && !monitor.unauthorized;
      if (!failing || now - monitor.lastRequestAt < everyMs) return;
      probe = this.options.probe();
    }
    this.probing = true;
    probe
      .catch(() => undefined)
      .finally(() => {
        this.probing = false;
      });
  }
}
