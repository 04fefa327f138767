import {
  compareDecimal,
  type DecimalString,
  formatDecimal,
  MAX_FRACTION_DIGITS,
} from "../lib/decimal.ts";
import type { ExchangeQuote } from "./exchange-port.ts";

/** Whether an amount lies within a quote's minimum and maximum (max 0: none stated). */
export type AmountFit = "ok" | "below-min" | "above-max";

export function amountFit(
  amount: DecimalString,
  quote: Pick<ExchangeQuote, "minimum" | "maximum">,
): AmountFit {
  return limitsFit(amount, { min: quote.minimum, max: quote.maximum });
}

/** Whether an amount lies within a pair's limits (max 0: none stated). */
export function limitsFit(amount: DecimalString, limits: { min: number; max: number }): AmountFit {
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
