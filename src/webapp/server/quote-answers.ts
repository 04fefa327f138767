import type { CoinCatalog } from "../../catalog/catalog.ts";
import type { Coin } from "../../catalog/search.ts";
import type { AmountUnit } from "../../lib/amount-input.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import { Lru } from "../../lib/lru.ts";
import type { Quote } from "../../quotes/quote.ts";
import type { MadeAnswer } from "./json-answers.ts";

/** Query strings whose reading is remembered (a page asks the same few while a user types). */
const ASKED = 2_000;
/** Answers remembered per quote (locales × amounts asked of the same cached quote). */
const PER_QUOTE = 64;

/** A quote request read once: what it asks, and the catalog's coins it was read against. */
export interface Asked<Q> {
  request: Q;
  amount: DecimalString;
  /** What the amount is of: the coin to send, the coin to receive, US dollars. */
  unit: AmountUnit;
  coins: { from: Coin; to: Coin };
}

/** A request refused as read: the text id of the problem, and the field it is in. */
export interface Refused {
  problem: string;
  field?: string;
  /** The problem sentence's variables (an amount's unknown unit and the pair's codes, an ambiguous amount's readings). */
  vars?: Record<string, string>;
}

/**
 * The quote route's work that does not change between two identical requests, done once per
 * process: a page polls the same quote while it is cached (every viewer of the pair, every few
 * seconds). The reading of a query string is remembered while the catalog still has the same
 * coins for it (a refresh that changed either reads it again), and an answer's JSON while its
 * quote is the one the quote service has cached (a new quote is a new object: its answers are
 * made anew, and the old ones go with the old quote). Bounded: ASKED query strings, PER_QUOTE
 * answers a quote.
 */
export class QuoteAnswers<Q> {
  private readonly asked = new Lru<string, Asked<Q>>(ASKED);
  private readonly answers = new WeakMap<Quote, Map<string, MadeAnswer>>();

  constructor(private readonly catalog: Pick<CoinCatalog, "byCode">) {}

  /** The request `query` asks, read by `read` unless remembered (a refusal is not remembered). */
  read(query: string, read: () => Asked<Q> | Refused): Asked<Q> | Refused {
    const known = this.asked.get(query);
    if (known && this.current(known)) return known;
    const fresh = read();
    if (!("problem" in fresh)) this.asked.set(query, fresh);
    return fresh;
  }

  /** The JSON answer for `quote` under `key` (all else it depends on), made by `make` once. */
  answer(quote: Quote, key: string, make: () => string): MadeAnswer {
    let made = this.answers.get(quote);
    if (!made) {
      made = new Map();
      this.answers.set(quote, made);
    }
    let answer = made.get(key);
    if (answer === undefined) {
      if (made.size >= PER_QUOTE) made.clear();
      answer = { text: make() };
      made.set(key, answer);
    }
    return answer;
  }

  private current(known: Asked<Q>): boolean {
    return (
      this.catalog.byCode(known.coins.from.code) === known.coins.from &&
      this.catalog.byCode(known.coins.to.code) === known.coins.to
    );
  }
}
