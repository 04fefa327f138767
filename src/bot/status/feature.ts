import { InlineKeyboard } from "grammy";
import type { SwapReader } from "../../swaps/swap-reader.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../lean-composer.ts";
import { ignoreNotModified } from "../shared/not-modified.ts";
import { readShare } from "../shared/read-share.ts";
import { openSwapButton, SWAP_ID } from "../shared/swap-button.ts";
import { statusCardText } from "./render.ts";

export interface StatusDeps {
  reader: SwapReader;
}

export function createStatusFeature(deps: StatusDeps) {
  const feature = new LeanComposer<BotContext>();
  // /status and Refresh draw on one share per chat: beyond it, the card shows what the bot knows.
  const share = readShare();

  const render = async (ctx: BotContext, id: string | undefined) => {
    const chatId = ctx.chat?.id;
    if (chatId === undefined) return { text: ctx.t("error-generic") };
    if (id !== undefined && !SWAP_ID.test(id)) {
      return { text: ctx.t("status-not-found", { id: id.slice(0, 40) }) };
    }
    const view = await deps.reader.get(chatId, id, { live: !share.overShare(ctx) });
    if (!view) {
      return { text: id ? ctx.t("status-not-found", { id }) : ctx.t("status-none") };
    }
    // An id too long for a button's 64 bytes gets no refresh button; /status ID still works.
    const refresh = openSwapButton.tryPack({ id: view.swap.id });
    const keyboard = refresh
      ? new InlineKeyboard().text(ctx.t("status-refresh"), refresh)
      : undefined;
    return { text: statusCardText(ctx.t, view, Date.now()), keyboard };
  };

  feature.command("status", share.middleware, async (ctx) => {
    const id = ctx.match.trim().split(/\s+/)[0] || undefined;
    const { text, keyboard } = await render(ctx, id);
    await ctx.reply(text, { reply_markup: keyboard, link_preview_options: { is_disabled: true } });
  });

  feature.callbackQuery(openSwapButton.filter, share.middleware, async (ctx) => {
    const data = openSwapButton.unpack(ctx.callbackQuery.data);
    if (!data) return ctx.answerCallbackQuery({ text: ctx.t("button-expired") });
    await ctx.answerCallbackQuery();
    const { text, keyboard } = await render(ctx, data.id);
    // Pressed on the card itself: refresh it in place; pressed in /history: a new card.
    if (ctx.callbackQuery.message?.text?.includes(data.id)) {
      await ctx.editMessageText(text, { reply_markup: keyboard }).catch(ignoreNotModified);
    } else {
      await ctx.reply(text, { reply_markup: keyboard });
    }
  });

  return feature;
}
