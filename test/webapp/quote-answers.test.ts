import { describe, expect, it } from "vitest";
import type { Coin } from "../../src/catalog/search.ts";
import { normalizeDecimal } from "../../src/lib/decimal.ts";
import type { Quote } from "../../src/quotes/quote.ts";
import { QuoteAnswers } from "../../src/webapp/server/quote-answers.ts";

const coin = (code: string): Coin =>
  ({ code, name: code.toUpperCase(), networks: [] }) as unknown as Coin;
const quote = (rate: string): Quote =>
  ({ rate, receiveAmount: "1", minimum: 0.001, maximum: 10, fetchedAt: 0 }) as unknown as Quote;

function catalogOf(...coins: Coin[]) {
  const byCode = new Map(coins.map((c) => [c.code, c]));
  return { byCode: (code: string) => byCode.get(code), byCodeMap: byCode };
}

describe("QuoteAnswers", () => {
  it("reads a query string once while the catalog keeps the same coins, again after they change", () => {
    const catalog = catalogOf(coin("btc"), coin("eth"));
    const answers = new QuoteAnswers<string>(catalog);
    let reads = 0;
    const read = () => {
      reads++;
      return {
        request: `read ${reads}`,
        amount: normalizeDecimal("0.5"),
        unit: "send" as const,
        coins: { from: catalog.byCode("btc")!, to: catalog.byCode("eth")! },
      };
    };
    expect(answers.read("from=btc&to=eth", read)).toMatchObject({ request: "read 1" });
    expect(answers.read("from=btc&to=eth", read)).toMatchObject({ request: "read 1" });
    expect(reads).toBe(1);
    // A catalog refresh brings new coin objects (a network added, a coin gone): read again.
    catalog.byCodeMap.set("eth", coin("eth"));
    expect(answers.read("from=btc&to=eth", read)).toMatchObject({ request: "read 2" });
    catalog.byCodeMap.delete("btc");
    expect(answers.read("from=btc&to=eth", () => ({ problem: "webapp-pick-coin" }))).toEqual({
      problem: "webapp-pick-coin",
    });
    // A refusal is not remembered.
    expect(answers.read("from=btc&to=eth", () => ({ problem: "webapp-same-coin" }))).toEqual({
      problem: "webapp-same-coin",
    });
  });

  it("makes a quote's answer once per key, anew for a new quote, and keeps a bounded number", () => {
    const answers = new QuoteAnswers<string>(catalogOf());
    const first = quote("15");
    let made = 0;
    const make = (q: Quote) => () => `${q.rate} #${++made}`;
    expect(answers.answer(first, "en float btc 0.5", make(first)).text).toBe("15 #1");
    expect(answers.answer(first, "en float btc 0.5", make(first)).text).toBe("15 #1");
    expect(answers.answer(first, "de float btc 0.5", make(first)).text).toBe("15 #2");
    // The quote service cached a newer quote: its answer is made anew.
    const next = quote("16");
    expect(answers.answer(next, "en float btc 0.5", make(next)).text).toBe("16 #3");
    // Many amounts asked of one quote: at most 64 answers are kept for it.
    for (let i = 0; i < 200; i++) answers.answer(next, `en float btc ${i}`, make(next));
    let remade = 0;
    for (let i = 0; i < 200; i++) {
      answers.answer(next, `en float btc ${i}`, () => {
        remade++;
        return "x";
      });
    }
    expect(remade).toBeGreaterThan(200 - 64);
  });
});
