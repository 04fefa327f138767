import { describeCommands } from "../commands.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { supportTrust } from "../shared/support-buttons.ts";
import { webAppKeyboard } from "../shared/web-app-button.ts";

/** `/help`: the commands, and who support is (`desk`: a support desk answers in this chat). */
export function createHelpFeature(webAppUrl: string | undefined, desk: boolean) {
  const helpFeature = new LeanComposer<BotContext>();
  helpFeature.command("help", async (ctx) => {
    const commands = describeCommands((key) => ctx.t(key))
      .map(({ command, description }) => `/${command} — ${description}`)
      .join("\n");
    const help = ctx.t("help", { commands, bot: ctx.me.username });
    await ctx.reply(`${help}\n\n${supportTrust(ctx.t, desk)}`, {
      link_preview_options: { is_disabled: true },
      reply_markup: webAppKeyboard(ctx.t, webAppUrl, { chatType: ctx.chat.type }),
    });
  });
  return helpFeature;
}
