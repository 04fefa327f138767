import { isNumber } from "../../lib/amount-input.ts";

/** Without an amount (`/rate btc eth`): the rate of one coin. */
type RateArgs = { ok: true; amount?: string; from: string; to: string } | { ok: false };

const FILLER = new Set(["to", "into", "for", "->", "→", "=>", "in"]);

/**
 * `/rate 0.5 btc eth`, also `/rate 0,5 BTC to ETH`, `/rate 0.5 usdt@trc20 btc` and, for the rate
 * of one coin, `/rate btc eth` (but `/rate 1 btc` is an amount without its second coin).
 */
export function parseRateArgs(text: string): RateArgs {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w && !FILLER.has(w.toLowerCase()));
  if (words.length === 2 && !words.some(isNumber)) {
    const [from = "", to = ""] = words;
    return { ok: true, from, to };
  }
  if (words.length !== 3) return { ok: false };
  const [amount = "", from = "", to = ""] = words;
  return { ok: true, amount, from, to };
}

/**
 * `/rate` also takes an amount with its unit (the amount step's forms): `/rate 5 eth from btc` (an
 * amount to receive: 5 ETH, paid in BTC), `/rate $100 btc eth`, `/rate 100 usd btc eth`. The
 * amount's text is read with `parseAmountWithUnit` once the coins are known.
 */
export function parseRateRequest(text: string): RateArgs {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w && !FILLER.has(w.toLowerCase()));
  const [first = "", second = "", third = "", fourth = ""] = words;
  if (words.length === 4 && third.toLowerCase() === "from" && isNumber(first)) {
    return { ok: true, amount: `${first} ${second}`, from: fourth, to: second };
  }
  if (words.length === 4 && isNumber(first) && !isNumber(second)) {
    return { ok: true, amount: `${first} ${second}`, from: third, to: fourth };
  }
  return parseRateArgs(text);
}
