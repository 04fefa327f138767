import { createBot } from "./bot/bot.ts";
import { registerCommands } from "./bot/commands.ts";
import { translator } from "./bot/i18n.ts";
import { CoinCatalog } from "./catalog/catalog.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { conversationStorage } from "./db/repositories/conversations.ts";
import { createPrivacyRepository } from "./db/repositories/privacy.ts";
import { createStatsRepository } from "./db/repositories/stats.ts";
import { createRepositories, type Repositories } from "./db/repositories.ts";
import { ExchangeClient } from "./exchange/client.ts";
import type { Logger } from "./logger.ts";
import { AdminAlerts } from "./ops/admin-alerts.ts";
import { ExchangeMonitor } from "./ops/exchange-monitor.ts";
import { createHealthCheck } from "./ops/health.ts";
import { BotMetrics } from "./ops/metrics.ts";
import { startOpsServer } from "./ops/ops-server.ts";
import { QuoteService } from "./quotes/quote-service.ts";
import { type Sandbox, startSandbox } from "./sandbox/index.ts";
import { createChatSettings } from "./swaps/chat-settings.ts";
import { createStores } from "./swaps/stores.ts";
import { SwapReader } from "./swaps/swap-reader.ts";
import { SwapService } from "./swaps/swap-service.ts";
import { OutboxSender } from "./tracker/outbox-sender.ts";
import { Reconciler } from "./tracker/reconciler.ts";
import { StatusTracker } from "./tracker/status-tracker.ts";
import { startPolling } from "./transport/polling.ts";
import { startWebhook } from "./transport/webhook.ts";

/**
 * The stored state of a conversation is replayed against the current code: bump this whenever the
 * exchange flow's steps change, so half-finished old flows restart cleanly instead of replaying
 * wrongly.
 */
const CONVERSATION_VERSION = 3;

export interface App {
  /** True when the bot runs on its embedded sandbox exchange (no real funds). */
  sandbox: boolean;
  exchange: ExchangeClient;
  catalog: CoinCatalog;
  quotes: QuoteService;
  repos: Repositories;
  tracker: StatusTracker;
  outbox: OutboxSender;
  metrics: BotMetrics;
  monitor: ExchangeMonitor;
  /** Where /healthz and /metrics are served, when METRICS_PORT is set. */
  opsUrl: string | undefined;
  /** The webhook server's port, in webhook mode. */
  webhookPort: number | undefined;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Aborting it (a stop signal while starting) ends the start early, e.g. while Telegram cannot
   * be reached: startApp then resolves without starting the loops, and stop() closes the rest.
   */
  signal?: AbortSignal;
}

/**
 * Starts everything in order: the exchange (embedded sandbox when none is configured), the
 * database, the catalog, the bot, then the background loops. stop() undoes it in reverse, letting
 * in-flight updates finish.
 */
