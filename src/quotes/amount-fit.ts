import {
  compareDecimal,
  type DecimalString,
  formatDecimal,
  MAX_FRACTION_DIGITS,
} from "../lib/decimal.ts";
import type { PairLimits, Quote } from "./quote-service.ts";

/** Whether an amount lies within a quote's minimum and maximum (max 0: none stated). */
export type AmountFit = "ok" | "below-min" | "above-max";

export function amountFit(amount: DecimalString, quote: Quote): AmountFit {
  return limitsFit(amount, { min: quote.minAmount, max: quote.maxAmount });
}

/** Whether an amount lies within a pair's limits (max 0: none stated). */
export function limitsFit(amount: DecimalString, limits: PairLimits): AmountFit {
  if (compareDecimal(amount, formatDecimal(limits.min, MAX_FRACTION_DIGITS)) < 0) {
    return "below-min";
  }
  if (
    limits.max > 0 &&
    compareDecimal(amount, formatDecimal(limits.max, MAX_FRACTION_DIGITS)) > 0
  ) {
    return "above-max";
  }
  return "ok";
}
