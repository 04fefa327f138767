import type { Telegram } from "../bot/bot.ts";
import { translator } from "../bot/i18n.ts";
import { startLink } from "../bot/shared/deep-link.ts";
import { depositKeyboard, depositText } from "../bot/shared/deposit-message.ts";
import type { Config } from "../config.ts";
import type { ExplorerTable } from "../frontends/explorers.ts";
import type { Logger } from "../lib/logger.ts";
import type { ExchangeSet } from "../swaps/exchange-set.ts";
import { startWebAppServer, type WebAppServer } from "../webapp/server/server.ts";
import { PageTexts } from "../webapp/server/texts.ts";
import type { Database } from "./database.ts";
import type { Lifecycle } from "./lifecycle.ts";
import type { Swaps } from "./swaps.ts";

/**
 * The Mini App's page and API (the `Mini App server` part), when WEBAPP_URL is set. Every
 * instance serves it: its state is the database's. A swap confirmed in the page gets its deposit
 * message in the chat, which becomes its status card like any other.
 */
export async function startWebApp(
  config: Config,
  logger: Logger,
  life: Lifecycle,
  deps: {
    swaps: Swaps;
    db: Database;
    telegram: Telegram;
    sandbox: boolean;
    explorers: ExplorerTable;
    exchanges: ExchangeSet;
  },
) {
  const settings = config.webApp;
  if (!settings) return undefined;
  const { swaps, db } = deps;
  const { bot, i18n } = deps.telegram;
  let server: WebAppServer | undefined;
  await life.start({
    name: "Mini App server",
    start: async () => {
      server = await startWebAppServer(
        {
          botToken: config.botToken,
          catalog: swaps.catalog,
          quotes: swaps.quotes,
          exchanges: deps.exchanges,
          confirm: swaps.confirm,
          swapQueries: swaps.swapQueries,
          texts: new PageTexts(),
          sandbox: deps.sandbox,
          statusPollMs: settings.statusPollMs,
          explorers: deps.explorers,
          logger,
          supportLink:
            config.supportChatId !== undefined || config.supportContact !== undefined
              ? () => (bot.isInited() ? startLink(bot.botInfo.username, "support") : undefined)
              : undefined,
          announce: async (chatId, swap, locale) => {
            const t = translator(i18n, locale);
            const card = await bot.api.sendMessage(chatId, depositText(t, swap), {
              link_preview_options: { is_disabled: true },
              reply_markup: depositKeyboard(t, swap, { url: settings.url, chatId }),
            });
            await db.setStatusCard(swap.id, card.message_id);
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
