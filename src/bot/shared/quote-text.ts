import type { TranslateFunction } from "@grammyjs/i18n";
import { type DecimalString, formatDecimal } from "../../lib/decimal.ts";
import type { KnownRefusal, PairLimits, Quote } from "../../quotes/quote.ts";
import { limitsAt } from "../../quotes/quote-service.ts";
import { type AmountFit, amountFit, limitsFit } from "../../swaps/amount-fit.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import { ageText } from "./age-text.ts";

/**
 * "≈ 0.0024" for a floating rate, "0.0024" for a fixed one: a fixed quote is what the swap pays,
 * not an estimate.
 */
export function approx(value: string, fixed: boolean): string {
  return fixed ? value : `≈ ${value}`;
}

/** "≈ 29.1" for a floating rate, "= 29.1" for a fixed one ("1 BTC = 29.1 ETH"). */
export function rateRelation(rate: string, fixed: boolean): string {
  return `${fixed ? "=" : "≈"} ${rate}`;
}

/**
 * Variables shared by every text that shows a quote. `toAmount` and `rate` carry their relation
 * (≈ for a floating rate), so no text puts "≈" before a fixed amount.
 */
export function quoteVariables(
  t: TranslateFunction,
  quote: Quote,
  amount: DecimalString,
  from: string,
  to: string,
) {
  const fixed = quote.rateType === "fixed";
  return {
    amount,
    from,
    to,
    toAmount: approx(formatDecimal(quote.receiveAmount), fixed),
    rate: rateRelation(formatDecimal(quote.rate, 12), fixed),
    rateType: t(quote.rateType === "fixed" ? "rate-type-fixed" : "rate-type-float"),
    min: formatDecimal(quote.minimum),
    max: formatDecimal(quote.maximum),
  };
}

/**
 * The quote, or, when the amount is outside the pair's limits, which limit it breaks (with its
 * number) and the rate all the same. A fixed quote says how long it holds (`fixedHoldsMs`, the
 * age at which Confirm fetches it again).
 */
export function quoteText(
  t: TranslateFunction,
  quote: Quote,
  amount: DecimalString,
  from: string,
  to: string,
  fixedHoldsMs?: number,
): { fit: AmountFit; text: string } {
  const vars = quoteVariables(t, quote, amount, from, to);
  const fit = amountFit(amount, quote);
  if (fit !== "ok") {
    const limit = t(fit === "below-min" ? "quote-below-min" : "quote-above-max", vars);
    return { fit, text: `${limit}\n${t("quote-rate-line", vars)}` };
  }
  const note = quote.note ? `\n${t("quote-exchange-note", { message: quote.note })}` : "";
  return { fit, text: t("quote", vars) + note + fixedHoldsLine(t, quote, fixedHoldsMs) };
}

/** Under a fixed quote: how long it holds, and what happens after. Empty for a floating one. */
export function fixedHoldsLine(t: TranslateFunction, quote: Quote, holdsMs?: number): string {
  if (quote.rateType !== "fixed" || holdsMs === undefined) return "";
  return `\n${t("quote-fixed-holds", { duration: ageText(t, holdsMs) })}`;
}

/** `/rate btc eth`: the rate of one coin, with the pair's limits, before any amount is typed. */
export function rateOfOneText(t: TranslateFunction, quote: Quote, from: string, to: string) {
  const rate = t("rate-one", quoteVariables(t, quote, "1" as DecimalString, from, to));
  return `${rate}\n${limitsText(t, { min: quote.minimum, max: quote.maximum }, from)}`;
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
  exchanges?: Pick<ExchangeSet, "labelOf">,
): string {
  const vars = {
    amount,
    from,
    min: formatDecimal(refusal.limits.min),
    max: formatDecimal(refusal.limits.max),
  };
  const below = refusal.fit === "below-min";
  // Several exchanges whose limits differ: the one that takes an amount beyond another's.
  const at = below ? refusal.minAt : refusal.maxAt;
  const text =
    at && exchanges
      ? t(below ? "quote-below-min-at" : "quote-above-max-at", {
          ...vars,
          exchange: exchanges.labelOf(at),
        })
      : t(below ? "quote-below-min" : "quote-above-max", vars);
  return `${text}\n${amountRange(t, vars)}`;
}

/**
 * When no offer's limits take the amount: the refusal by the union of their limits (the lowest
 * minimum, the highest maximum), naming where they differ; undefined when the union takes it (the
 * amount falls between one exchange's maximum and another's minimum: the best offer's own words).
 */
export function offersRefusal(
  offers: readonly Quote[],
  amount: DecimalString,
): KnownRefusal | undefined {
  if (offers.length === 0) return undefined;
  const limits = {
    min: Math.min(...offers.map((q) => q.minimum)),
    max: offers.some((q) => !(q.maximum > 0)) ? 0 : Math.max(...offers.map((q) => q.maximum)),
  };
  const fit = limitsFit(amount, limits);
  if (fit === "ok") return undefined;
  const at = limitsAt(
    offers.map((q) => ({ exchange: q.exchange, min: q.minimum, max: q.maximum })),
  );
  return { fit, limits, ...at };
}

/**
 * The line under a quote that names its exchange (several configured): its label, how long it
 * says a swap takes (a range, where it gives one), its KYC rating, and for the best of several
 * offers how many exchanges quoted ("best of 3").
 */
export function offerLine(
  t: TranslateFunction,
  quote: Quote,
  exchanges: Pick<ExchangeSet, "get" | "labelOf">,
  bestOf?: number,
): string {
  const kyc = exchanges.get(quote.exchange)?.kyc ?? null;
  const eta = quote.etaMinutes;
  return [
    t("quote-offer", { exchange: exchanges.labelOf(quote.exchange) }),
    bestOf !== undefined && bestOf > 1
      ? t("quote-offer-best-of", { count: String(bestOf) })
      : undefined,
    eta
      ? eta.min === eta.max
        ? t("quote-offer-eta-one", { minutes: String(eta.min) })
        : t("quote-offer-eta", { min: String(eta.min), max: String(eta.max) })
      : undefined,
    kyc ? t("quote-offer-kyc", { rating: kyc }) : undefined,
  ]
    .filter((part): part is string => part !== undefined)
    .join(" · ");
}

/** What the KYC letters mean, in one line: under the first offers a chat sees rated. */
export function kycLegend(t: TranslateFunction): string {
  return t("quote-kyc-legend");
}

/** An offer's button: "ChangeNOW · 13.86 ETH" (its exchange and what it gives). */
export function offerButtonText(
  t: TranslateFunction,
  quote: Quote,
  exchanges: Pick<ExchangeSet, "labelOf">,
  to: string,
): string {
  return t("button-offer", {
    exchange: exchanges.labelOf(quote.exchange),
    toAmount: formatDecimal(quote.receiveAmount),
    to,
  });
}

/**
 * What to type instead: an amount between the limits, or at least the minimum when no maximum is
 * known (a refusal that named only the minimum, in its words: max "0").
 */
export function amountRange(
  t: TranslateFunction,
  vars: { min: string; max: string; from: string },
): string {
  return t(Number(vars.max) > 0 ? "flow-amount-range" : "flow-amount-at-least", vars);
}
