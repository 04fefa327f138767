import { type RunnerHandle, run } from "@grammyjs/runner";
import { createBot } from "./bot/bot.ts";
import { registerCommands } from "./bot/commands.ts";
import { CoinCatalog } from "./catalog/catalog.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { createRepositories, type Repositories } from "./db/repositories.ts";
import { ExchangeClient } from "./exchange/client.ts";
import type { Logger } from "./logger.ts";
import { QuoteService } from "./quotes/quote-service.ts";
import { type Sandbox, startSandbox } from "./sandbox/index.ts";
import { createStores } from "./swaps/stores.ts";
import { SwapReader } from "./swaps/swap-reader.ts";
import { SwapService } from "./swaps/swap-service.ts";
import { OutboxSender } from "./tracker/outbox-sender.ts";
import { Reconciler } from "./tracker/reconciler.ts";
import { StatusTracker } from "./tracker/status-tracker.ts";

/**
 * The stored state of a conversation is replayed against the current code: bump this whenever the
 * exchange flow's steps change, so half-finished old flows restart cleanly instead of replaying
 * wrongly.
 */
const CONVERSATION_VERSION = 1;

export interface App {
  /** True when the bot runs on its embedded sandbox exchange (no real funds). */
  sandbox: boolean;
  exchange: ExchangeClient;
  catalog: CoinCatalog;
  quotes: QuoteService;
  repos: Repositories;
  tracker: StatusTracker;
  outbox: OutboxSender;
  /** Resolves when polling has ended (after stop(), or when Telegram refused for good). */
  stopped: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts everything in order: the exchange (embedded sandbox when none is configured), the
 * database, the catalog, the bot, then the background loops. stop() undoes it in reverse, letting
 * in-flight updates finish.
 */
export async function startApp(config: Config, logger: Logger): Promise<App> {
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
  const stores = createStores(database.db, repos);

  const exchange = new ExchangeClient({
    baseUrl: exchangeTarget.url,
    apiKey: exchangeTarget.apiKey,
    limits: config.limits,
    timeoutMs: config.exchangeTimeoutMs,
    onRequest: (event) => {
      if (typeof event.status !== "number" || event.status >= 400) {
        logger.warn(event, "exchange request failed");
      } else logger.debug(event, "exchange request");
    },
  });
  const catalog = new CoinCatalog({
    exchange,
    logger,
    refreshIntervalMs: 6 * 60 * 60_000,
    store: { load: () => repos.coins.all(), save: (coins) => repos.coins.replaceAll(coins) },
  });
  await catalog.start();
  const quotes = new QuoteService({ exchange, cacheMs: 10_000, maxWaitMs: 3_000 });
  const swaps = new SwapService({ exchange, store: stores.swapStore, logger, sandbox: !!sandbox });
  const reader = new SwapReader({ exchange, swaps: repos.transactions, logger });

  const { bot, i18n } = createBot(
    { token: config.botToken, apiRoot: config.telegramApiRoot },
    {
      logger,
      catalog,
      quotes,
      swaps,
      reader,
      setStatusCard: (id, messageId) => {
        repos.transactions.setCardMessage(id, messageId);
      },
      chatLanguage: (chatId) => repos.chats.language(chatId),
      setChatLanguage: (chatId, chatType, language) => {
        repos.chats.touch(chatId, chatType);
        repos.chats.setLanguage(chatId, language);
      },
      touchChat: (chatId, chatType) => repos.chats.touch(chatId, chatType),
      conversationStorage: {
        type: "key",
        version: CONVERSATION_VERSION,
        adapter: repos.conversations,
      },
    },
  );

  const outbox = new OutboxSender({ api: bot.api, i18n, store: stores.outboxStore, logger });
  const tracker = new StatusTracker({
    exchange,
    store: stores.trackerStore,
    logger,
    intervalMs: config.statusPollIntervalMs,
    onCycle: (stats) => {
      if (stats.changes > 0) outbox.wake();
      logger.debug(stats, "tracker cycle");
    },
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

  let runner: RunnerHandle | undefined;
  let stopping = false;
  const stopped = (async () => {
    await initTelegram();
    if (stopping) return;
    await bot.api.deleteWebhook().catch((error: unknown) => {
      logger.warn({ err: error }, "deleteWebhook failed");
    });
    await registerCommands(bot.api, i18n).catch((error: unknown) => {
      logger.warn({ err: error }, "setMyCommands failed");
    });
    if (stopping) return;
    runner = run(bot, { runner: { silent: true } });
    tracker.start();
    outbox.start();
    reconciler.start();
    logger.info({ bot: bot.botInfo.username, sandbox: !!sandbox }, "bot started (long polling)");
    await runner.task();
  })().catch((error: unknown) => {
    logger.error({ err: error }, "polling stopped: Telegram refused getUpdates");
  });

  /** getMe until it works: Telegram may be briefly unreachable at boot. */
  async function initTelegram(): Promise<void> {
    for (let delay = 500; !stopping; delay = Math.min(delay * 2, 30_000)) {
      try {
        await bot.init();
        return;
      } catch (error) {
        logger.error({ err: error, retryInMs: delay }, "cannot reach Telegram (getMe failed)");
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
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
    stopped,
    async stop() {
      stopping = true;
      // In-flight updates finish first; then the loops; the database closes last.
      if (runner?.isRunning()) await runner.stop();
      await Promise.all([tracker.stop(), reconciler.stop(), outbox.stop()]);
      catalog.stop();
      database.close();
      await sandbox?.close();
      logger.info("bot stopped");
    },
  };
}
