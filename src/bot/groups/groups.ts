import { type CommandContext, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { startLink } from "../shared/deep-link.ts";

/** Commands that show or ask for addresses: in a group everyone would see them. */
const PRIVATE_ONLY = ["exchange", "status", "history", "forget"] as const;

/**
 * In groups, /rate, /currencies and inline mode work; anything involving an address answers with
 * a button that continues in a private chat with the bot.
 */
export function createGroupsFeature() {
  const feature = new LeanComposer<BotContext>();
  const groups = feature.chatType(["group", "supergroup"]);

  groups.command([...PRIVATE_ONLY], async (ctx) => {
    await ctx.reply(ctx.t("group-go-private"), {
      reply_markup: new InlineKeyboard().url(
        ctx.t("group-go-private-button"),
        startLink(ctx.me.username, ctx.msg.text.startsWith("/exchange") ? "exchange" : "help"),
      ),
    });
  });

  return feature;
}

/**
 * A deep link that starts the flow (`/start exchange`, `/start swap-btc`) in a group continues in
 * a private chat too, with the same payload: start/ owns `/start` and routes it here.
 */
export async function flowLinkInGroup(ctx: CommandContext<BotContext>): Promise<void> {
  await ctx.reply(ctx.t("group-go-private"), {
    reply_markup: new InlineKeyboard().url(
      ctx.t("group-go-private-button"),
      startLink(ctx.me.username, ctx.match.trim()),
    ),
  });
}
