import { createBot } from "./bot/bot.ts";
import { registerCommands } from "./bot/commands.ts";
import { translator } from "./bot/i18n.ts";
import { Notifier } from "./bot/notifier.ts";
import { depositText } from "./bot/shared/deposit-message.ts";
import { explorerTable } from "./bot/shared/explorer-links.ts";
import { webAppKeyboard } from "./bot/shared/web-app-button.ts";
import { CoinCatalog } from "./catalog/catalog.ts";
import type { Config } from "./config.ts";
import type { AsyncRepositories } from "./db/repositories.ts";
import { openStorage, type Storage } from "./db/storage.ts";
import { ExchangeClient } from "./exchange/client.ts";
import type { Clock } from "./lib/clock.ts";
import { fenced } from "./lib/fenced.ts";
import type { Logger } from "./lib/logger.ts";
import { AdminAlerts } from "./ops/admin-alerts.ts";
import { ExchangeMonitor } from "./ops/exchange-monitor.ts";
import { createHealthCheck, ExchangeRecoveryCheck } from "./ops/health.ts";
import { Leadership, leaderLockKey } from "./ops/leadership.ts";
import { BotMetrics } from "./ops/metrics.ts";
import { startOpsServer } from "./ops/ops-server.ts";
import { QuoteService } from "./quotes/quote-service.ts";
import { type Sandbox, startSandbox } from "./sandbox/index.ts";
import { createChatSettings } from "./swaps/chat-settings.ts";
import { exchangeIdOf, SANDBOX_EXCHANGE } from "./swaps/swap.ts";
import { SwapReader } from "./swaps/swap-reader.ts";
import { SwapService } from "./swaps/swap-service.ts";
import { Reconciler } from "./tracker/reconciler.ts";
import { StatusTracker } from "./tracker/status-tracker.ts";
import { startPolling } from "./transport/polling.ts";
import { UpdateJournal } from "./transport/update-journal.ts";
import { startWebhook } from "./transport/webhook.ts";
import { startWebAppServer, type WebAppServer } from "./webapp/server/server.ts";
import { PageTexts } from "./webapp/server/texts.ts";

/**
 * The stored state of a conversation is replayed against the current code: bump this whenever the
 * exchange flow's steps change, so half-finished old flows restart cleanly instead of replaying
 * wrongly.
 */
const CONVERSATION_VERSION = 5;

/** Longest a POST /transactions waits for create budget (the swap service's own bound). */
const CREATE_BUDGET_WAIT_MS = 10_000;

/**
 * How long a stop waits for updates still being handled before it closes the database: within the
 * contract's 10 s, leaving time for the rest of the stop.
 */
const UPDATE_DRAIN_MS = 6_000;

/**
 * How often a standby tries the leader lock and the leader pings its lock session: a takeover
 * comes within this plus a start after the leader dies, and within LEADER_SILENT_MS more after it
 * freezes.
 */
const LEADER_TRY_MS = 2_000;
/** The server ends a lock session silent this long: a frozen leader's lock is free by then. */
const LEADER_SILENT_MS = 8_000;
/** How often a standby re-reads the coin list the leader stores. */
const CATALOG_FOLLOW_MS = 60_000;
/** A new leader's wait after a 409 (its predecessor's last getUpdates still held by Telegram). */
const TAKEOVER_CONFLICT_RETRY_MS = 3_000;

export interface App {
  /** True when the bot runs on its embedded sandbox exchange (no real funds). */
  sandbox: boolean;
  /** The exchange new swaps record (`sandbox`, or EXCHANGE_API_URL's origin); only its are followed. */
  exchangeId: string;
  catalog: CoinCatalog;
  quotes: QuoteService;
  /** Where the state lives: SQLite, or PostgreSQL with DATABASE_URL. */
  storage: Storage;
  /** Every repository, answering with promises on either store. */
  repos: AsyncRepositories;
  /** Where /healthz and /metrics are served, when METRICS_PORT is set. */
  opsUrl: string | undefined;
  /** The webhook server's port, in webhook mode. */
  webhookPort: number | undefined;
  /** Where the Mini App is served, when WEBAPP_URL is set. */
  webAppUrl: string | undefined;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Aborting it (a stop signal while starting) ends the start early, e.g. while Telegram cannot
   * be reached: startApp then resolves without starting the rest, and stop() closes what started.
   */
  signal?: AbortSignal;
  /**
   * Called when the bot cannot go on (polling refused for good; the leader lock's session not
   * kept: a transaction-mode pooler): the process exits non-zero.
   */
  onFatal?: (error: unknown) => void;
  /** How long an exchange flow waits for an answer before it expires (tests shorten it). */
  flowIdleMs?: number;
  /** The background loops' and budgets' clock (default: the real one); tests move it. */
  clock?: Clock;
}

