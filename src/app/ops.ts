import type { Config } from "../config.ts";
import { createHealthCheck } from "../ops/health.ts";
import { type BotMetrics, metricsRegistry } from "../ops/metrics.ts";
import { startOpsServer } from "../ops/ops-server.ts";
import type { Database } from "./database.ts";
import type { RunningExchange } from "./exchange.ts";
import { figuresByExchange } from "./exchange-figures.ts";
import type { Lifecycle } from "./lifecycle.ts";
import type { Swaps } from "./swaps.ts";
import type { Topology } from "./topology.ts";

/** /healthz and /metrics (the `metrics server` part), when METRICS_PORT is set. */
export async function startOps(
  config: Config,
  life: Lifecycle,
  deps: {
    db: Database;
    running: readonly RunningExchange[];
    swaps: Swaps;
    topology: Topology;
    metrics: BotMetrics;
    trackerLagMs: () => number;
  },
) {
  const port = config.metricsPort;
  if (port === undefined) return undefined;
  const { db, running, swaps, trackerLagMs } = deps;
  const byName = new Map(running.map((exchange) => [exchange.target.settings.name, exchange]));
  const registry = metricsRegistry(deps.metrics, {
    exchanges: [...byName.keys()],
    budgetWaitMs: (name, c) => byName.get(name)?.client.budgets[c].stats.waitedMs ?? 0,
    swapsByExchange: async () =>
      figuresByExchange(running, await db.swapsByExchange()).map(({ figures }) => figures),
    openSwapsByStatus: db.openSwapsByStatus,
    trackerLagMs,
    outboxDepth: db.outboxDepth,
    supportOutboxDepth: db.supportOutboxDepth,
  });
  const role = deps.topology.role;
  let server: Awaited<ReturnType<typeof startOpsServer>> | undefined;
  await life.start({
    name: "metrics server",
    start: async () => {
      server = await startOpsServer({
        port,
        host: config.metricsHost,
        metrics: registry,
        health: {
          ...createHealthCheck({
            checkDatabase: db.check,
            exchanges: running,
            catalogSize: () => swaps.catalog.size,
            trackerLagMs,
            maxTrackerLagMs: Math.max(config.statusPollIntervalMs * 5, 60_000),
          }),
          // With several instances: which one this is (SQLite has only one).
          ...(role ? { role } : {}),
        },
      });
    },
    stop: () => server?.close(),
  });
  return server;
}
