import { InlineKeyboard } from "grammy";
import type { InlineQueryResult } from "grammy/types";
import type { CoinCatalog } from "../../catalog/catalog.ts";
import type { Coin } from "../../catalog/search.ts";
import { coinLabel } from "../../frontends/coin-label.ts";
import { parseAmount } from "../../lib/amount-input.ts";
import type { Logger } from "../../lib/logger.ts";
import type { QuoteService } from "../../quotes/quote-service.ts";
import { amountFit } from "../../swaps/amount-fit.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { resolveCoin } from "../shared/coin-input.ts";
import { swapLink } from "../shared/deep-link.ts";
import { explainExchangeError } from "../shared/failure-text.ts";
import { quoteShare } from "../shared/quote-share.ts";
import { offerLine, quoteText, quoteVariables } from "../shared/quote-text.ts";
import { parseRateArgs } from "../shared/rate-args.ts";

interface InlineDeps {
  catalog: CoinCatalog;
  quotes: QuoteService;
  exchanges: ExchangeSet;
  logger: Logger;
}

/** Telegram shows at most 50 results per answer. */
const PAGE = 50;
const MAX_RESULTS = 500;

/**
 * `@bot QUERY`: coins from the catalog (never the exchange), best match first, paged with
 * next_offset; `@bot 0.5 btc eth` answers with a quote through the rationed quote service.
 */
export function createInlineFeature(deps: InlineDeps) {
  const feature = new LeanComposer<BotContext>();

  // Each keystroke is an inline query: the per-user share keeps one fast typist from spending
  // everyone's quote budget. Coin search is free and is not limited.
  feature.filter(
    (ctx) => parseRateArgs(ctx.inlineQuery?.query ?? "").ok,
    quoteShare((ctx) => ctx.answerInlineQuery([], { cache_time: 2, is_personal: true })),
    async (ctx, next) => {
      const result = await quoteResult(ctx, deps);
      if (!result) return next();
      await ctx.answerInlineQuery([result], { cache_time: 10, is_personal: false });
    },
  );

  feature.on("inline_query", async (ctx) => {
    const query = ctx.inlineQuery.query.trim().slice(0, 64);
    const offset = Math.max(0, Number.parseInt(ctx.inlineQuery.offset || "0", 10) || 0);
    // An empty query browses everything, the popular coins first.
    const coins = query
      ? deps.catalog.search(query, MAX_RESULTS).map((hit) => hit.coin)
      : deps.catalog.all();
    const page = coins.slice(offset, offset + PAGE);
    const bot = ctx.me.username;
    await ctx.answerInlineQuery(
      page.map((coin) => coinResult(ctx, coin, bot)),
      {
        cache_time: 300,
        is_personal: false,
        next_offset: offset + PAGE < coins.length ? String(offset + PAGE) : "",
        button: { text: ctx.t("inline-hint-button"), start_parameter: "inline" },
      },
    );
  });

  return feature;
}

function coinResult(ctx: BotContext, coin: Coin, bot: string): InlineQueryResult {
  const code = coin.code.toUpperCase();
  return {
    type: "article",
    id: `coin:${coin.code}`.slice(0, 64),
    title: ctx.t("inline-coin-title", { code, name: coin.name }),
    description: coin.notes || ctx.t("inline-coin-description"),
    ...(coin.icon.startsWith("https://") ? { thumbnail_url: coin.icon } : {}),
    input_message_content: {
      message_text: ctx.t("inline-coin-message", { code, name: coin.name, notes: coin.notes }),
      parse_mode: "HTML",
    },
    reply_markup: new InlineKeyboard().url(
      ctx.t("inline-swap-button", { code }),
      swapLink(bot, coin.code),
    ),
  };
}

async function quoteResult(
  ctx: BotContext,
  deps: InlineDeps,
): Promise<InlineQueryResult | undefined> {
  const args = parseRateArgs(ctx.inlineQuery?.query ?? "");
  // Two coins without an amount are a coin search here, not a quote.
  if (!args.ok || args.amount === undefined) return undefined;
  const amount = parseAmount(args.amount);
  const from = resolveCoin(deps.catalog, args.from);
  const to = resolveCoin(deps.catalog, args.to);
  if (!amount.ok || from.kind !== "found" || to.kind !== "found") return undefined;
  if (from.coin.code === to.coin.code) return undefined;
  const fromLabel = coinLabel(from.coin.code, from.network);
  const toLabel = coinLabel(to.coin.code, to.network);
  const id = `q:${from.coin.code}:${to.coin.code}:${amount.value}`.slice(0, 64);
  try {
    // Every exchange's offer: the best is shown, with how many exchanges quoted.
    const { ranked } = await deps.quotes.offers(
      {
        coinFrom: from.coin.code,
        coinTo: to.coin.code,
        networkFrom: from.network,
        networkTo: to.network,
        amount: amount.value,
      },
      // Within the user's share of the public budget (a cached quote costs none).
      ctx.from ? { user: ctx.from.id } : {},
    );
    const quote = ranked[0]!;
    const vars = quoteVariables(ctx.t, quote, amount.value, fromLabel, toLabel);
    const inRange = amountFit(amount.value, quote) === "ok";
    const several = deps.exchanges.all.length > 1;
    // The exchange in the result's plain description too (its text is not HTML).
    const at = several
      ? ` · ${[deps.exchanges.labelOf(quote.exchange), ranked.length > 1 ? ctx.t("quote-offer-best-of", { count: String(ranked.length) }) : undefined].filter(Boolean).join(" · ")}`
      : "";
    const offer = several ? `\n${offerLine(ctx.t, quote, deps.exchanges, ranked.length)}` : "";
    return {
      type: "article",
      id,
      title: ctx.t(inRange ? "inline-quote-title" : "inline-quote-out-of-range-title", vars),
      description:
        ctx.t(
          inRange ? "inline-quote-description" : "inline-quote-out-of-range-description",
          vars,
        ) + at,
      input_message_content: {
        message_text: quoteText(ctx.t, quote, amount.value, fromLabel, toLabel).text + offer,
        parse_mode: "HTML",
      },
      reply_markup: new InlineKeyboard().url(
        ctx.t("rate-start-swap", { from: fromLabel, to: toLabel }),
        swapLink(ctx.me.username, from.coin.code),
      ),
    };
  } catch (error) {
    deps.logger.warn({ err: error }, "inline quote failed");
    const text = explainExchangeError(ctx.t, error);
    return {
      type: "article",
      id: `${id}:error`.slice(0, 64),
      title: text,
      input_message_content: { message_text: text, parse_mode: "HTML" },
    };
  }
}