/** A start-up step that failed: the process must exit non-zero with this one line. */
export class StartupError extends Error {
  override name = "StartupError";
}

/** One part of the running bot: started in order, stopped in reverse. */
interface Part {
  name: string;
  start(): void | Promise<void>;
  stop?(): void | Promise<void>;
}

/**
 * Starts the bot: the exchange (embedded sandbox when none is configured), the database, the
 * catalog, the ops server, Telegram, the background work, then the transport (polling or
 * webhook). stop() stops what started, in reverse: in-flight updates finish first and the database
 * closes after everything that writes to it. A part that fails to start stops the ones before it
 * and rejects with a StartupError naming it.
 */
export async function startApp(
  config: Config,
  logger: Logger,
  options: StartOptions = {},
): Promise<App> {
  const started: Part[] = [];
  const stop = async () => {
    for (const part of started.splice(0).reverse()) {
      try {
        await part.stop?.();
      } catch (error) {
        logger.error({ err: error, part: part.name }, "stopping failed");
      }
    }
  };
  const begin = async (part: Part) => {
    try {
      await part.start();
    } catch (error) {
      await stop();
      const reason = error instanceof Error ? error.message : String(error);
      throw new StartupError(`${part.name}: ${reason}`, { cause: error });
    }
    started.push(part);
  };
  const aborted = () => options.signal?.aborted ?? false;

  const exchangeTarget = await startExchange(config, logger, begin);
  let storage: Storage | undefined;
  await begin({
    name: "database",
    start: async () => {
      storage = await openStorage({
        databasePath: config.databasePath,
        databaseUrl: config.databaseUrl,
        onError: (error) => logger.warn({ err: error }, "database connection lost"),
      });
      logger.info({ store: storage.dialect }, "database ready");
      if (!exchangeTarget.sandbox) {
        const named = await storage.repos.transactions.claimUnnamed(exchangeTarget.exchangeId);
        if (named > 0) logger.info({ named, exchange: exchangeTarget.exchangeId }, "swaps named");
      }
    },
    stop: () => storage?.close(),
  });
  const shared = storage!.dialect === "postgres";
  // With PostgreSQL the instances elect a leader; the leader's work is fenced by its lead.
  let leadership: Leadership | undefined;
  if (storage!.dialect === "postgres") {
    const store = storage!;
    const url = config.databaseUrl!;
    // Imported here, as storage.ts does: an SQLite bot never loads the PostgreSQL driver.
    const { connectSession } = await import("./db/pg/client.ts");
    const { checkSessionKept } = await import("./db/pg/session-check.ts");
    await begin({
      name: "database session check",
      start: async () => {
        const session = await connectSession(url);
        try {
          await checkSessionKept(session, () => store.pg.pool.connect());
        } finally {
          await session.end().catch(() => undefined);
        }
      },
    });
    leadership = new Leadership({
      connect: () => connectSession(url),
      lockKey: leaderLockKey(config.botToken.split(":")[0] ?? ""),
      logger,
      tryEveryMs: LEADER_TRY_MS,
      silentSessionMs: LEADER_SILENT_MS,
      onLead: () => leaderWork.startAll(),
      onFollow: () => leaderWork.stopAll(),
      onFatal: (error) => options.onFatal?.(error),
      clock: options.clock,
    });
  }
  const lead = leadership;
  const fence = lead ? () => lead.fence() : undefined;
  const core = buildCore(
    config,
    logger,
    storage!,
    exchangeTarget,
    options.flowIdleMs,
    fence,
    options.clock,
  );
  const { catalog, repos } = core;
  let webhookPort: number | undefined;
  await begin({
    name: "coin catalog",
    // With several instances the leader fetches the list; the others read what it stored.
    start: () => (shared ? catalog.follow(CATALOG_FOLLOW_MS) : catalog.start()),
    stop: () => catalog.stop(),
  });
  const ops = await startOps(config, core, begin);
  const webApp = await startWebApp(config, logger, core, begin);

  const bot = core.bot;
  await begin({ name: "Telegram", start: () => connectTelegram(bot, config, logger, options) });
  if (aborted()) return app();
  await registerCommands(bot.api, core.i18n).catch((error: unknown) => {
    logger.warn({ err: error }, "setMyCommands failed");
  });
  if (config.webApp) {
    const url = new URL(config.webApp.url).toString();
    await bot.api
      .setChatMenuButton({
        menu_button: {
          type: "web_app",
          text: core.i18n.t("en", "webapp-menu-button"),
          web_app: { url },
        },
      })
      .catch((error: unknown) => logger.warn({ err: error }, "setChatMenuButton failed"));
  }

  // A transport's stop takes no more updates, then waits (bounded) for those in flight.
  const drain = async () => {
    if (await core.inFlight.drained(UPDATE_DRAIN_MS)) return;
    logger.warn({ updates: core.inFlight.size }, "updates still running at stop; stopping anyway");
  };
  if (config.webhook) {
    // Every instance serves the updates Telegram sends it.
    let webhook: Awaited<ReturnType<typeof startWebhook>> | undefined;
    await begin({
      name: "webhook",
      start: async () => {
        webhook = await startWebhook(bot, { ...config.webhook!, drain }, logger);
        webhookPort = webhook.port;
      },
      stop: () => webhook?.stop(),
    });
  }

  // The leader's work: polling Telegram and everything that runs in the background.
  const leaderWork = new Parts(logger);
  if (storage!.dialect === "postgres") {
    const store = storage!;
    leaderWork.add({
      name: "outbox takeover",
      start: async () => {
        const released = await store.takeOverOutbox();
        if (released > 0) logger.info({ released }, "took over the outbox rows of the last leader");
      },
    });
    leaderWork.add({
      name: "coin catalog refresh",
      start: () => catalog.start(),
      stop: () => catalog.follow(CATALOG_FOLLOW_MS),
    });
  }
  const loops = {
    notifier: core.notifier,
    "status tracker": core.tracker,
    reconciler: core.reconciler,
    "admin alerts": core.alerts,
    "exchange recovery check": core.recovery,
  };
  for (const [name, loop] of Object.entries(loops)) {
    leaderWork.add({ name, start: () => loop.start(), stop: () => loop.stop() });
  }
  if (!config.webhook) {
    let polling: ReturnType<typeof startPolling> | undefined;
    leaderWork.add({
      name: "long polling",
      start: () => {
        polling = startPolling(bot, logger, {
          // A leader that just took over may meet its predecessor's last getUpdates: retry soon.
          conflictRetryMs: shared
            ? Math.min(config.telegramConflictRetryMs, TAKEOVER_CONFLICT_RETRY_MS)
            : config.telegramConflictRetryMs,
          drain,
          onFatal: (error) => options.onFatal?.(error),
          journal: new UpdateJournal(storage!.repos.updates, logger),
          fence,
        });
      },
      stop: () => polling?.stop(),
    });
  } else {
    // Updates a polling run took and did not finish, before the switch to a webhook.
    leaderWork.add({
      name: "unfinished polled updates",
      start: async () => {
        await new UpdateJournal(storage!.repos.updates, logger).replayLeft(bot);
      },
    });
  }
  if (lead) {
    core.role.current = () => (lead.isLeader ? "leader" : "standby");
    await begin({
      name: "leadership",
      start: () => lead.start(),
      stop: () => lead.stop(),
    });
    logger.info(
      { bot: bot.botInfo.username, sandbox: exchangeTarget.sandbox, store: "postgres" },
      "bot started: standby until it holds the leader lock",
    );
  } else {
    await begin({
      name: "background work",
      start: () => leaderWork.startAll(),
      stop: () => leaderWork.stopAll(),
    });
    logger.info(
      {
        bot: bot.botInfo.username,
        sandbox: exchangeTarget.sandbox,
        mode: config.webhook ? "webhook" : "long polling",
      },
      "bot started",
    );
  }
  return app();

  function app(): App {
    return {
      sandbox: exchangeTarget.sandbox,
      exchangeId: exchangeTarget.exchangeId,
      catalog,
      quotes: core.quotes,
      storage: storage!,
      repos,
      opsUrl: ops?.url,
      webhookPort,
      webAppUrl: webApp?.url,
      async stop() {
        await stop();
        logger.info("bot stopped");
      },
    };
  }
}

