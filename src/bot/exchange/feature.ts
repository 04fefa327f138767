import { createConversation } from "@grammyjs/conversations";
import { Composer, type Middleware } from "grammy";
import type { BotContext, FlowContext } from "../context.ts";
import { createExchangeFlow, EXCHANGE_CONVERSATION, type FlowDeps } from "./flow.ts";

/**
 * Deep link payload of "swap this coin" buttons: `/start swap-btc`. Whatever follows "swap-" is
 * only a suggestion: the flow resolves it through the catalog and asks for the coin if unknown.
 */
const DEEP_LINK = /^swap-(.{1,60})$/i;

/**
 * Commands that leave a running flow. They sit in front of the conversation, so /exchange
 * restarts a flow and /cancel leaves it from any step (a conversation would take them as input).
 */
export function createExchangeExits() {
  const exits = new Composer<BotContext>();

  exits.command("exchange", async (ctx, next) => {
    await ctx.conversation.exitAll();
    return next();
  });

  exits.command("start", async (ctx, next) => {
    const payload = ctx.match.trim();
    if (DEEP_LINK.test(payload) || payload === "exchange") await ctx.conversation.exitAll();
    return next();
  });

  exits.command("cancel", async (ctx) => {
    const active = ctx.conversation.active(EXCHANGE_CONVERSATION) > 0;
    await ctx.conversation.exitAll();
    await ctx.reply(ctx.t(active ? "flow-cancelled" : "flow-nothing-to-cancel"));
  });

  return exits;
}

/** Commands that start the flow; behind the conversation, which must be registered first. */
export function createExchangeEntry() {
  const entry = new Composer<BotContext>();

  entry.command("exchange", (ctx) => ctx.conversation.enter(EXCHANGE_CONVERSATION));

  entry.command("start", async (ctx, next) => {
    // "exchange": the button that moves a group's /exchange into a private chat.
    if (ctx.match.trim() === "exchange") return ctx.conversation.enter(EXCHANGE_CONVERSATION);
    const match = DEEP_LINK.exec(ctx.match.trim());
    if (!match?.[1]) return next();
    await ctx.conversation.enter(EXCHANGE_CONVERSATION, match[1].toLowerCase());
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
