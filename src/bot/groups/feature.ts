import { InlineKeyboard } from "grammy";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { flowStart, startLink } from "../shared/deep-link.ts";

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

  // A deep link that starts the flow (`/start exchange`, `/start swap-btc`) continues there too,
  // with the same payload.
  groups.command("start", async (ctx, next) => {
    if (!flowStart(ctx.match)) return next();
    await ctx.reply(ctx.t("group-go-private"), {
      reply_markup: new InlineKeyboard().url(
        ctx.t("group-go-private-button"),
        startLink(ctx.me.username, ctx.match.trim()),
      ),
    });
  });

  return feature;
}
