import { type RunnerHandle, run } from "@grammyjs/runner";
import { createBot } from "./bot/bot.ts";
import { registerCommands } from "./bot/commands.ts";
import { CoinCatalog } from "./catalog/catalog.ts";
import type { Config } from "./config.ts";
import { ExchangeClient } from "./exchange/client.ts";
import type { Logger } from "./logger.ts";
import { QuoteService } from "./quotes/quote-service.ts";
import { type Sandbox, startSandbox } from "./sandbox/index.ts";

export interface App {
  /** True when the bot runs on its embedded sandbox exchange (no real funds). */
  sandbox: boolean;
  exchange: ExchangeClient;
  catalog: CoinCatalog;
  quotes: QuoteService;
  /** Resolves when the bot has stopped (after stop(), or when polling failed for good). */
  stopped: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts everything in order: the exchange (embedded sandbox when none is configured), the
 * catalog, then the bot. stop() undoes it in reverse, letting in-flight updates finish.
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
  const catalog = new CoinCatalog({ exchange, logger, refreshIntervalMs: 6 * 60 * 60_000 });
  await catalog.start();
  const quotes = new QuoteService({ exchange, cacheMs: 10_000, maxWaitMs: 3_000 });

  const { bot, i18n } = createBot(
    { token: config.botToken, apiRoot: config.telegramApiRoot },
    { logger, catalog, quotes },
  );

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
    runner = run(bot, { runner: { silent: true } });
    logger.info({ bot: bot.botInfo.username }, "bot started (long polling)");
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
    stopped,
    async stop() {
      stopping = true;
      if (runner?.isRunning()) await runner.stop();
      catalog.stop();
      await sandbox?.close();
      logger.info("bot stopped");
    },
  };
}
