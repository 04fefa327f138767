import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { flowStart } from "../shared/deep-link.ts";
import { webAppKeyboard } from "../shared/web-app-button.ts";

export function createStartFeature(webAppUrl: string | undefined) {
  const startFeature = new LeanComposer<BotContext>();
  startFeature.command("start", async (ctx, next) => {
    // Flow deep links start the exchange flow instead (see the exchange feature); any other
    // payload ("inline", "help") just gets the welcome.
    if (flowStart(ctx.match)) return next();
    await ctx.reply(
      ctx.t("welcome", { name: ctx.from?.first_name ?? "none", bot: ctx.me.username }),
      {
        link_preview_options: { is_disabled: true },
        reply_markup: webAppKeyboard(ctx.t, webAppUrl, { chatType: ctx.chat.type }),
      },
    );
  });
  return startFeature;
}
