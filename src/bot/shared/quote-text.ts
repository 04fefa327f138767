import type { TranslateFunction } from "@grammyjs/i18n";
import type { Coin } from "../../catalog/search.ts";
import { type DecimalString, formatDecimal } from "../../lib/decimal.ts";
import { type AmountFit, amountFit } from "../../quotes/amount-fit.ts";
import type { KnownRefusal, PairLimits, Quote } from "../../quotes/quote-service.ts";

export { amountFit };

import { label } from "./coin-label.ts";

/** "USDT (TRC20)": the code people know, with the network when one was chosen. */
export function coinLabel(coin: Coin, network?: string): string {
  return label(coin.code, network);
}

/** Variables shared by every text that shows a quote. */
export function quoteVariables(
  t: TranslateFunction,
  quote: Quote,
  amount: DecimalString,
  from: string,
  to: string,
) {
  return {
    amount,
    from,
    to,
    toAmount: formatDecimal(quote.toAmount),
    rate: formatDecimal(quote.rate, 12),
    rateType: t(quote.rateType === "fixed" ? "rate-type-fixed" : "rate-type-float"),
    min: formatDecimal(quote.minAmount),
    max: formatDecimal(quote.maxAmount),
  };
}

/**
 * The quote, or, when the amount is outside the pair's limits, which limit it breaks (with its
 * number) and both limits.
 */
export function quoteText(
  t: TranslateFunction,
  quote: Quote,
  amount: DecimalString,
  from: string,
  to: string,
): { fit: AmountFit; text: string } {
  const vars = quoteVariables(t, quote, amount, from, to);
  const fit = amountFit(amount, quote);
  if (fit !== "ok") {
    return { fit, text: t(fit === "below-min" ? "quote-below-min" : "quote-above-max", vars) };
  }
  const note = quote.message ? `\n${t("quote-exchange-note", { message: quote.message })}` : "";
  return { fit, text: t("quote", vars) + note };
}

/** "Minimum: 0.00016 BTC · Maximum: 1.05 BTC", from a pair's limits, before any amount is typed. */
export function limitsText(t: TranslateFunction, limits: PairLimits, from: string): string {
  return t("flow-amount-limits", {
    from,
    min: formatDecimal(limits.min),
    max: limits.max > 0 ? formatDecimal(limits.max) : "none",
  });
}

/**
 * An amount the pair's known limits refuse, worded as a quote's refusal is (quoteText and
 * flow-amount-range), without a quote.
 */
export function limitsRefusal(
  t: TranslateFunction,
  refusal: KnownRefusal,
  amount: DecimalString,
  from: string,
): string {
  const vars = {
    amount,
    from,
    min: formatDecimal(refusal.limits.min),
    max: formatDecimal(refusal.limits.max),
  };
  const text = t(refusal.fit === "below-min" ? "quote-below-min" : "quote-above-max", vars);
  return `${text}\n${t("flow-amount-range", vars)}`;
}
