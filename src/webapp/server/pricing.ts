import { dollarCoin } from "../../catalog/dollar-coin.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import { type AskedAmount, sendAmountOf } from "../../quotes/amount-pricing.ts";
import type { Quote } from "../../quotes/quote.ts";
import type { RateType } from "../../swaps/swap.ts";
import type { Answers, Localized } from "./answers.ts";
import type { WebAppDeps } from "./deps.ts";
import { pairFromQuery } from "./pair-input.ts";

type Priced =
  | {
      ok: true;
      send: DecimalString;
      quote: Quote;
      exact: boolean;
      /** For dollars: how they were priced (SendAmount's `dollars`). */
      dollars?: { amount: DecimalString; coin: string; price: DecimalString };
    }
  | { ok: false; problem: string };

/**
 * The amount to send and its quote: the amount typed, or for an amount to receive or in dollars
 * what it takes (quotes/amount-pricing.ts, as the chat's amount step prices it), within the user's
 * share of the public budget. `exact`: the exchange quoted the amount to receive itself.
 * `problem`: a sentence.
 */
export async function priceOf(
  deps: Pick<WebAppDeps, "catalog" | "quotes">,
  say: Answers,
  c: Localized,
  request: { from: string; to: string; networkFrom?: string; networkTo?: string },
  asked: AskedAmount,
  rateType: RateType,
  user: number,
): Promise<Priced> {
  const { quotes, catalog } = deps;
  if (asked.unit === "send") {
    const quote = await quotes.quote(
      { ...pairFromQuery(request), amount: asked.value, rateType },
      { user },
    );
    return { ok: true, send: asked.value, quote, exact: false };
  }
  const priced = await sendAmountOf(quotes, pairFromQuery(request), asked, {
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
  const quote =
    priced.quote ??
    (await quotes.quote({ ...pairFromQuery(request), amount: priced.send, rateType }, { user }));
  return {
    ok: true,
    send: priced.send,
    quote,
    exact: priced.quote !== undefined,
    ...(priced.dollars ? { dollars: priced.dollars } : {}),
  };
}