/**
 * Parts started together and stopped together in reverse (the leader's work, which starts and
 * stops with leadership). A part that fails to start stops the ones before it and rethrows.
 */
class Parts {
  private readonly parts: Part[] = [];
  private running: Part[] = [];

  constructor(private readonly logger: Logger) {}

  add(part: Part): void {
    this.parts.push(part);
  }

  async startAll(): Promise<void> {
    for (const part of this.parts) {
      try {
        await part.start();
      } catch (error) {
        await this.stopAll();
        throw error;
      }
      this.running.push(part);
    }
  }

  async stopAll(): Promise<void> {
    for (const part of this.running.splice(0).reverse()) {
      try {
        await part.stop?.();
      } catch (error) {
        this.logger.error({ err: error, part: part.name }, "stopping failed");
      }
    }
  }
}

interface ExchangeTarget {
  url: string;
  apiKey: string;
  sandbox: boolean;
  /** What swaps record as the exchange they were created on (see `exchangeIdOf`). */
  exchangeId: string;
}

/** The configured exchange, or the embedded sandbox when none is. */
async function startExchange(
  config: Config,
  logger: Logger,
  begin: (part: Part) => Promise<void>,
): Promise<ExchangeTarget> {
  if (config.exchange) {
    return {
      ...config.exchange,
      sandbox: false,
      exchangeId: exchangeIdOf({ ...config.exchange, sandbox: false }),
    };
  }
  let sandbox: Sandbox | undefined;
  await begin({
    name: "sandbox exchange",
    start: async () => {
      sandbox = await startSandbox();
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
  };
}

type Core = ReturnType<typeof buildCore>;

/** Everything that runs on the database and the exchange, wired together; nothing started yet. */
function buildCore(
  config: Config,
  logger: Logger,
  storage: Storage,
  exchangeTarget: ExchangeTarget,
  flowIdleMs: number | undefined,
  /** Rejects once this instance does not lead (several instances); awaited before leader work. */
  fence: (() => Promise<void>) | undefined,
  clock: Clock | undefined,
) {
  const { exchangeId } = exchangeTarget;
  const { repos } = storage;
  const chatSettings = createChatSettings(storage.chats);
  const ports = storage.ports(chatSettings);
  // The background work's stores refuse once the lead is lost: a former leader writes nothing.
  const leaderOnly = <T extends object>(store: T): T => (fence ? fenced(store, fence) : store);
  const stores = {
    ...ports,
    trackerStore: leaderOnly(ports.trackerStore),
    reconcileStore: leaderOnly(ports.reconcileStore),
    outboxStore: leaderOnly(ports.outboxStore),
  };
  const monitor = new ExchangeMonitor();
  const exchangeEvents: { metrics?: BotMetrics } = {};
  const exchange = new ExchangeClient({
    baseUrl: exchangeTarget.url,
    apiKey: exchangeTarget.apiKey,
    limits: config.limits,
    timeoutMs: config.exchangeTimeoutMs,
    clock,
    ...(storage.dialect === "postgres" ? { ledger: storage.ledger } : {}),
    onRequest: (event) => {
      monitor.record(event);
      exchangeEvents.metrics?.recordRequest(event);
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
  const quotes = new QuoteService({
    exchange,
    cacheMs: config.quoteCacheMs,
    fixedTtlMs: config.fixedQuoteTtlMs,
    maxWaitMs: 3_000,
    now: clock && (() => clock.now()),
  });

  // Late-bound: the alerts need the bot's Api, the bot needs the swap service.
  const suspects: { report?: AdminAlerts["reportSuspect"] } = {};
  const onSuspect = (report: Parameters<AdminAlerts["reportSuspect"]>[0]) =>
    suspects.report?.(report);
  const swaps = new SwapService({
    exchange,
    store: stores.swapStore,
    logger,
    exchangeId,
    onSuspect,
  });
  const wakeNotifier = () => notifier.wake();
  const reader = new SwapReader({
    exchange,
    swaps: stores.swapQueries,
    exchangeId,
    logger,
    onChange: wakeNotifier,
  });
  const tracker = new StatusTracker({
    exchange,
    exchangeId,
    store: stores.trackerStore,
    logger,
    intervalMs: config.statusPollIntervalMs,
    stuckAfterMs: config.stuckAfterMs,
    onChange: wakeNotifier,
    onCycle: (stats) => logger.debug(stats, "tracker cycle"),
    clock,
  });
  const reconciler = new Reconciler({
    exchange,
    store: stores.reconcileStore,
    logger,
    exchangeId,
    intervalMs: Math.min(5_000, config.statusPollIntervalMs),
    // A pending intent older than the longest POST (budget wait, deadline, a margin) lost its POST.
    pendingAfterMs: CREATE_BUDGET_WAIT_MS + config.exchangeTimeoutMs + 15_000,
    postWithinMs: CREATE_BUDGET_WAIT_MS + config.exchangeTimeoutMs,
    windowMarginMs: config.reconcileGiveUpMs,
    onOutbox: wakeNotifier,
    onSuspect,
    clock,
  });
  const trackerLagMs = () => (tracker.lastCycleAt ? Date.now() - tracker.lastCycleAt : 0);
  const metrics = new BotMetrics(() => ({
    budgetWaitMs: (c) => exchange.budgets[c].stats.waitedMs,
    openSwapsByStatus: () => repos.transactions.openByStatus(),
    trackerLagMs,
    outboxDepth: () => repos.notifications.pendingCount(),
  }));
  exchangeEvents.metrics = metrics;

  const explorers = explorerTable(config.explorers);
  const { bot, i18n, inFlight } = createBot(
    {
      token: config.botToken,
      apiRoot: config.telegramApiRoot,
      metrics,
      adminChatIds: config.adminChatIds,
      flowIdleMs,
    },
    {
      logger,
      webAppUrl: config.webApp?.url,
      catalog,
      quotes,
      swaps,
      reader,
      explorers,
      setStatusCard: async (id, messageId) => {
        await repos.transactions.setCardMessage(id, messageId);
      },
      chatLanguage: (chatId) => chatSettings.language(chatId),
      setChatLanguage: (chatId, chatType, language) =>
        chatSettings.setLanguage(chatId, chatType, language),
      touchChat: (chatId, chatType, languageHint) =>
        chatSettings.touch(chatId, chatType, languageHint),
      forgetPreview: (chatId) => repos.privacy.preview(chatId),
      forgetChat: (chatId) => {
        chatSettings.forget(chatId);
        return repos.privacy.forgetChat(chatId);
      },
      stats: async () => ({
        swapsByStatus: await repos.stats.swapsByStatus(),
        volumeByPair: await repos.stats.volumeByPair(),
        activeUsers: await repos.stats.activeChats(),
        exchangeErrors: monitor.errorRate(60),
      }),
      // Polled updates are journaled until handled (transport/update-journal.ts).
      conversationStorage: storage.conversationStorage(CONVERSATION_VERSION, {
        journaled: !config.webhook,
      }),
    },
  );
  const notifier = new Notifier({
    api: bot.api,
    i18n,
    store: stores.outboxStore,
    logger,
    fence,
    explorers,
    clock,
  });
  const alerts = new AdminAlerts({
    api: bot.api,
    // An alert goes out in English rather than not at all when the database cannot say.
    translate: async (chatId) =>
      translator(
        i18n,
        (await Promise.resolve(chatSettings.language(chatId)).catch(() => undefined)) ?? "en",
      ),
    adminChatIds: config.adminChatIds,
    monitor,
    alertAfterMs: config.alertAfterMs,
    logger,
  });
  suspects.report = (report) => alerts.reportSuspect(report);
  // /healthz only reads what the bot knows: after an outage something must ask the exchange
  // again, even when no user does (the leader's work: standbys make no background reads).
  const recovery = new ExchangeRecoveryCheck({
    monitor,
    probe: () => exchange.listCurrencies({ page: 1, size: 1 }, { maxWaitMs: 2_000 }),
    everyMs: Math.min(Math.max(config.statusPollIntervalMs * 2, 1_000), 30_000),
  });

  return {
    repos,
    exchange,
    swaps,
    swapQueries: stores.swapQueries,
    setStatusCard: (id: string, messageId: number) =>
      repos.transactions.setCardMessage(id, messageId),
    sandbox: exchangeTarget.sandbox,
    catalog,
    quotes,
    monitor,
    metrics,
    trackerLagMs,
    bot,
    i18n,
    inFlight,
    notifier,
    tracker,
    reconciler,
    alerts,
    /** Whether this instance leads (always, with SQLite): /healthz reports it. */
    role: { current: (): "leader" | "standby" => "leader" },
    recovery,
    checkDatabase: () => storage.check(),
  };
}

/**
 * The Mini App's page and API, when WEBAPP_URL is set. Every instance serves it: its state is the
 * database's. A swap confirmed in the page gets its deposit message in the chat, which becomes
 * its status card like any other.
 */
async function startWebApp(
  config: Config,
  logger: Logger,
  core: Core,
  begin: (part: Part) => Promise<void>,
) {
  const settings = config.webApp;
  if (!settings) return undefined;
  let server: WebAppServer | undefined;
  const { bot, i18n } = core;
  await begin({
    name: "Mini App server",
    start: async () => {
      server = await startWebAppServer(
        {
          botToken: config.botToken,
          catalog: core.catalog,
          quotes: core.quotes,
          swaps: core.swaps,
          swapQueries: core.swapQueries,
          texts: new PageTexts(),
          sandbox: core.sandbox,
          logger,
          announce: async (chatId, swap, locale) => {
            const t = translator(i18n, locale);
            const card = await bot.api.sendMessage(chatId, depositText(t, swap), {
              link_preview_options: { is_disabled: true },
              reply_markup: webAppKeyboard(t, settings.url, { swapId: swap.id }),
            });
            await core.setStatusCard(swap.id, card.message_id);
          },
        },
        { port: settings.port, host: settings.host },
      );
      logger.info({ url: settings.url, listening: server.url }, "Mini App served");
    },
    stop: () => server?.close(),
  });
  return server;
}

/** /healthz and /metrics, when METRICS_PORT is set. */
async function startOps(config: Config, core: Core, begin: (part: Part) => Promise<void>) {
  const port = config.metricsPort;
  if (port === undefined) return undefined;
  let server: Awaited<ReturnType<typeof startOpsServer>> | undefined;
  const { catalog, monitor, metrics, trackerLagMs } = core;
  await begin({
    name: "metrics server",
    start: async () => {
      server = await startOpsServer({
        port,
        host: config.metricsHost,
        metrics,
        health: {
          ...createHealthCheck({
            checkDatabase: core.checkDatabase,
            monitor,
            catalogSize: () => catalog.size,
            trackerLagMs,
            maxTrackerLagMs: Math.max(config.statusPollIntervalMs * 5, 60_000),
          }),
          // With several instances: which one this is (SQLite has only one).
          ...(config.databaseUrl ? { role: () => core.role.current() } : {}),
        },
      });
    },
    stop: () => server?.close(),
  });
  return server;
}

/** getMe until it works: Telegram may be briefly unreachable at boot. A stop signal ends it. */
async function connectTelegram(
  bot: Core["bot"],
  config: Config,
  logger: Logger,
  options: StartOptions,
): Promise<void> {
  const apiRoot = config.telegramApiRoot;
  logger.info({ apiRoot }, "connecting to Telegram");
  // An unreachable host can leave getMe hanging for minutes: say what we are waiting for.
  const waiting = setInterval(() => {
    logger.warn({ apiRoot }, "still waiting for Telegram to answer getMe");
  }, 15_000);
  waiting.unref();
  try {
    for (let delay = 500; !options.signal?.aborted; delay = Math.min(delay * 2, 30_000)) {
      try {
        // grammY's init takes a polyfill's AbortSignal type; racing the stop is simpler.
        const init = bot.init();
        init.catch(() => undefined);
        await Promise.race([init, whenAborted(options.signal)]);
        return;
      } catch (error) {
        if (options.signal?.aborted) return;
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
