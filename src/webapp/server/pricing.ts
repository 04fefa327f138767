import { dollarCoin } from "../../catalog/dollar-coin.ts";
import { type DecimalString, formatDecimal } from "../../lib/decimal.ts";
import { type AskedAmount, sendAmountOf } from "../../quotes/amount-pricing.ts";
import type { Quote } from "../../quotes/quote.ts";
import type { RateType } from "../../swaps/swap.ts";
import type { Answers, Localized, PricedOffer } from "./answers.ts";
import type { WebAppDeps } from "./deps.ts";
import { pairFromQuery } from "./pair-input.ts";

type Priced =
  | {
      ok: true;
      /** The chosen offer's amount to send and quote (the one asked for, else the best). */
      send: DecimalString;
      quote: Quote;
      /** Every exchange's offer, best first (QuoteService.offers). */
      offers: PricedOffer[];
      exact: boolean;
      /** For dollars: how they were priced (SendAmount's `dollars`). */
      dollars?: { amount: DecimalString; coin: string; price: DecimalString };
    }
  | { ok: false; problem: string };

export interface PriceOptions {
  /** The exchange the user chose: its offer is the one priced, while it still makes one. */
  exchange?: string | undefined;
  /** Exchanges not asked (one that refused to create this swap). */
  exclude?: readonly string[];
  /** Asks every exchange upstream even when a fresh answer is cached (the next offer after a refusal). */
  fresh?: boolean;
}

/**
 * The amount to send and every exchange's offer for it: the amount typed, or for an amount to
 * receive or in dollars what it takes (quotes/amount-pricing.ts, as the chat's amount step prices
 * it), within the user's share of the public budget. An amount to receive that exchanges quote
 * themselves is each one's own reverse quote (`exact`: its amount to send is that exchange's);
 * else the amount to send is worked out once and every exchange quotes it. `problem`: a sentence.
 */
export async function priceOf(
  deps: Pick<WebAppDeps, "catalog" | "quotes">,
  say: Answers,
  c: Localized,
  request: { from: string; to: string; networkFrom?: string; networkTo?: string },
  asked: AskedAmount,
  rateType: RateType,
  user: number,
  options: PriceOptions = {},
): Promise<Priced> {
  const { quotes, catalog } = deps;
  const pair = pairFromQuery(request);
  const ask = {
    user,
    ...(options.exclude ? { exclude: options.exclude } : {}),
    ...(options.fresh ? { fresh: true } : {}),
  };
  const chosen = (
    offers: PricedOffer[],
    exact: boolean,
    extra: Pick<Priced & { ok: true }, "dollars">,
  ) => {
    const pick = offers.find((o) => o.quote.exchange === options.exchange) ?? offers[0]!;
    return { ok: true as const, send: pick.send, quote: pick.quote, offers, exact, ...extra };
  };
  const noRate = () => ({
    ok: false as const,
    problem: say.t(c, "amount-no-rate", { from: request.from.toUpperCase() }),
  });
  if (asked.unit === "send") {
    const { ranked } = await quotes.offers({ ...pair, amount: asked.value, rateType }, ask);
    return chosen(
      ranked.map((quote) => ({ quote, send: asked.value })),
      false,
      {},
    );
  }
  if (asked.unit === "receive" && quotes.reversesAt(rateType)) {
    // Each exchange that quotes an amount to receive says what it takes to send.
    const { ranked } = await quotes.offers(
      { ...pair, amount: asked.value, receiveAmount: asked.value, rateType },
      ask,
    );
    const offers = ranked
      .filter((quote) => quote.sendAmount > 0)
      .map((quote) => ({ quote, send: formatDecimal(quote.sendAmount) }));
    return offers.length > 0 ? chosen(offers, true, {}) : noRate();
  }
  const priced = await sendAmountOf(quotes, pair, asked, {
    rateType,
    user,
    dollarCoin: dollarCoin(catalog),
  });
  if (!priced.ok) {
    return {
      ok: false,
      problem: say.t(c, `amount-${priced.problem}`, { from: request.from.toUpperCase() }),
    };
  }
  const { ranked } = await quotes.offers({ ...pair, amount: priced.send, rateType }, ask);
  return chosen(
    ranked.map((quote) => ({ quote, send: priced.send })),
    false,
    priced.dollars ? { dollars: priced.dollars } : {},
  );
}
