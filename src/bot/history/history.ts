import { InlineKeyboard } from "grammy";
import { coinLabel } from "../../frontends/coin-label.ts";
import { namedSwapExchange } from "../../frontends/swap-exchange.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import { isFinal } from "../../swaps/status.ts";
import { isSandboxExchange } from "../../swaps/swap.ts";
import type { SwapReader } from "../../swaps/swap-reader.ts";
import { cbField, defineCallback } from "../callback-data.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { addCopyButton } from "../shared/copy-buttons.ts";
import { withExchangeLine } from "../shared/exchange-line.ts";
import { formatTime } from "../shared/format-time.ts";
import { holdLines } from "../shared/hold-text.ts";
import { ignoreNotModified } from "../shared/not-modified.ts";
import { statusName } from "../shared/status-name.ts";
import { openSwapButton } from "../shared/swap-button.ts";

export interface HistoryDeps {
  reader: SwapReader;
  /** The exchanges: each entry names its swap's (namedSwapExchange). */
  exchanges: ExchangeSet;
}

/** The entries' links (the exchanges' pages) stay links: no preview unfolds under the list. */
const NO_PREVIEW = { is_disabled: true };

const PAGE_SIZE = 5;
const pageButton = defineCallback("hist", { offset: cbField.int() });

/** The chat's own swaps, newest first, paged; each entry opens its status card. */
export function createHistoryFeature(deps: HistoryDeps) {
  const feature = new LeanComposer<BotContext>();

  const render = async (ctx: BotContext, offset: number) => {
    const chatId = ctx.chat?.id;
    const { items, total } =
      chatId === undefined
        ? { items: [], total: 0 }
        : await deps.reader.page(chatId, PAGE_SIZE, offset);
    if (total === 0) return { text: ctx.t("history-empty"), keyboard: undefined };
    const pages = Math.ceil(total / PAGE_SIZE);
    const page = Math.floor(offset / PAGE_SIZE) + 1;
    const mark = (swap: (typeof items)[number]) =>
      !deps.reader.isHere(swap)
        ? ctx.t(isSandboxExchange(swap.exchange) ? "history-sandbox" : "history-elsewhere")
        : swap.givenUpAt !== null && !isFinal(swap.status)
          ? ctx.t("history-given-up")
          : holdLines(ctx.t, swap).join("\n") || undefined;
    const lines = items.map((swap, i) =>
      [
        withExchangeLine(
          ctx.t,
          ctx.t("history-line", {
            n: offset + i + 1,
            id: swap.id,
            amountIn: swap.amountIn,
            from: coinLabel(swap.coinFrom, swap.networkFrom),
            to: coinLabel(swap.coinTo, swap.networkTo),
            status: statusName(ctx.t, swap.status),
            created: formatTime(swap.createdAt),
          }),
          swap,
          namedSwapExchange(deps.exchanges, swap),
        ),
        mark(swap),
      ]
        .filter((part) => part !== undefined)
        .join("\n"),
    );
    const keyboard = new InlineKeyboard();
    items.forEach((swap, i) => {
      const n = offset + i + 1;
      // An id too long for a button's 64 bytes gets none; the line still lists the swap.
      const open = openSwapButton.tryPack({ id: swap.id });
      if (open) keyboard.text(ctx.t("history-open", { n }), open);
      addCopyButton(keyboard, ctx.t("history-copy-id", { n }), swap.id);
      keyboard.row();
    });
    if (offset > 0) {
      keyboard.text(
        ctx.t("button-prev"),
        pageButton.pack({ offset: Math.max(0, offset - PAGE_SIZE) }),
      );
    }
    if (offset + PAGE_SIZE < total) {
      keyboard.text(ctx.t("button-next"), pageButton.pack({ offset: offset + PAGE_SIZE }));
    }
    const text = [ctx.t("history-title", { total, page, pages }), ...lines].join("\n\n");
    return { text, keyboard };
  };

  feature.command("history", async (ctx) => {
    const { text, keyboard } = await render(ctx, 0);
    await ctx.reply(text, { reply_markup: keyboard, link_preview_options: NO_PREVIEW });
  });

  feature.callbackQuery(pageButton.filter, async (ctx) => {
    const data = pageButton.unpack(ctx.callbackQuery.data);
    if (!data) return ctx.answerCallbackQuery({ text: ctx.t("button-expired") });
    await ctx.answerCallbackQuery();
    const { text, keyboard } = await render(ctx, data.offset);
    await ctx
      .editMessageText(text, { reply_markup: keyboard, link_preview_options: NO_PREVIEW })
      .catch(ignoreNotModified);
  });

  return feature;
}
