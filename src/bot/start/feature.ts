import { Composer } from "grammy";
import type { BotContext } from "../context.ts";

export const startFeature = new Composer<BotContext>();

startFeature.command("start", async (ctx) => {
  await ctx.reply(
    ctx.t("welcome", { name: ctx.from?.first_name ?? "none", bot: ctx.me.username }),
    { link_preview_options: { is_disabled: true } },
  );
});
