import type { TranslateFunction } from "@grammyjs/i18n";
import { describeExchangeError, type ExchangeFailure } from "../../swaps/failures.ts";

/** One sentence for the user. */
export function failureText(t: TranslateFunction, failure: ExchangeFailure): string {
  switch (failure.kind) {
    case "busy":
      return t("exchange-busy", { seconds: Math.max(1, Math.ceil(failure.retryAfterMs / 1000)) });
    case "rejected":
      return t("exchange-rejected", { reason: failure.message });
    case "not-found":
      return t("exchange-not-found");
    case "unavailable":
      return t("exchange-unavailable");
  }
}

export function explainExchangeError(t: TranslateFunction, error: unknown): string {
  return failureText(t, describeExchangeError(error));
}
