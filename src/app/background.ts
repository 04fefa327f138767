import type { Telegram } from "../bot/bot.ts";
import { translator } from "../bot/i18n.ts";
import { Notifier } from "../bot/outbox/notifier.ts";
import { SupportSender } from "../bot/outbox/support-delivery.ts";
import type { Config } from "../config.ts";
import type { ExplorerTable } from "../frontends/explorers.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { AdminAlerts } from "../ops/admin-alerts.ts";
import { ExchangeRecoveryCheck } from "../ops/health.ts";
import type { ExchangeSet } from "../swaps/exchange-set.ts";
import type { Intent } from "../swaps/intent.ts";
import type { SuspectReport } from "../swaps/swap-service.ts";
import { longestPostMs } from "../swaps/swap-service.ts";
import { Reconciler, SAFE_WINDOW_MARGIN_MS } from "../tracker/reconciler.ts";
import { StatusTracker } from "../tracker/status-tracker.ts";
import type { Database } from "./database.ts";
import type { RunningExchange } from "./exchange.ts";
import type { Part } from "./lifecycle.ts";
import type { Topology } from "./topology.ts";

/**
 * What runs in the background, on the leader only: the outbox's notifier, and for each exchange its
 * status tracker, reconciler, admin alerts and recovery check (one exchange down delays only its
 * own swaps). Built, not started: `parts` start them in this order.
 */
