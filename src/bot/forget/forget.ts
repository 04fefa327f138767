import { InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Awaitable } from "../../lib/awaitable.ts";
import { defineCallback } from "../callback-data.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";

export interface ForgetDeps {
  forgetPreview(chatId: number): Awaitable<{ finished: number; open: number }>;
  forgetChat(chatId: number): Awaitable<{ deleted: number; kept: number }>;
}

const answer = defineCallback("forget", { choice: z.enum(["yes", "no"]) });

/** `/forget`: after a confirmation, the chat's finished swaps and state leave the database. */
export function createForgetFeature(deps: ForgetDeps) {
  const feature = new LeanComposer<BotContext>();

  feature.command("forget", async (ctx) => {
    const { finished, open } = await deps.forgetPreview(ctx.chat.id);
    const keyboard = new InlineKeyboard()
      .text(ctx.t("forget-yes"), answer.pack({ choice: "yes" }))
      .text(ctx.t("forget-no"), answer.pack({ choice: "no" }));
    await ctx.reply(ctx.t("forget-ask", { finished, open }), { reply_markup: keyboard });
  });

  feature.callbackQuery(answer.filter, async (ctx) => {
    const data = answer.unpack(ctx.callbackQuery.data);
    if (!data || !ctx.chat) return ctx.answerCallbackQuery({ text: ctx.t("button-expired") });
    await ctx.answerCallbackQuery();
    if (data.choice === "no") {
      await ctx.editMessageText(ctx.t("forget-kept"));
      return;
    }
    await ctx.conversation.exitAll();
    const { deleted, kept } = await deps.forgetChat(ctx.chat.id);
    await ctx.editMessageText(ctx.t("forget-done", { deleted, kept }));
  });

  return feature;
}
