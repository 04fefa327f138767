import type { TranslateFunction } from "@grammyjs/i18n";
import type { AmountInput } from "../../lib/amount-input.ts";
import type { CoinResolution } from "./coin-input.ts";

/** The sentence for an amount that did not parse. */
export function amountProblem(
  t: TranslateFunction,
  input: string,
  result: Extract<AmountInput, { ok: false }>,
): string {
  const shown = input.slice(0, 40);
  if (result.reason === "ambiguous") {
    const [thousands, decimal] = result.readings;
    return t("amount-ambiguous", { input: shown, thousands, decimal });
  }
  return t(`amount-${result.reason}`, { input: shown });
}

/** The sentence for a coin that could not be pinned down. */
export function coinProblem(
  t: TranslateFunction,
  input: string,
  result: Exclude<CoinResolution, { kind: "found" }>,
): string {
  const shown = input.slice(0, 40);
  if (result.kind === "ambiguous") {
    const options = result.options.map((c) => `${c.code.toUpperCase()} (${c.name})`).join(", ");
    return t("coin-ambiguous", { input: shown, options });
  }
  if (result.suggestions.length === 0) return t("coin-unknown", { input: shown });
  const suggestions = result.suggestions.map((c) => c.code.toUpperCase()).join(", ");
  return t("coin-unknown-suggest", { input: shown, suggestions });
}
