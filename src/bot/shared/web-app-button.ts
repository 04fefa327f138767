import type { TranslateFunction } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";

/**
 * The button that opens the Mini App (a `web_app` button), on a swap's own page when given one.
 * Telegram allows it in private chats only; undefined without a Mini App or elsewhere.
 */
export function webAppKeyboard(
  t: TranslateFunction,
  webAppUrl: string | undefined,
  options: { chatType?: string; swapId?: string } = {},
): InlineKeyboard | undefined {
  if (!webAppUrl || (options.chatType && options.chatType !== "private")) return undefined;
  const url = new URL(webAppUrl);
  if (options.swapId) url.searchParams.set("swap", options.swapId);
  return new InlineKeyboard().webApp(t("webapp-open-button"), url.toString());
}
