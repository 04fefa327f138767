import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { EXCHANGE_CONVERSATION } from "../shared/conversations.ts";

interface CancelDeps {
  /** Drops the support request a private chat is writing; true when there was one (support/). */
  dropSupportDraft(chatId: number): Promise<boolean>;
}

/**
 * `/cancel`, its one handler: leaves what the chat has running, the support request it is
 * writing and the exchange flow. It sits in front of the conversation, so it leaves the flow from
 * any step (a conversation would take it as input).
 */
export function createCancelFeature(deps: CancelDeps) {
  const feature = new LeanComposer<BotContext>();

  feature.command("cancel", async (ctx) => {
    // A support request alone is what is cancelled; beside a flow it goes too, unmentioned.
    const draft = ctx.chat.type === "private" && (await deps.dropSupportDraft(ctx.chat.id));
    const flow = ctx.conversation.active(EXCHANGE_CONVERSATION) > 0;
    if (draft && !flow) {
      await ctx.reply(ctx.t("support-cancelled"));
      return;
    }
    await ctx.conversation.exitAll();
    await ctx.reply(ctx.t(flow ? "flow-cancelled" : "flow-nothing-to-cancel"));
  });

  return feature;
}