export function buildBackground(
  config: Config,
  logger: Logger,
  deps: {
    exchanges: readonly RunningExchange[];
    /**
     * The exchanges offered: pushes, cards and tickets name each swap's; one out for a refused key
     * is named in its alerts, and its recovery check offers it again once its key works.
     */
    offered: ExchangeSet;
    db: Database;
    topology: Topology;
    telegram: Telegram;
    explorers: ExplorerTable;
    clock: Clock;
    /** Whether this process's swap service is creating the intent's swap now. */
    creating: (intent: Pick<Intent, "key" | "createdAt">) => boolean;
  },
) {
  const { db, topology, telegram, clock } = deps;
  const { chatSettings } = db;
  const { leaderOnly, fence } = topology;
  const notifier = new Notifier({
    api: telegram.bot.api,
    i18n: telegram.i18n,
    store: leaderOnly(db.ports.outboxStore),
    logger,
    fence,
    explorers: deps.explorers,
    exchanges: deps.offered,
    webAppUrl: config.webApp?.url,
    supportButton: config.supportChatId !== undefined || config.supportContact !== undefined,
    clock,
  });
  const wakeNotifier = () => notifier.wake();
  // The support desk's outbox, sent by the leader like the notifier's (with SUPPORT_CHAT_ID).
  const supportDesk =
    config.supportChatId === undefined
      ? undefined
      : new SupportSender({
          api: telegram.bot.api,
          i18n: telegram.i18n,
          store: leaderOnly(db.ports.supportOutboxStore),
          supportChatId: config.supportChatId,
          chatLanguage: (chatId) => chatSettings.language(chatId),
          logger,
          fence,
          explorers: deps.explorers,
          exchanges: deps.offered,
          clock,
        });
  // An alert goes out in English rather than not at all when the database cannot say.
  const translate = async (chatId: number) =>
    translator(
      telegram.i18n,
      (await Promise.resolve(chatSettings.language(chatId)).catch(() => undefined)) ?? "en",
    );
  if (config.reconcileGiveUpMs < SAFE_WINDOW_MARGIN_MS) {
    logger.warn(
      { RECONCILE_GIVE_UP_MS: config.reconcileGiveUpMs, safeMs: SAFE_WINDOW_MARGIN_MS },
      `RECONCILE_GIVE_UP_MS is below ${SAFE_WINDOW_MARGIN_MS} ms: a list that lags longer may hide a lost create, and a second Confirm then makes a second swap`,
    );
  }
  const primary = deps.exchanges[0]!;
  // An exchange's open swaps: those recorded under its id, and under the ids it had before.
  const openOf = (exchange: RunningExchange) =>
    exchange.aliases?.length
      ? {
          listOpen: async () =>
            (
              await Promise.all(
                [exchange.id, ...(exchange.aliases ?? [])].map((id) =>
                  db.ports.trackerStore.listOpen(id),
                ),
              )
            ).flat(),
        }
      : {};
  const each = deps.exchanges.map((exchange, i) => {
    const { client, monitor } = exchange;
    const exchangeId = exchange.id;
    // Each exchange caps its own list's pages: the first keeps the cap it always had.
    const { meta } = db.repos;
    const pageCap =
      i === 0
        ? {}
        : {
            loadPageCap: () => meta.loadPageCap(exchangeId),
            savePageCap: (cap: number) => meta.savePageCap(cap, exchangeId),
          };
    const log = logger.child({ exchange: exchange.target.settings.name });
    const alerts = new AdminAlerts({
      api: telegram.bot.api,
      translate,
      adminChatIds: config.adminChatIds,
      monitor,
      exchange: exchange.label,
      keySetting: keySettingOf(exchange),
      takenOut: () => ({
        now: deps.offered.whyOut(exchangeId) !== undefined,
        times: deps.offered.timesOut(exchangeId),
      }),
      alertAfterMs: config.alertAfterMs,
      logger: log,
      fence,
      clock,
    });
    const tracker = new StatusTracker({
      exchange: client,
      exchangeId,
      store: leaderOnly({ ...db.ports.trackerStore, ...pageCap, ...openOf(exchange) }),
      logger: log,
      intervalMs: config.statusPollIntervalMs,
      stuckAfterMs: config.stuckAfterMs,
      onChange: wakeNotifier,
      onPass: (stats) => log.debug(stats, "tracker cycle"),
      clock,
    });
    const reconciler = new Reconciler({
      exchange: client,
      store: leaderOnly({ ...db.ports.reconcileStore, ...pageCap }),
      logger: log,
      exchangeId,
      intervalMs: Math.min(5_000, config.statusPollIntervalMs),
      // A pending intent older than the longest POST (budget wait, deadline, a margin) lost its POST.
      pendingAfterMs: longestPostMs(config.exchangeTimeoutMs) + 15_000,
      postWithinMs: longestPostMs(config.exchangeTimeoutMs),
      // SQLite: one process; a pending intent from before it took the database lost its POST.
      soleSince: db.soleSince,
      creating: deps.creating,
      windowMarginMs: config.reconcileGiveUpMs,
      onOutbox: wakeNotifier,
      onSuspect: (report) => alerts.reportSuspect(report),
      clock,
    });
    // /healthz only reads what the bot knows: after an outage something must ask the exchange
    // again, even when no user does (the leader's work: standbys make no background reads).
    const recovery = new ExchangeRecoveryCheck({
      monitor,
      // A former leader makes no background reads either.
      probe: async () => {
        await fence?.();
        return client.listCurrencies({ page: 1, size: 1 }, { maxWaitMs: 2_000 });
      },
      everyMs: Math.min(Math.max(config.statusPollIntervalMs * 2, 1_000), 30_000),
      out: {
        isOut: () => deps.offered.whyOut(exchangeId) !== undefined,
        // The list needs the key in every dialect: one row of it proves the key works again.
        probeKey: async () => {
          await fence?.();
          return client.listTransactions(
            { page: 1, size: 1 },
            { maxWaitMs: 2_000, background: true },
          );
        },
        bringBack: () => {
          if (deps.offered.bringBack(exchangeId))
            log.info("exchange accepts the API key again: offered again");
        },
      },
      clock,
    });
    const named = (part: string) =>
      deps.exchanges.length > 1 ? `${part} (${exchange.label})` : part;
    return {
      exchange,
      alerts,
      tracker,
      reconciler,
      loops: [
        [named("status tracker"), tracker],
        [named("reconciler"), reconciler],
        [named("admin alerts"), alerts],
        [named("exchange recovery check"), recovery],
      ] as const,
    };
  });
  const alertsOf = (id: string) =>
    (each.find((part) => part.exchange.id === id) ?? each[0]!).alerts;
  const reconcilerOf = (id: string) =>
    (each.find((part) => part.exchange.id === id) ?? each[0]!).reconciler;
  const loops: (readonly [
    string,
    { start(): void | Promise<void>; stop(): void | Promise<void> },
  ])[] = [
    ["notifier", notifier],
    ...each.flatMap((part) => part.loops),
    ...(supportDesk ? [["support desk", supportDesk] as const] : []),
  ];
  return {
    wakeNotifier,
    /** Something was queued for the support desk (no-op without one). */
    wakeSupport: () => supportDesk?.wake(),
    reportSuspect: (report: SuspectReport) =>
      alertsOf(report.exchange ?? primary.id).reportSuspect(report),
    /** A POST of this process ended without its outcome stored: its exchange's reconciler looks at once. */
    postEnded: (intent: Pick<Intent, "key" | "createdAt" | "exchange">) =>
      reconcilerOf(intent.exchange).postEnded(intent),
    /** The longest any exchange's tracker has not passed. */
    trackerLagMs: () =>
      Math.max(
        ...each.map(({ tracker }) => (tracker.lastPassAt ? clock.now() - tracker.lastPassAt : 0)),
      ),
    parts: loops.map(
      ([name, loop]): Part => ({ name, start: () => loop.start(), stop: () => loop.stop() }),
    ),
  };
}

/**
 * The setting that holds an exchange's API key: EXCHANGE_<NAME>_API_KEY for an EXCHANGES entry
 * (recorded by its name), else the single exchange's EXCHANGE_API_KEY.
 */
function keySettingOf({ id, target }: RunningExchange): string {
  const { name } = target.settings;
  return id === name ? `EXCHANGE_${name.toUpperCase()}_API_KEY` : "EXCHANGE_API_KEY";
}
