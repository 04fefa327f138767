import type { CoinCatalog } from "../../catalog/catalog.ts";
import { parseAmount } from "../../lib/amount-input.ts";
import type { Logger } from "../../lib/logger.ts";
import type { QuoteService } from "../../quotes/quote-service.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { resolveCoin } from "../shared/coin-input.ts";
import { explainExchangeError } from "../shared/failure-text.ts";
import { quoteShare } from "../shared/quote-share.ts";
import { coinLabel, quoteText, rateOfOneText } from "../shared/quote-text.ts";
import { parseRateArgs } from "../shared/rate-args.ts";
import { amountProblem, coinProblem } from "../shared/resolve-text.ts";

export function createRateFeature(deps: {
  catalog: CoinCatalog;
  quotes: QuoteService;
  logger: Logger;
}) {
  const feature = new LeanComposer<BotContext>();

  feature.command(
    "rate",
    quoteShare((ctx) => ctx.reply(ctx.t("rate-too-fast"))),
    async (ctx) => {
      const args = parseRateArgs(ctx.match);
      if (!args.ok) return ctx.reply(ctx.t("rate-usage"));
      const amount = parseAmount(args.amount ?? "1");
      if (!amount.ok) {
        const typed = args.amount ?? "";
        return ctx.reply(`${amountProblem(ctx.t, typed, amount)}\n${ctx.t("rate-usage")}`);
      }
      const from = resolveCoin(deps.catalog, args.from);
      if (from.kind !== "found") return ctx.reply(coinProblem(ctx.t, args.from, from));
      const to = resolveCoin(deps.catalog, args.to);
      if (to.kind !== "found") return ctx.reply(coinProblem(ctx.t, args.to, to));
      if (from.coin.code === to.coin.code && from.network === to.network) {
        return ctx.reply(ctx.t("coin-same", { coin: coinLabel(from.coin, from.network) }));
      }
      try {
        const quote = await deps.quotes.quote(
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
        const fromLabel = coinLabel(from.coin, from.network);
        const toLabel = coinLabel(to.coin, to.network);
        // No amount: the rate of one coin and the pair's limits, whether or not one coin fits them.
        if (args.amount === undefined)
          return ctx.reply(rateOfOneText(ctx.t, quote, fromLabel, toLabel));
        const { text } = quoteText(ctx.t, quote, amount.value, fromLabel, toLabel);
        return ctx.reply(text);
      } catch (error) {
        deps.logger.warn({ err: error }, "rate: quote failed");
        return ctx.reply(explainExchangeError(ctx.t, error));
      }
    },
  );

  return feature;
}
