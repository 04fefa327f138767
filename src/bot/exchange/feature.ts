import { createConversation } from "@grammyjs/conversations";
import { Composer, type Middleware } from "grammy";
import type { BotContext, FlowContext } from "../context.ts";
import { createExchangeFlow, EXCHANGE_CONVERSATION, type FlowDeps } from "./flow.ts";

/** Deep link payload of "swap this coin" buttons: `/start swap-btc`. */
const DEEP_LINK = /^swap-([a-z0-9]{1,20})$/i;

/**
 * Entry points of the exchange conversation. They sit in front of the conversation itself, so
 * /exchange restarts a running flow and /cancel leaves it from any step.
 */
export function createExchangeEntry() {
  const entry = new Composer<BotContext>();

  entry.command("exchange", async (ctx) => {
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(EXCHANGE_CONVERSATION);
  });

  entry.command("start", async (ctx, next) => {
    const match = DEEP_LINK.exec(ctx.match.trim());
    if (!match?.[1]) return next();
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(EXCHANGE_CONVERSATION, match[1].toLowerCase());
  });

  entry.command("cancel", async (ctx) => {
    const active = ctx.conversation.active(EXCHANGE_CONVERSATION) > 0;
    await ctx.conversation.exitAll();
    await ctx.reply(ctx.t(active ? "flow-cancelled" : "flow-nothing-to-cancel"));
  });

  return entry;
}

/** The conversation itself; `plugins` gives it i18n and the API transformers (see bot.ts). */
export function createExchangeConversation(deps: FlowDeps, plugins: Middleware<FlowContext>[]) {
  return createConversation<BotContext, FlowContext>(createExchangeFlow(deps), {
    id: EXCHANGE_CONVERSATION,
    plugins,
  });
}
