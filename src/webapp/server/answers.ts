import type { FluentVariable } from "@fluent/bundle";
import { coinNetworks, defaultNetwork } from "../../catalog/networks.ts";
import type { Coin } from "../../catalog/search.ts";
import type { AmountInput } from "../../lib/amount-input.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import type { PairLimits, Quote } from "../../quotes/quote.ts";
import { amountFit, limitsFit } from "../../swaps/amount-fit.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import type { ExchangeFailure } from "../../swaps/failures.ts";
import { payoutMemoRule } from "../../swaps/memo-networks.ts";
import type { RateType } from "../../swaps/swap.ts";
import type { PageLocale, PageTexts } from "./texts.ts";

/**
 * The key and variables of the sentence for an amount that did not parse: `1,000` asks which
 * reading is meant (the chat's amountProblem).
 */
export function amountRefusal(
  typed: string,
  amount: Extract<AmountInput, { ok: false }>,
): [string, Record<string, string>?] {
  if (amount.reason !== "ambiguous") return ["webapp-amount-invalid"];
  const [thousands, decimal] = amount.readings;
  return ["webapp-amount-ambiguous", { input: typed.slice(0, 40), thousands, decimal }];
}

/** One exchange's offer as the page's routes price it: its quote and the amount to send it is for. */
export interface PricedOffer {
  quote: Quote;
  send: DecimalString;
}

/** A request's context as far as answers need it: the checked user's locale. */
export interface Localized {
  get(key: "locale"): PageLocale;
}

/** The Mini App's answers: the page's words for the user's locale, and the page's shapes. */
export function answers(texts: PageTexts) {
  const t = (c: Localized, id: string, vars?: Record<string, FluentVariable>) =>
    texts.t(c.get("locale"), id, vars);
  return {
    t,
    bad: (message: string, field?: string) => ({ error: "invalid", message, field }),
    /** Why the amount does not fit the pair's limits, if it does not. */
    fitProblem(
      c: Localized,
      amount: DecimalString,
      limits: PairLimits,
      coin: string,
    ): string | undefined {
      const fit = limitsFit(amount, limits);
      if (fit === "below-min") {
        return t(c, "webapp-amount-below", { min: String(limits.min), coin: coin.toUpperCase() });
      }
      if (fit === "above-max") {
        return t(c, "webapp-amount-above", { max: String(limits.max), coin: coin.toUpperCase() });
      }
      return undefined;
    },
    /** An exchange failure as the chat words it (bot/shared/failure-text.ts), with its HTTP status. */
    failure(
      c: Localized,
      f: ExchangeFailure,
    ): [{ error: string; message: string }, 400 | 429 | 502] {
      const locale = c.get("locale");
      switch (f.kind) {
        case "busy": {
          const seconds = String(Math.max(1, Math.ceil(f.retryAfterMs / 1000)));
          return [{ error: "busy", message: texts.t(locale, "exchange-busy", { seconds }) }, 429];
        }
        case "rejected":
          return [
            {
              error: "rejected",
              message: texts.t(locale, "exchange-rejected", { reason: f.message }),
            },
            400,
          ];
        case "not-found":
          return [{ error: "rejected", message: texts.t(locale, "exchange-not-found") }, 400];
        case "unavailable":
          return [{ error: "unavailable", message: texts.t(locale, "exchange-unavailable") }, 502];
      }
    },
  };
}
export type Answers = ReturnType<typeof answers>;

export function pageCoin(coin: Coin) {
  const networks = coinNetworks(coin);
  return {
    code: coin.code,
    name: coin.name,
    networks,
    defaultNetwork: defaultNetwork(coin),
    // Where a payout takes a memo: "" (no network chosen) and the networks that do.
    memoNetworks: ["", ...networks].filter((n) => payoutMemoRule(coin, n || undefined)),
  };
}

/** What the page needs of the configured exchanges: their names, labels and KYC ratings. */
export type PageExchanges = Pick<ExchangeSet, "all" | "get" | "labelOf">;

/**
 * `fromAmount`: the amount to send (as typed, or what an amount to receive takes). `exchange`:
 * the offer's exchange (created at), `label`: its name as users see it.
 */
export function pageQuote(
  quote: Quote,
  rateType: RateType,
  fromAmount: DecimalString,
  exchanges?: Pick<PageExchanges, "labelOf">,
) {
  return {
    fromAmount,
    toAmount: quote.receiveAmount,
    rate: quote.rate,
    minAmount: quote.minimum,
    maxAmount: quote.maximum,
    rateType,
    message: quote.note ?? null,
    exchange: quote.exchange,
    label: exchanges?.labelOf(quote.exchange) ?? quote.exchange,
  };
}

/**
 * Every exchange's offer as the page lists it, best first: its quote, KYC rating, whether its
 * limits take the amount, and which is the best (the first, when its limits take the amount).
 * None with one exchange configured: the page then shows no list.
 */
export function pageOffers(offers: PricedOffer[], rateType: RateType, exchanges: PageExchanges) {
  if (exchanges.all.length < 2) return [];
  return offers.map((offer, i) => {
    const fits = amountFit(offer.send, offer.quote) === "ok";
    return {
      ...pageQuote(offer.quote, rateType, offer.send, exchanges),
      kyc: exchanges.get(offer.quote.exchange)?.kyc ?? null,
      fits,
      best: i === 0 && fits,
    };
  });
}

/**
 * Why no offer's limits take its amount, named by the limits over every offer (the lowest
 * minimum, the highest maximum; none when one of them states none); undefined when one takes it.
 */
export function offersProblem(
  say: Pick<Answers, "fitProblem">,
  c: Localized,
  offers: PricedOffer[],
  send: DecimalString,
  coin: string,
): string | undefined {
  if (offers.some((o) => amountFit(o.send, o.quote) === "ok")) return undefined;
  return say.fitProblem(c, send, unionLimits(offers), coin);
}

function unionLimits(offers: PricedOffer[]): PairLimits {
  return {
    min: Math.min(...offers.map((o) => o.quote.minimum)),
    max: offers.some((o) => !(o.quote.maximum > 0))
      ? 0
      : Math.max(...offers.map((o) => o.quote.maximum)),
  };
}
