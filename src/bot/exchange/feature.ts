import { createConversation } from "@grammyjs/conversations";
import { Composer, type Middleware } from "grammy";
import type { BotContext, FlowContext } from "../context.ts";
import { flowStart } from "../shared/deep-link.ts";
import { createExchangeFlow, EXCHANGE_CONVERSATION, type FlowDeps } from "./flow.ts";

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
    if (flowStart(ctx.match)) await ctx.conversation.exitAll();
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
    const flow = flowStart(ctx.match);
    if (!flow) return next();
    if (flow.coin) await ctx.conversation.enter(EXCHANGE_CONVERSATION, flow.coin);
    else await ctx.conversation.enter(EXCHANGE_CONVERSATION);
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
