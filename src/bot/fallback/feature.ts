import type { BotContext } from "../context.ts";
import { LeanComposer } from "../lean-composer.ts";

/** What nothing else handled: a stale button, or a message outside any flow. */
export function createFallbackFeature() {
  const feature = new LeanComposer<BotContext>();
  feature.on("callback_query", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("flow-step-over") }));
  feature.chatType("private").on("message", (ctx) => ctx.reply(ctx.t("fallback-hint")));
  return feature;
}
