import { GrammyError } from "grammy";
import { installFeatures, type Telegram } from "../bot/bot.ts";
import { registerCommands } from "../bot/commands.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../lib/logger.ts";
import type { ExchangeMonitor } from "../ops/exchange-monitor.ts";
import type { BotMetrics } from "../ops/metrics.ts";
import type { ExplorerTable } from "../swaps/explorers.ts";
import type { Database } from "./database.ts";
import type { Lifecycle } from "./lifecycle.ts";
import type { Swaps } from "./swaps.ts";

/** The chat's features over the core; returns the count of updates in flight. */
export function installBot(
  config: Config,
  logger: Logger,
  deps: {
    telegram: Telegram;
    swaps: Swaps;
    db: Database;
    metrics: BotMetrics;
    monitor: ExchangeMonitor;
    explorers: ExplorerTable;
    flowIdleMs: number | undefined;
    /** Wakes the support desk's delivery after something was queued for it. */
    wakeSupport: () => void;
  },
) {
  const { swaps, db, monitor } = deps;
  const { chatSettings } = db;
  return installFeatures(
    deps.telegram,
    { metrics: deps.metrics, adminChatIds: config.adminChatIds, flowIdleMs: deps.flowIdleMs },
    {
      logger,
      webAppUrl: config.webApp?.url,
      catalog: swaps.catalog,
      quotes: swaps.quotes,
      swaps: swaps.swaps,
      confirm: swaps.confirm,
      reader: swaps.reader,
      explorers: deps.explorers,
      setStatusCard: db.setStatusCard,
      chatLanguage: (chatId) => chatSettings.language(chatId),
      setChatLanguage: (chatId, chatType, language) =>
        chatSettings.setLanguage(chatId, chatType, language),
      touchChat: (chatId, chatType, languageHint) =>
        chatSettings.touch(chatId, chatType, languageHint),
      forgetPreview: db.forgetPreview,
      forgetChat: db.forgetChat,
      stats: async () => ({ ...(await db.stats()), exchangeErrors: monitor.errorRate(60) }),
      conversationStorage: (versions) => db.conversations(versions),
      desk:
        config.supportChatId === undefined
          ? undefined
          : {
              store: db.ports.supportStore,
              chatId: config.supportChatId,
              wake: deps.wakeSupport,
            },
      supportContact: config.supportContact,
      supportButton: config.supportChatId !== undefined || config.supportContact !== undefined,
    },
  );
}

/**
 * The `Telegram` part (getMe until it answers), then the command list and the Mini App's menu
 * button, whose failures are only logged. Resolves false when a stop signal ended the wait.
 */
export async function startTelegram(
  config: Config,
  logger: Logger,
  life: Lifecycle,
  { bot, i18n }: Telegram,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  await life.start({ name: "Telegram", start: () => connectTelegram(bot, config, logger, signal) });
  if (signal?.aborted) return false;
  await registerCommands(bot.api, i18n).catch((error: unknown) => {
    logger.warn({ err: error }, "setMyCommands failed");
  });
  if (config.webApp) {
    const url = new URL(config.webApp.url).toString();
    await bot.api
      .setChatMenuButton({
        menu_button: {
          type: "web_app",
          text: i18n.t("en", "webapp-menu-button"),
          web_app: { url },
        },
      })
      .catch((error: unknown) => logger.warn({ err: error }, "setChatMenuButton failed"));
  }
  return true;
}

/** getMe until it works: Telegram may be briefly unreachable at boot. A stop signal ends it. */
async function connectTelegram(
  bot: Telegram["bot"],
  config: Config,
  logger: Logger,
  signal: AbortSignal | undefined,
): Promise<void> {
  const apiRoot = config.telegramApiRoot;
  logger.info({ apiRoot }, "connecting to Telegram");
  // An unreachable host can leave getMe hanging for minutes: say what we are waiting for.
  const waiting = setInterval(() => {
    logger.warn({ apiRoot }, "still waiting for Telegram to answer getMe");
  }, 15_000);
  waiting.unref();
  try {
    for (let delay = 500; !signal?.aborted; delay = Math.min(delay * 2, 30_000)) {
      try {
        // grammY's init takes a polyfill's AbortSignal type; racing the stop is simpler.
        const init = bot.init();
        init.catch(() => undefined);
        await Promise.race([init, whenAborted(signal)]);
        return;
      } catch (error) {
        if (signal?.aborted) return;
        // A rejected token is not an outage: waiting would only hide it. Start-up fails, naming it.
        if (error instanceof GrammyError && error.error_code === 401) {
          throw new Error("Telegram rejected the bot token (401 Unauthorized): check BOT_TOKEN");
        }
        logger.error(
          { err: error, apiRoot, retryInMs: delay },
          "cannot reach Telegram (getMe failed)",
        );
        await sleep(delay, signal);
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
