import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { hadOutdatedFlow } from "../shared/outdated-flow.ts";

/**
 * What nothing else handled: a stale button, or a message outside any flow. A chat whose flow was
 * dropped by an upgrade (shared/outdated-flow.ts) is told so, once, instead.
 */
export function createFallbackFeature() {
  const feature = new LeanComposer<BotContext>();
  feature.on("callback_query", async (ctx) => {
    if (!hadOutdatedFlow(ctx)) return ctx.answerCallbackQuery({ text: ctx.t("flow-step-over") });
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("flow-updated"));
  });
  feature
    .chatType("private")
    .on("message", (ctx) =>
      ctx.reply(ctx.t(hadOutdatedFlow(ctx) ? "flow-updated" : "fallback-hint")),
    );
  return feature;
}
