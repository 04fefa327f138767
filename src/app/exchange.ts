import type { Config } from "../config.ts";
import { ExchangeClient } from "../exchange/client.ts";
import { dialectNamed } from "../exchange/dialects/index.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { BudgetLedger } from "../lib/shared-budget.ts";
import type { ExchangeMonitor } from "../ops/exchange-monitor.ts";
import type { BotMetrics } from "../ops/metrics.ts";
import type { Sandbox, SandboxControl } from "../sandbox/index.ts";
import { exchangeIdOf, SANDBOX_EXCHANGE } from "../swaps/swap.ts";
import type { Lifecycle } from "./lifecycle.ts";

export interface ExchangeTarget {
  url: string;
  apiKey: string;
  sandbox: boolean;
  /** What swaps record as the exchange they were created on (see `exchangeIdOf`). */
  exchangeId: string;
  /** The embedded sandbox's control (`npm run try` holds and releases swaps with it); none: a real exchange. */
  sandboxControl?: SandboxControl;
}

/**
 * The configured exchange, or the embedded sandbox (started as a part) when none is: only then is
 * its code loaded (docs/design.md §2, "What a process loads").
 */
export async function startExchange(
  config: Config,
  logger: Logger,
  life: Lifecycle,
): Promise<ExchangeTarget> {
  if (config.exchange) {
    return {
      ...config.exchange,
      sandbox: false,
      exchangeId: exchangeIdOf({ ...config.exchange, sandbox: false }),
    };
  }
  const { startSandbox } = await import("../sandbox/index.ts");
  let sandbox: Sandbox | undefined;
  await life.start({
    name: "sandbox exchange",
    start: async () => {
      sandbox = await startSandbox({ dialect: config.exchangeDialect });
    },
    stop: () => sandbox?.close(),
  });
  logger.warn(
    { exchangeUrl: sandbox!.url },
    "EXCHANGE_API_URL is not set: running on the embedded SANDBOX exchange; swaps are simulated, do not send real funds",
  );
  return {
    url: sandbox!.url,
    apiKey: sandbox!.apiKey,
    sandbox: true,
    exchangeId: SANDBOX_EXCHANGE,
    sandboxControl: sandbox!.control,
  };
}

/** The client every part calls the exchange through; each request counted and logged. */
export function exchangeClient(
  config: Config,
  logger: Logger,
  target: ExchangeTarget,
  seen: {
    monitor: ExchangeMonitor;
    /** None: /metrics is not served, so nothing is counted. */
    metrics: BotMetrics | undefined;
    /** Where several instances count their budgets together; none: this instance alone. */
    ledger: BudgetLedger | undefined;
    /** The budgets' clock. */
    clock: Clock;
  },
): ExchangeClient {
  const { monitor, metrics, ledger, clock } = seen;
  return new ExchangeClient({
    baseUrl: target.url,
    apiKey: target.apiKey,
    dialect: dialectNamed(config.exchangeDialect, {
      ...(config.exchangeAffiliateId ? { affiliateId: config.exchangeAffiliateId } : {}),
    }),
    limits: config.limits,
    timeoutMs: config.exchangeTimeoutMs,
    clock,
    ...(ledger ? { ledger } : {}),
    onRequest: (event) => {
      monitor.record(event, clock.now());
      metrics?.recordRequest(event);
      if (typeof event.status !== "number" || event.status >= 400) {
        logger.warn(event, "exchange request failed");
      } else logger.debug(event, "exchange request");
    },
  });
}
