import {
  compareDecimal,
  type DecimalString,
  formatDecimal,
  MAX_FRACTION_DIGITS,
} from "../lib/decimal.ts";
import type { ExchangeQuote as Quote } from "./exchange-port.ts";

/** Whether an amount lies within a quote's minimum and maximum (max 0: none stated). */
export type AmountFit = "ok" | "below-min" | "above-max";

export function amountFit(amount: DecimalString, quote: Quote): AmountFit {
  if (compareDecimal(amount, formatDecimal(quote.minimum, MAX_FRACTION_DIGITS)) < 0)
    return "below-min";
  if (
    quote.maximum > 0 &&
    compareDecimal(amount, formatDecimal(quote.maximum, MAX_FRACTION_DIGITS)) > 0
  ) {
    return "above-max";
  }
  return "ok";
}
