import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context } from "grammy";

/** Context of ordinary handlers. */
export type BotContext = ConversationFlavor<Context & I18nFlavor>;
/** Context inside a conversation (its plugins are installed separately, see bot.ts). */
export type FlowContext = Context & I18nFlavor;
