import type { AmountUnit } from "../lib/amount-input.ts";
import { type DecimalString, DecimalTotal, divideDecimal, formatDecimal } from "../lib/decimal.ts";
import type { RateType } from "../swaps/swap.ts";
import type { Pair, Quote } from "./quote.ts";
import type { QuoteService } from "./quote-service.ts";

/**
 * An amount typed as something else than the coin to send (docs/behaviour.md, "What users
 * get"): an amount to receive, or US dollars, turned into the amount to send. Every quote it
 * asks goes through the quote service (coalesced, cached, within the user's share).
 */

/** Fraction digits of an amount to send worked out from a rate: what the exchanges take. */
const WORKED_OUT_DIGITS = 8;

export interface AskedAmount {
  unit: AmountUnit;
  value: DecimalString;
}

/**
 * The coin dollars are priced through: a US-dollar stablecoin the catalog lists (the caller picks
 * it: `catalog/dollar-coin.ts`).
 */
interface DollarCoin {
  code: string;
  network?: string;
}

export type SendAmount =
  | {
      ok: true;
      /** The amount to send: what goes upstream and what the summary shows. */
      send: DecimalString;
      /** For an amount to receive: what the user asked to receive. */
      receive?: DecimalString;
      /**
       * The exchange's own reverse quote of `receive` (its amount to send is `send`); absent, the
       * caller quotes `send` as it would a typed amount.
       */
      quote?: Quote;
      /** For dollars: how many, the coin they were priced through, one sent coin's price in it. */
      dollars?: { amount: DecimalString; coin: string; price: DecimalString };
    }
  /** No dollar coin in the catalog, or the exchange stated no rate to work the amount out from. */
  | { ok: false; problem: "no-dollar-coin" | "no-rate" };

/** What pricing asks of the quote service (one exchange's quotes answer it too). */
type PricingQuotes = Pick<QuoteService, "quote" | "reversesAt" | "probeAmount">;

interface PricingOptions {
  rateType: RateType;
  /** Whose share of the public budget an upstream quote is taken from. */
  user?: number;
  dollarCoin?: DollarCoin | undefined;
}

/**
 * The amount to send for `asked`. An amount to receive is quoted by the exchange itself where it
 * can (a reverse quote), else worked out from the pair's rate (rounded up: never short) and marked
 * so that the caller quotes it again (its payout is then an estimate, "≈"). Dollars are priced
 * through a quote of the sent coin against the dollar coin. Exchange errors are thrown as by
 * `QuoteService.quote`.
 */
export async function sendAmountOf(
  quotes: PricingQuotes,
  pair: Pair,
  asked: AskedAmount,
  options: PricingOptions,
): Promise<SendAmount> {
  const { rateType } = options;
  const ask = options.user === undefined ? {} : { user: options.user };
  if (asked.unit === "send") return { ok: true, send: asked.value };
  if (asked.unit === "receive") {
    if (quotes.reversesAt(rateType)) {
      const quote = await quotes.quote(
        { ...pair, amount: asked.value, receiveAmount: asked.value, rateType },
        ask,
      );
      if (!(quote.sendAmount > 0)) return { ok: false, problem: "no-rate" };
      return { ok: true, send: formatDecimal(quote.sendAmount), receive: asked.value, quote };
    }
    const rate = await rateOf(quotes, pair, rateType, ask);
    const send = rate && divideDecimal(asked.value, rate, WORKED_OUT_DIGITS, "up");
    if (!send || send === "0") return { ok: false, problem: "no-rate" };
    return { ok: true, send, receive: asked.value };
  }
  const coin = options.dollarCoin;
  if (!coin) return { ok: false, problem: "no-dollar-coin" };
  const dollarPair = {
    coinFrom: pair.coinFrom,
    networkFrom: pair.networkFrom,
    coinTo: coin.code,
    networkTo: coin.network,
  };
  const price =
    coin.code.toLowerCase() === pair.coinFrom.toLowerCase()
      ? ("1" as DecimalString)
      : await rateOf(quotes, dollarPair, "float", ask);
  const send = price && divideDecimal(asked.value, price, WORKED_OUT_DIGITS, "nearest");
  if (!price || !send || send === "0") return { ok: false, problem: "no-rate" };
  return {
    ok: true,
    send,
    dollars: { amount: asked.value, coin: coin.code.toUpperCase(), price },
  };
}

/**
 * One sent coin's price in the received one, from a quote of an amount the pair takes (the one its
 * limits are probed with: often cached already); an amount the pair refused without a rate is
 * asked again once at twice the minimum it named.
 */
async function rateOf(
  quotes: PricingQuotes,
  pair: Pair,
  rateType: RateType,
  ask: { user?: number },
): Promise<DecimalString | undefined> {
  let quote = await quotes.quote({ ...pair, amount: quotes.probeAmount(pair), rateType }, ask);
  if (!(quote.rate > 0) && quote.minimum > 0) {
    const twice = new DecimalTotal();
    const min = formatDecimal(quote.minimum);
    twice.add(min);
    twice.add(min);
    quote = await quotes.quote(
      { ...pair, amount: twice.toString() as DecimalString, rateType },
      ask,
    );
  }
  return quote.rate > 0 ? formatDecimal(quote.rate, 18) : undefined;
}
