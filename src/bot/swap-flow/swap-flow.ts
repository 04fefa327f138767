import { type ConversationOptions, createConversation } from "@grammyjs/conversations";
import type { MiddlewareFn } from "grammy";
import type { BotContext, FlowContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { EXCHANGE_CONVERSATION } from "../shared/conversations.ts";
import { createExchangeFlow } from "./flow.ts";
import type { FlowDeps } from "./session.ts";

/**
 * Commands that leave a running flow. They sit in front of the conversation, so /exchange
 * restarts a flow from any step (a conversation would take it as input). (/cancel is cancel/'s.)
 */
export function createExchangeExits() {
  const exits = new LeanComposer<BotContext>();

  exits.command("exchange", async (ctx, next) => {
    await ctx.conversation.exitAll();
    return next();
  });

  return exits;
}

/** Commands that start the flow; behind the conversation, which must be registered first. */
export function createExchangeEntry() {
  const entry = new LeanComposer<BotContext>();

  entry.command("exchange", (ctx) => ctx.conversation.enter(EXCHANGE_CONVERSATION));

  return entry;
}

/**
 * `/start exchange`, `/start swap-<code>` outside groups (start/ owns `/start` and routes them
 * here): a running flow is left and a fresh one starts, with that coin to send. `/start` is
 * handled in front of the conversation (so a running flow does not take it as input), and the
 * plugin enters a conversation only behind its middleware: the flow is entered through
 * `conversation`, the one createExchangeConversation made.
 */
export function flowStartLink(conversation: MiddlewareFn<BotContext>) {
  return async (ctx: BotContext, coin: string | undefined): Promise<void> => {
    await ctx.conversation.exitAll();
    await conversation(ctx, () =>
      coin
        ? ctx.conversation.enter(EXCHANGE_CONVERSATION, coin)
        : ctx.conversation.enter(EXCHANGE_CONVERSATION),
    );
  };
}

/** How long a flow waits for its next answer; the next input after that starts a fresh flow. */
const FLOW_IDLE_MS = 24 * 60 * 60_000;

/**
 * The conversation itself; `plugins` gives it i18n and the Api (see bot.ts). A flow left waiting
 * longer than `idleMs` ends: the input that finally comes is told so and gets a fresh flow.
 */
export function createExchangeConversation(
  deps: FlowDeps,
  plugins: ConversationOptions<BotContext, FlowContext>["plugins"],
  idleMs = FLOW_IDLE_MS,
): MiddlewareFn<BotContext> {
  const conversation = createConversation<BotContext, FlowContext>(createExchangeFlow(deps), {
    id: EXCHANGE_CONVERSATION,
    plugins,
    // The plugin times every wait with conversation.now() (kept in the replay log, so a replay
    // measures the same) and, past the limit, ends the flow and passes the update on.
    maxMillisecondsToWait: idleMs,
  });
  return async (ctx, next) => {
    const waiting = ctx.conversation.active(EXCHANGE_CONVERSATION) > 0;
    await conversation(ctx, async () => {
      // A flow that was waiting, is gone, and passed the update on ran out of time: a finished
      // or abandoned flow consumes its update, and one that skips an update stays active.
      const expired = waiting && ctx.conversation.active(EXCHANGE_CONVERSATION) === 0;
      if (!expired || ctx.chat?.type !== "private" || !(ctx.message || ctx.callbackQuery)) {
        return next();
      }
      if (ctx.callbackQuery) await ctx.answerCallbackQuery();
      await ctx.reply(ctx.t("flow-expired"));
      await ctx.conversation.enter(EXCHANGE_CONVERSATION);
    });
  };
}
