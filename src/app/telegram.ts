import { installFeatures, type Telegram } from "../bot/bot.ts";
import { registerCommands } from "../bot/commands.ts";
import type { Config } from "../config.ts";
import type { ExplorerTable } from "../frontends/explorers.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { ExchangeMonitor } from "../ops/exchange-monitor.ts";
import type { BotMetrics } from "../ops/metrics.ts";
import type { Database } from "./database.ts";
import type { Lifecycle } from "./lifecycle.ts";
import type { Swaps } from "./swaps.ts";
import { telegramProblem } from "./telegram-unreachable.ts";

/** The chat's features over the core; returns the count of updates in flight. */
export function installBot(
  config: Config,
  logger: Logger,
  deps: {
    telegram: Telegram;
    swaps: Swaps;
    db: Database;
    /** None: /metrics is not served, so nothing is counted. */
    metrics: BotMetrics | undefined;
    monitor: ExchangeMonitor;
    explorers: ExplorerTable;
    flowIdleMs: number | undefined;
    clock: Clock;
    /** Wakes the support desk's delivery after something was queued for it. */
    wakeSupport: () => void;
  },
) {
  const { swaps, db, monitor } = deps;
  const { chatSettings } = db;
  return installFeatures(
    deps.telegram,
    {
      metrics: deps.metrics,
      adminChatIds: config.adminChatIds,
      flowIdleMs: deps.flowIdleMs,
      clock: deps.clock,
    },
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

/**
 * getMe until it works: Telegram may be briefly unreachable at boot. Each failure is logged with
 * why (the error's code and a sentence); a token Telegram rejects ends start-up at once. A stop
 * signal ends the wait.
 */
async function connectTelegram(
  bot: Telegram["bot"],
  config: Config,
  logger: Logger,
  signal: AbortSignal | undefined,
): Promise<void> {
  const apiRoot = config.telegramApiRoot;
  logger.info({ apiRoot }, "connecting to Telegram");
  // An unreachable host can leave getMe hanging for minutes: say what we are waiting for.
  let asked = Date.now();
  const waiting = setInterval(() => {
    const seconds = Math.round((Date.now() - asked) / 1000);
    logger.warn(
      { apiRoot, code: "TIMEOUT", waitedS: seconds },
      `still waiting for Telegram to answer getMe: timeout: no answer from TELEGRAM_API_ROOT for ${seconds} s (a firewall, or no route to it)`,
    );
  }, 15_000);
  waiting.unref();
  try {
    for (let delay = 500; !signal?.aborted; delay = Math.min(delay * 2, 30_000)) {
      try {
        // Not bot.init(): it retries network failures inside, for ever and silently, so the
        // operator would never learn why. One getMe per try; racing the stop is simpler than
        // grammY's polyfilled AbortSignal type.
        asked = Date.now();
        const getMe = bot.api.getMe();
        getMe.catch(() => undefined);
        const me = await Promise.race([getMe, whenAborted(signal)]);
        if (me) bot.botInfo = me;
        return;
      } catch (error) {
        if (signal?.aborted) return;
        const problem = telegramProblem(error);
        // A rejected token stays rejected: exit now (non-zero) rather than retry forever.
        if (problem.fatal) throw new Error(problem.reason, { cause: error });
        logger.error(
          { err: error, apiRoot, code: problem.code, retryInMs: delay },
          `cannot reach Telegram (getMe failed): ${problem.reason} [${problem.code}]`,
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
