import type { Config, ExchangeSettings } from "../config.ts";
import { ExchangeClient } from "../exchange/client.ts";
import { dialectNamed } from "../exchange/dialects/index.ts";
import { trackingLinkOf } from "../exchange/known-exchanges.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { BudgetLedger } from "../lib/shared-budget.ts";
import { ExchangeMonitor } from "../ops/exchange-monitor.ts";
import type { BotMetrics } from "../ops/metrics.ts";
import type { Sandbox, SandboxControl } from "../sandbox/index.ts";
import type { OfferedExchange } from "../swaps/exchange-set.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** Where one configured exchange is reached: its URL, or the embedded sandbox started for it. */
export interface ExchangeTarget {
  settings: ExchangeSettings;
  url: string;
  apiKey: string;
  sandbox: boolean;
  /** The embedded sandbox's control (`npm run try` holds and takes it down with it); none: a real exchange. */
  sandboxControl?: SandboxControl;
}

/**
 * Every configured exchange, an embedded sandbox (started as a part) for each that names no URL:
 * only then is the sandbox's code loaded (docs/design.md §2, "What a process loads").
 */
export async function startExchanges(
  config: Config,
  logger: Logger,
  life: Lifecycle,
): Promise<ExchangeTarget[]> {
  const targets: ExchangeTarget[] = [];
  for (const settings of config.exchanges) {
    if (settings.url !== undefined && settings.apiKey !== undefined) {
      targets.push({ settings, url: settings.url, apiKey: settings.apiKey, sandbox: false });
      continue;
    }
    const { startSandbox } = await import("../sandbox/index.ts");
    let sandbox: Sandbox | undefined;
    await life.start({
      name: `sandbox exchange ${settings.name}`,
      start: async () => {
        sandbox = await startSandbox({ dialect: settings.dialect });
      },
      stop: () => sandbox?.close(),
    });
    logger.warn(
      { exchange: settings.name, exchangeUrl: sandbox!.url },
      "no exchange URL: running on an embedded SANDBOX exchange; swaps are simulated, do not send real funds",
    );
    targets.push({
      settings,
      url: sandbox!.url,
      apiKey: sandbox!.apiKey,
      sandbox: true,
      sandboxControl: sandbox!.control,
    });
  }
  return targets;
}

/** One exchange as the app runs it: its client (budgets, deadlines) and its monitor. */
export interface RunningExchange extends OfferedExchange {
  target: ExchangeTarget;
  client: ExchangeClient;
  monitor: ExchangeMonitor;
}

/**
 * A client per exchange, each with its own budgets, counted with every instance's on PostgreSQL
 * (the first exchange under the budget names it always had, so a release beside the one before it
 * counts the same slots), its monitor, and every request counted and logged with its exchange.
 */
export function runExchanges(
  config: Config,
  logger: Logger,
  targets: readonly ExchangeTarget[],
  seen: {
    /** None: /metrics is not served, so nothing is counted. */
    metrics: BotMetrics | undefined;
    /** Where several instances count their budgets together; none: this instance alone. */
    ledger: BudgetLedger | undefined;
    /** The budgets' clock. */
    clock: Clock;
  },
): RunningExchange[] {
  const { metrics, ledger, clock } = seen;
  return targets.map((target, i): RunningExchange => {
    const { settings } = target;
    const monitor = new ExchangeMonitor();
    const log = logger.child({ exchange: settings.name });
    const client = new ExchangeClient({
      baseUrl: target.url,
      apiKey: target.apiKey,
      dialect: dialectNamed(settings.dialect, {
        ...(settings.affiliateId ? { affiliateId: settings.affiliateId } : {}),
      }),
      limits: settings.limits,
      timeoutMs: config.exchangeTimeoutMs,
      clock,
      ...(ledger ? { ledger: i === 0 ? ledger : namedLedger(ledger, settings.name) } : {}),
      onRequest: (event) => {
        monitor.record(event, clock.now());
        metrics?.recordRequest(settings.name, event);
        if (typeof event.status !== "number" || event.status >= 400) {
          log.warn(event, "exchange request failed");
        } else log.debug(event, "exchange request");
      },
    });
    return {
      id: settings.id,
      label: settings.label,
      port: client,
      kyc: settings.kyc,
      trackingLink: (orderId) => (target.sandbox ? null : trackingLinkOf(settings.name, orderId)),
      // Its swaps recorded under the single-exchange settings' id (the URL's origin) stay its own.
      aliases: target.sandbox
        ? []
        : [new URL(target.url).origin].filter((origin) => origin !== settings.id),
      target,
      client,
      monitor,
    };
  });
}

/**
 * The name an exchange's id is counted under (metrics, /stats): the configured exchange's name; a
 * swap recorded before exchanges were (no id) belongs to the first; an id no longer configured is
 * its own name.
 */
export function nameOfExchange(running: readonly RunningExchange[], id: string): string {
  if (id === "") return running[0]!.target.settings.name;
  return running.find((exchange) => exchange.id === id)?.target.settings.name ?? id;
}

/** One exchange's slots in the shared ledger, apart from another's. */
function namedLedger(ledger: BudgetLedger, name: string): BudgetLedger {
  return {
    take: (endpointClass, limit, windowMs, userLimit) =>
      ledger.take(`${name}/${endpointClass}`, limit, windowMs, userLimit),
    release: (slot) => ledger.release(slot),
  };
}