export async function startApp(
  config: Config,
  logger: Logger,
  options: StartOptions = {},
): Promise<App> {
  let sandbox: Sandbox | undefined;
  let exchangeTarget = config.exchange;
  if (!exchangeTarget) {
    sandbox = await startSandbox();
    exchangeTarget = { url: sandbox.url, apiKey: sandbox.apiKey };
    logger.warn(
      { exchangeUrl: sandbox.url },
      "EXCHANGE_API_URL is not set: running on the embedded SANDBOX exchange; swaps are simulated, do not send real funds",
    );
  }

  const database = openDatabase(config.databasePath);
  const repos = createRepositories(database.db);
  const chatSettings = createChatSettings(repos.chats);
  const stores = createStores(repos, chatSettings);
  const statsQueries = createStatsRepository(database.db);
  const privacy = createPrivacyRepository(database.db);

  const monitor = new ExchangeMonitor();
  let metrics: BotMetrics | undefined;
  const exchange = new ExchangeClient({
    baseUrl: exchangeTarget.url,
    apiKey: exchangeTarget.apiKey,
    limits: config.limits,
    timeoutMs: config.exchangeTimeoutMs,
    onRequest: (event) => {
      monitor.record(event);
      metrics?.recordRequest(event);
      if (typeof event.status !== "number" || event.status >= 400) {
        logger.warn(event, "exchange request failed");
      } else logger.debug(event, "exchange request");
    },
  });
  const catalog = new CoinCatalog({
    exchange,
    logger,
    refreshIntervalMs: config.catalogRefreshMs,
    store: { load: () => repos.coins.all(), save: (coins) => repos.coins.replaceAll(coins) },
  });
  await catalog.start();
  const quotes = new QuoteService({
    exchange,
    cacheMs: config.quoteCacheMs,
    fixedTtlMs: config.fixedQuoteTtlMs,
    maxWaitMs: 3_000,
  });
  const swaps = new SwapService({ exchange, store: stores.swapStore, logger, sandbox: !!sandbox });
  const reader = new SwapReader({
    exchange,
    swaps: repos.transactions,
    logger,
    onChange: () => outbox.wake(),
  });

  let tracker: StatusTracker | undefined;
  const trackerLagMs = () => (tracker?.lastCycleAt ? Date.now() - tracker.lastCycleAt : 0);
  metrics = new BotMetrics(() => ({
    budgetWaitMs: (c) => exchange.budgets[c].stats.waitedMs,
    openSwapsByStatus: () => repos.transactions.openByStatus(),
    trackerLagMs,
    outboxDepth: () => repos.notifications.pendingCount(),
  }));
  const { bot, i18n } = createBot(
    {
      token: config.botToken,
      apiRoot: config.telegramApiRoot,
      metrics,
      adminChatIds: config.adminChatIds,
    },
    {
      logger,
      catalog,
      quotes,
      swaps,
      reader,
      setStatusCard: (id, messageId) => {
        repos.transactions.setCardMessage(id, messageId);
      },
      chatLanguage: (chatId) => chatSettings.language(chatId),
      setChatLanguage: (chatId, chatType, language) =>
        chatSettings.setLanguage(chatId, chatType, language),
      touchChat: (chatId, chatType) => chatSettings.touch(chatId, chatType),
      forgetPreview: (chatId) => privacy.preview(chatId),
      forgetChat: (chatId) => {
        chatSettings.forget(chatId);
        return privacy.forgetChat(chatId);
      },
      stats: () => ({
        swapsByStatus: statsQueries.swapsByStatus(),
        volumeByPair: statsQueries.volumeByPair(),
        activeUsers: statsQueries.activeChats(),
        exchangeErrors: monitor.errorRate(60),
      }),
      conversationStorage: conversationStorage(database.db, { version: CONVERSATION_VERSION }),
    },
  );

  const outbox = new OutboxSender({ api: bot.api, i18n, store: stores.outboxStore, logger });
  tracker = new StatusTracker({
    exchange,
    store: stores.trackerStore,
    logger,
    intervalMs: config.statusPollIntervalMs,
    onChange: () => outbox.wake(),
    onCycle: (stats) => logger.debug(stats, "tracker cycle"),
  });
  const reconciler = new Reconciler({
    exchange,
    store: stores.reconcileStore,
    api: bot.api,
    i18n,
    logger,
    sandbox: !!sandbox,
    intervalMs: Math.min(5_000, config.statusPollIntervalMs),
  });

  const alerts = new AdminAlerts({
    api: bot.api,
    translate: (chatId) => translator(i18n, chatSettings.language(chatId) ?? "en"),
    adminChatIds: config.adminChatIds,
    monitor,
    alertAfterMs: config.alertAfterMs,
    logger,
  });
  const ops =
    config.metricsPort === undefined
      ? undefined
      : await startOpsServer({
          port: config.metricsPort,
          metrics,
          health: createHealthCheck({
            writeProbe: () => repos.meta.set("healthz", String(Date.now())),
            monitor,
            probeExchange: () =>
              exchange.listCurrencies({ page: 1, size: 1 }, { maxWaitMs: 2_000 }),
            trackerLagMs,
            hasOpenSwaps: () => repos.transactions.countOpen() > 0,
            maxTrackerLagMs: Math.max(config.statusPollIntervalMs * 5, 60_000),
          }),
        });

  let stopping = options.signal?.aborted ?? false;
  options.signal?.addEventListener("abort", () => {
    stopping = true;
  });
  let transport: { stop(): Promise<void> } | undefined;
  let webhookPort: number | undefined;
  await initTelegram();
  if (!stopping) {
    await registerCommands(bot.api, i18n).catch((error: unknown) => {
      logger.warn({ err: error }, "setMyCommands failed");
    });
    if (config.webhook) {
      const webhook = await startWebhook(bot, config.webhook, logger);
      webhookPort = webhook.port;
      transport = webhook;
    } else {
      transport = startPolling(bot, logger);
    }
    tracker.start();
    outbox.start();
    reconciler.start();
    alerts.start();
    logger.info(
      {
        bot: bot.botInfo.username,
        sandbox: !!sandbox,
        mode: config.webhook ? "webhook" : "long polling",
      },
      "bot started",
    );
  }

  /** getMe until it works: Telegram may be briefly unreachable at boot. */
  async function initTelegram(): Promise<void> {
    const apiRoot = config.telegramApiRoot;
    logger.info({ apiRoot }, "connecting to Telegram");
    // An unreachable host can leave getMe hanging for minutes: say what we are waiting for.
    const waiting = setInterval(() => {
      logger.warn({ apiRoot }, "still waiting for Telegram to answer getMe");
    }, 15_000);
    waiting.unref();
    try {
      for (let delay = 500; !stopping; delay = Math.min(delay * 2, 30_000)) {
        try {
          // grammY's init takes a polyfill's AbortSignal type; racing the stop is simpler.
          const init = bot.init();
          init.catch(() => undefined);
          await Promise.race([init, whenAborted(options.signal)]);
          return;
        } catch (error) {
          if (stopping) return;
          logger.error(
            { err: error, apiRoot, retryInMs: delay },
            "cannot reach Telegram (getMe failed)",
          );
          await sleep(delay, options.signal);
        }
      }
    } finally {
      clearInterval(waiting);
    }
  }

  return {
    sandbox: !!sandbox,
    exchange,
    catalog,
    quotes,
    repos,
    tracker,
    outbox,
    metrics,
    monitor,
    opsUrl: ops?.url,
    webhookPort,
    async stop() {
      stopping = true;
      // In-flight updates finish first; then the loops; the database closes last.
      await transport?.stop();
      alerts.stop();
      await Promise.all([tracker.stop(), reconciler.stop(), outbox.stop()]);
      catalog.stop();
      await ops?.close();
      database.close();
      await sandbox?.close();
      logger.info("bot stopped");
    },
  };
}

/** Resolves after `ms`, or at once when the signal aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref();
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}

/** Resolves when the signal aborts; never without one. */
function whenAborted(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener("abort", () => resolve(), { once: true });
  });
}
