import { Composer } from "grammy";
import type { BotContext } from "../context.ts";

export const startFeature = new Composer<BotContext>();

startFeature.command("start", async (ctx, next) => {
  // Swap deep links start the exchange flow instead (see the exchange feature); any other
  // payload ("inline", "help") just gets the welcome.
  if (/^(swap-|exchange$)/.test(ctx.match.trim())) return next();
  await ctx.reply(
    ctx.t("welcome", { name: ctx.from?.first_name ?? "none", bot: ctx.me.username }),
    { link_preview_options: { is_disabled: true } },
  );
});
