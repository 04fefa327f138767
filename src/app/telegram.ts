import { installFeatures, type Telegram } from "../bot/bot.ts";
import { registerCommands } from "../bot/commands.ts";
import type { Config } from "../config.ts";
import type { ExplorerTable } from "../frontends/explorers.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { ExchangeActivity } from "../ops/exchange-activity.ts";
import type { BotMetrics } from "../ops/metrics.ts";
import type { ExchangeSet } from "../swaps/exchange-set.ts";
import type { Database } from "./database.ts";
import type { RunningExchange } from "./exchange.ts";
import { exchangeStats } from "./exchange-figures.ts";
import type { Lifecycle } from "./lifecycle.ts";
import type { Swaps } from "./swaps.ts";
import { waitForGetMe } from "./telegram-connect.ts";

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
    running: readonly RunningExchange[];
    /** The exchanges offered: each offer is named by its exchange. */
    exchanges: ExchangeSet;
    explorers: ExplorerTable;
    flowIdleMs: number | undefined;
    clock: Clock;
    /** Wakes the support desk's delivery after something was queued for it. */
    wakeSupport: () => void;
    /** Each exchange's offers won and creates' outcomes since start. */
    activity: ExchangeActivity;
  },
) {
  const { swaps, db, running } = deps;
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
      exchanges: deps.exchanges,
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
      stats: async () => ({
        ...(await db.stats()),
        exchangeErrors: errorRateOf(running, deps.clock.now()),
        exchanges: exchangeStats(
          running,
          await db.swapsByExchange(),
          deps.activity,
          deps.clock.now(),
        ),
      }),
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
 * grammY types a call's signal after the abort-controller polyfill; at run time it takes Node's
 * own (it only reads `aborted` and adds and removes its `abort` listener).
 */
type GrammySignal = NonNullable<Parameters<Telegram["bot"]["api"]["getMe"]>[0]>;

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
  clock: Clock,
): Promise<boolean> {
  await life.start({
    name: "Telegram",
    start: async () => {
      // Not bot.init(): it retries network failures inside, for ever and silently, so the
      // operator would never learn why.
      const me = await waitForGetMe((stop) => bot.api.getMe(stop as unknown as GrammySignal), {
        logger,
        apiRoot: config.telegramApiRoot,
        clock,
        signal,
      });
      if (me) bot.botInfo = me;
    },
  });
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

/** Requests and failures of the last hour, over every exchange. */
function errorRateOf(
  running: readonly RunningExchange[],
  now: number,
): { total: number; failed: number } {
  const total = { total: 0, failed: 0 };
  for (const { monitor } of running) {
    const rate = monitor.errorRate(60, now);
    total.total += rate.total;
    total.failed += rate.failed;
  }
  return total;
}
