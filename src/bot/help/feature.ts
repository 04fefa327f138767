import { describeCommands } from "../commands.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { webAppKeyboard } from "../shared/web-app-button.ts";

export function createHelpFeature(webAppUrl: string | undefined) {
  const helpFeature = new LeanComposer<BotContext>();
  helpFeature.command("help", async (ctx) => {
    const commands = describeCommands((key) => ctx.t(key))
      .map(({ command, description }) => `/${command} — ${description}`)
      .join("\n");
    const help = ctx.t("help", { commands, bot: ctx.me.username });
    await ctx.reply(`${help}\n\n${ctx.t("support-trust")}`, {
      link_preview_options: { is_disabled: true },
      reply_markup: webAppKeyboard(ctx.t, webAppUrl, { chatType: ctx.chat.type }),
    });
  });
  return helpFeature;
}
