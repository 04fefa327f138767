import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { LanguageCode } from "grammy/types";
import type { FlowContext } from "./context.ts";

/** The contract's commands, in the order /help and the Telegram menu show them. */
const COMMANDS = [
  "start",
  "exchange",
  "rate",
  "currencies",
  "status",
  "history",
  "cancel",
  "language",
  "forget",
  "support",
  "help",
] as const;

export function describeCommands(translate: (key: string) => string) {
  return COMMANDS.map((command) => ({ command, description: translate(`cmd-${command}`) }));
}

/**
 * Registers the menu for the default scope (no language code) first, per the contract, then once
 * per translation so Telegram shows each user the descriptions in their own language.
 */
export async function registerCommands(api: Api, i18n: I18n<FlowContext>): Promise<void> {
  await api.setMyCommands(describeCommands((key) => i18n.t("en", key)));
  for (const locale of i18n.locales.filter((code) => code !== "en")) {
    await api.setMyCommands(
      describeCommands((key) => i18n.t(locale, key)),
      // Locale files are named by their two-letter code, which is what Telegram expects here.
      { language_code: locale as LanguageCode },
    );
  }
}
