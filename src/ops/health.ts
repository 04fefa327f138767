import type { Awaitable } from "../swaps/ports.ts";
import type { ExchangeMonitor } from "./exchange-monitor.ts";
import type { HealthCheck } from "./ops-server.ts";

/** The exchange counts as reachable when it answered within this long. */
const RECENT_MS = 60_000;

/**
 * What /healthz checks: the database takes a write, the exchange answered recently (asked
 * directly when the bot has been quiet), and the tracker is not lagging behind.
 */
export function createHealthCheck(options: {
  writeProbe: () => Awaitable<void>;
  monitor: ExchangeMonitor;
  probeExchange: () => Promise<unknown>;
  trackerLagMs: () => number;
  hasOpenSwaps: () => Awaitable<boolean>;
  maxTrackerLagMs: number;
}): HealthCheck {
  return {
    async problems() {
      const problems: string[] = [];
      try {
        await options.writeProbe();
      } catch (error) {
        problems.push(`database not writable: ${String(error)}`);
      }
      const { monitor } = options;
      const now = Date.now();
      if (now - monitor.lastRequestAt > RECENT_MS / 2) {
        // Nobody asked the exchange lately: ask it now (errors are recorded by the monitor).
        await options.probeExchange().catch(() => undefined);
      }
      if (monitor.unauthorized) problems.push("exchange rejects the API key (401)");
      else if (monitor.failingSince > 0) {
        problems.push(`exchange unreachable since ${new Date(monitor.failingSince).toISOString()}`);
      } else if (Date.now() - monitor.lastSuccessAt > RECENT_MS) {
        problems.push("exchange has not answered recently");
      }
      const lag = options.trackerLagMs();
      if (lag > options.maxTrackerLagMs && (await hasOpenSwaps(options.hasOpenSwaps))) {
        problems.push(`status tracker lags ${Math.round(lag / 1000)} s behind`);
      }
      return problems;
    },
  };
}

/** A database that cannot count is already reported as not writable: no second reason. */
async function hasOpenSwaps(count: () => Awaitable<boolean>): Promise<boolean> {
  try {
    return await count();
  } catch {
    return false;
  }
}
