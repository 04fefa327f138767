import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { FlowContext } from "./context.ts";

/** The contract's commands, in the order /help and the Telegram menu show them. */
export const COMMANDS = [
  "start",
  "exchange",
  "rate",
  "currencies",
  "status",
  "history",
  "cancel",
  "language",
  "forget",
  "help",
] as const;

export function describeCommands(translate: (key: string) => string) {
  return COMMANDS.map((command) => ({ command, description: translate(`cmd-${command}`) }));
}

/** Registers the menu for the default scope (no language code), per the contract. */
export async function registerCommands(api: Api, i18n: I18n<FlowContext>): Promise<void> {
  await api.setMyCommands(describeCommands((key) => i18n.t("en", key)));
}
