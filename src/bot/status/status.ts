import { InlineKeyboard } from "grammy";
import { DEFAULT_EXPLORER_TABLE, type ExplorerTable } from "../../frontends/explorers.ts";
import type { Awaitable } from "../../lib/awaitable.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import { isFinal } from "../../swaps/status.ts";
import type { SwapReader } from "../../swaps/swap-reader.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { swapCopyKeyboard } from "../shared/copy-buttons.ts";
import { depositText } from "../shared/deposit-message.ts";
import { explorerLinks, withReceipt } from "../shared/explorer-links.ts";
import { ignoreNotModified } from "../shared/not-modified.ts";
import { readShare } from "../shared/read-share.ts";
import { withSupportButton } from "../shared/support-buttons.ts";
import { openSwapButton, SWAP_ID } from "../shared/swap-button.ts";
import { statusCardText } from "./render.ts";

export interface StatusDeps {
  reader: SwapReader;
  /** The exchanges: the card names the swap's, with a link to its page of the swap. */
  exchanges: ExchangeSet;
  /** Makes a message the swap's status card (edited as the swap moves on). */
  setStatusCard(transactionId: string, messageId: number): Awaitable<void>;
  /** Block explorers for the transaction hashes (the default table when not given). */
  explorers?: ExplorerTable;
  /** Whether a finished swap's card offers "Contact support" (a desk or a contact is set). */
  supportButton?: boolean;
}

/** The card's links (explorers, the exchange's page) stay links: no preview unfolds under it. */
const NO_PREVIEW = { is_disabled: true };

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
    const { swap } = view;
    // Copy buttons for what the card shows (none for a swap whose address is withheld), then
    // Refresh while the swap can still move; an id too long for a button's 64 bytes gets no
    // refresh button (/status ID works); a finished swap's card offers support instead.
    const copy = swap.suspect ? new InlineKeyboard() : swapCopyKeyboard(ctx.t, swap);
    const refresh = isFinal(swap.status) ? undefined : openSwapButton.tryPack({ id: swap.id });
    if (refresh) copy.text(ctx.t("status-refresh"), refresh);
    const keyboard =
      deps.supportButton && isFinal(swap.status) ? withSupportButton(ctx.t, swap.id, copy) : copy;
    // Its deposit message never went out (the process died between recording the swap and
    // sending it): this answer is that message, and becomes the card.
    if (swap.cardMessageId === null && !swap.suspect && swap.status === "wait" && !view.elsewhere) {
      return { text: depositText(ctx.t, swap, deps.exchanges), keyboard, card: swap.id };
    }
    const card = statusCardText(ctx.t, view, Date.now(), deps.exchanges);
    const links = swap.suspect
      ? undefined
      : explorerLinks(ctx.t, deps.explorers ?? DEFAULT_EXPLORER_TABLE, swap);
    return { text: withReceipt(card, links), keyboard };
  };

  feature.command("status", share.middleware, async (ctx) => {
    const id = ctx.match.trim().split(/\s+/)[0] || undefined;
    const { text, keyboard, card } = await render(ctx, id);
    const sent = await ctx.reply(text, {
      reply_markup: keyboard,
      link_preview_options: NO_PREVIEW,
    });
    if (card) await deps.setStatusCard(card, sent.message_id);
  });

  feature.callbackQuery(openSwapButton.filter, share.middleware, async (ctx) => {
    const data = openSwapButton.unpack(ctx.callbackQuery.data);
    if (!data) return ctx.answerCallbackQuery({ text: ctx.t("button-expired") });
    await ctx.answerCallbackQuery();
    const { text, keyboard, card } = await render(ctx, data.id);
    // Pressed on the card itself: refresh it in place; pressed in /history: a new card.
    if (ctx.callbackQuery.message?.text?.includes(data.id)) {
      await ctx
        .editMessageText(text, { reply_markup: keyboard, link_preview_options: NO_PREVIEW })
        .catch(ignoreNotModified);
    } else {
      const sent = await ctx.reply(text, {
        reply_markup: keyboard,
        link_preview_options: NO_PREVIEW,
      });
      if (card) await deps.setStatusCard(card, sent.message_id);
    }
  });

  return feature;
}
