import type { TranslateFunction } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";

interface WebAppPlace {
  chatType?: string;
  swapId?: string;
}

/**
 * The button that opens the Mini App (a `web_app` button), on a swap's own page when given one.
 * Telegram allows it in private chats only; undefined without a Mini App or elsewhere.
 */
export function webAppButton(
  t: TranslateFunction,
  webAppUrl: string | undefined,
  options: WebAppPlace = {},
): InlineKeyboardButton | undefined {
  if (!webAppUrl || (options.chatType && options.chatType !== "private")) return undefined;
  const url = new URL(webAppUrl);
  if (options.swapId) url.searchParams.set("swap", options.swapId);
  return InlineKeyboard.webApp(t("webapp-open-button"), url.toString());
}

/** A keyboard of that one button, or undefined when there is none. */
export function webAppKeyboard(
  t: TranslateFunction,
  webAppUrl: string | undefined,
  options: WebAppPlace = {},
): InlineKeyboard | undefined {
  const button = webAppButton(t, webAppUrl, options);
  return button ? new InlineKeyboard().add(button) : undefined;
}
