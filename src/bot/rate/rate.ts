import type { CoinCatalog } from "../../catalog/catalog.ts";
import { dollarCoin } from "../../catalog/dollar-coin.ts";
import { coinLabel } from "../../frontends/coin-label.ts";
import { parseAmountWithUnit } from "../../lib/amount-input.ts";
import type { Logger } from "../../lib/logger.ts";
import { sendAmountOf } from "../../quotes/amount-pricing.ts";
import type { QuoteService } from "../../quotes/quote-service.ts";
import { amountFit } from "../../swaps/amount-fit.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { resolveCoin } from "../shared/coin-input.ts";
import { explainExchangeError } from "../shared/failure-text.ts";
import { quoteShare } from "../shared/quote-share.ts";
import { offerButtonText, offerLine, quoteText, rateOfOneText } from "../shared/quote-text.ts";
import { parseRateRequest } from "../shared/rate-args.ts";
import { amountProblem, coinProblem } from "../shared/resolve-text.ts";

export function createRateFeature(deps: {
  catalog: CoinCatalog;
  quotes: QuoteService;
  exchanges: ExchangeSet;
  logger: Logger;
}) {
  const feature = new LeanComposer<BotContext>();

  feature.command(
    "rate",
    quoteShare((ctx) => ctx.reply(ctx.t("rate-too-fast"))),
    async (ctx) => {
      const args = parseRateRequest(ctx.match);
      if (!args.ok) return ctx.reply(ctx.t("rate-usage"));
      const from = resolveCoin(deps.catalog, args.from);
      if (from.kind !== "found") return ctx.reply(coinProblem(ctx.t, args.from, from));
      const to = resolveCoin(deps.catalog, args.to);
      if (to.kind !== "found") return ctx.reply(coinProblem(ctx.t, args.to, to));
      if (from.coin.code === to.coin.code && from.network === to.network) {
        return ctx.reply(ctx.t("coin-same", { coin: coinLabel(from.coin.code, from.network) }));
      }
      const fromLabel = coinLabel(from.coin.code, from.network);
      const toLabel = coinLabel(to.coin.code, to.network);
      const amount = parseAmountWithUnit(args.amount ?? "1", {
        send: from.coin.code,
        receive: to.coin.code,
      });
      if (!amount.ok) {
        const typed = args.amount ?? "";
        const problem =
          amount.reason === "unknown-unit"
            ? ctx.t("amount-unknown-unit", {
                unit: amount.unit,
                from: from.coin.code.toUpperCase(),
                to: to.coin.code.toUpperCase(),
              })
            : amountProblem(ctx.t, typed, amount);
        return ctx.reply(`${problem}\n${ctx.t("rate-usage")}`);
      }
      const pair = {
        coinFrom: from.coin.code,
        coinTo: to.coin.code,
        networkFrom: from.network,
        networkTo: to.network,
      };
      // Within the user's share of the public budget (a cached quote costs none).
      const user = ctx.from ? { user: ctx.from.id } : {};
      try {
        // An amount to receive or in dollars: the amount to send it takes, said first.
        const priced = await sendAmountOf(deps.quotes, pair, amount, {
          rateType: "float",
          dollarCoin: dollarCoin(deps.catalog),
          ...user,
        });
        if (!priced.ok) return ctx.reply(ctx.t(`amount-${priced.problem}`, { from: fromLabel }));
        const send = priced.send;
        // Every exchange's offer: the best is shown, with how many exchanges quoted.
        const offers = priced.quote
          ? [priced.quote]
          : (await deps.quotes.offers({ ...pair, amount: send }, user)).ranked;
        const quote = offers[0]!;
        // The others whose limits take the amount, each named with what it gives, best first.
        const others = offers
          .slice(1)
          .filter((other) => amountFit(send, other) === "ok")
          .map((other) => `\n• ${offerButtonText(ctx.t, other, deps.exchanges, toLabel)}`)
          .join("");
        const offer =
          deps.exchanges.all.length > 1
            ? `\n${offerLine(ctx.t, quote, deps.exchanges, priced.quote ? undefined : offers.length)}${others}`
            : "";
        // No amount: the rate of one coin and the pair's limits, whether or not one coin fits them.
        if (args.amount === undefined)
          return ctx.reply(rateOfOneText(ctx.t, quote, fromLabel, toLabel) + offer);
        const worked = priced.dollars
          ? ctx.t("flow-amount-dollars", {
              dollars: priced.dollars.amount,
              amount: send,
              from: fromLabel,
              price: priced.dollars.price,
              coin: priced.dollars.coin,
            })
          : priced.receive
            ? ctx.t("flow-amount-receive", {
                receive: priced.receive,
                to: toLabel,
                amount: send,
                from: fromLabel,
                how: priced.quote ? "exact" : "rate",
              })
            : undefined;
        const { text } = quoteText(ctx.t, quote, send, fromLabel, toLabel);
        return ctx.reply((worked ? `${worked}\n${text}` : text) + offer);
      } catch (error) {
        deps.logger.warn({ err: error }, "rate: quote failed");
        return ctx.reply(explainExchangeError(ctx.t, error));
      }
    },
  );

  return feature;
}
