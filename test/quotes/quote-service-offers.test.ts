import { describe, expect, it } from "vitest";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { ExchangeQuotes } from "../../src/quotes/exchange-quotes.ts";
import { QuoteService } from "../../src/quotes/quote-service.ts";
import { ExchangeApiError } from "../../src/swaps/exchange-errors.ts";
import type { ExchangeQuote } from "../../src/swaps/exchange-port.ts";
import { ExchangeSet, type KycRating } from "../../src/swaps/exchange-set.ts";
import { FakeExchange } from "../support/fakes/exchange.ts";
import { TestClock } from "../support/test-clock.ts";

/** The fast tier's offers: the ranking and the deadline over fakes, no HTTP. */

const amount = (v: string) => v as DecimalString;
const BTC_ETH = { coinFrom: "btc", coinTo: "eth", amount: amount("0.5") };

interface Venue {
  id: string;
  kyc?: KycRating | null;
  quote?: Partial<ExchangeQuote> | Error | "hang";
}

function rig(
  venues: Venue[],
  options: { minKyc?: KycRating; listed?: Record<string, string[]> } = {},
) {
  const clock = new TestClock(0);
  const fakes = new Map<string, FakeExchange>();
  for (const venue of venues) {
    const fake = new FakeExchange();
    if (venue.quote === "hang") fake.getRate = () => new Promise<never>(() => {});
    else if (venue.quote instanceof Error) fake.quote = venue.quote;
    else fake.quote = { ...fake.quote, ...venue.quote };
    fakes.set(venue.id, fake);
  }
  const exchanges = new ExchangeSet(
    venues.map((venue) => ({
      id: venue.id,
      label: venue.id.toUpperCase(),
      port: fakes.get(venue.id)!,
      kyc: venue.kyc ?? null,
      trackingLink: () => null,
    })),
  );
  const quotesAt = new Map(
    venues.map((venue) => [
      venue.id,
      new ExchangeQuotes({
        id: venue.id,
        exchange: fakes.get(venue.id)!,
        cacheMs: 10_000,
        maxWaitMs: 1_000,
        now: () => clock.now(),
      }),
    ]),
  );
  const listed = options.listed;
  const quotes = new QuoteService({
    exchanges,
    quotesAt,
    ...(listed
      ? {
          listedAt: (code: string) =>
            new Set(Object.keys(listed).filter((id) => listed[id]!.includes(code))),
        }
      : {}),
    deadlineMs: 3_000,
    minKyc: options.minKyc,
    clock,
  });
  return { quotes, fakes, exchanges, clock };
}

describe("offers", () => {
  it("ranks the most to receive first, and every offer names its exchange", async () => {
    const { quotes } = rig([
      { id: "a", quote: { receiveAmount: 20 } },
      { id: "b", quote: { receiveAmount: 21 } },
      { id: "c", quote: { receiveAmount: 19 } },
    ]);
    const { ranked, missing } = await quotes.offers(BTC_ETH);
    expect(ranked.map((q) => q.exchange)).toEqual(["b", "a", "c"]);
    expect(missing).toEqual([]);
    expect((await quotes.quote(BTC_ETH)).exchange).toBe("b");
  });

  it("gives a near-tie (within 0.5 %) to the better KYC rating, then to the operator's order", async () => {
    const tied = rig([
      { id: "first", kyc: "C", quote: { receiveAmount: 20.05 } },
      { id: "second", kyc: "A", quote: { receiveAmount: 20 } },
      { id: "third", kyc: "A", quote: { receiveAmount: 20 } },
    ]);
    expect((await tied.quotes.offers(BTC_ETH)).ranked.map((q) => q.exchange)).toEqual([
      "second",
      "first",
      "third",
    ]);
    // Beyond 0.5 % the amount wins whatever the rating.
    const apart = rig([
      { id: "first", kyc: "C", quote: { receiveAmount: 20.2 } },
      { id: "second", kyc: "A", quote: { receiveAmount: 20 } },
    ]);
    expect((await apart.quotes.quote(BTC_ETH)).exchange).toBe("first");
  });

  it("puts the offers whose limits refuse the amount last, and names the union of the limits", async () => {
    const { quotes } = rig([
      { id: "small", quote: { receiveAmount: 30, minimum: 0.01, maximum: 0.4 } },
      { id: "big", quote: { receiveAmount: 20, minimum: 0.2, maximum: 5 } },
    ]);
    const { ranked } = await quotes.offers(BTC_ETH);
    expect(ranked.map((q) => q.exchange)).toEqual(["big", "small"]);
    expect(quotes.knownLimits(BTC_ETH)).toEqual({ min: 0.01, max: 5 });
    // Refused only when every exchange's known limits refuse it.
    expect(quotes.knownRefusal(BTC_ETH, amount("0.3"))).toBeUndefined();
    // The exchanges' limits differ: the refusal names where the lowest minimum and highest maximum are.
    expect(quotes.knownRefusal(BTC_ETH, amount("6"))).toEqual({
      fit: "above-max",
      limits: { min: 0.01, max: 5 },
      minAt: "small",
      maxAt: "big",
    });
  });

  it("leaves out an exchange that fails or hangs past the deadline, and fails only when none offers", async () => {
    const { quotes, clock } = rig([
      {
        id: "down",
        quote: new ExchangeApiError("GET /rate", 503, "down", undefined, {}, undefined),
      },
      { id: "hanging", quote: "hang" },
      { id: "up", quote: { receiveAmount: 20 } },
    ]);
    const offers = quotes.offers(BTC_ETH);
    await clock.advance(3_000);
    const { ranked, missing } = await offers;
    expect(ranked.map((q) => q.exchange)).toEqual(["up"]);
    expect(missing.map((m) => [m.exchange, m.failure.kind])).toEqual([
      ["down", "unavailable"],
      ["hanging", "unavailable"],
    ]);
    const none = rig([
      {
        id: "down",
        quote: new ExchangeApiError("GET /rate", 503, "down", undefined, {}, undefined),
      },
    ]);
    await expect(none.quotes.offers(BTC_ETH)).rejects.toThrow(/HTTP 503/);
  });

  it("asks only the exchanges that list both coins, rated at least the minimum, and not left out", async () => {
    const { quotes, fakes, exchanges } = rig(
      [
        { id: "a", kyc: "B", quote: { receiveAmount: 20 } },
        { id: "b", kyc: "D", quote: { receiveAmount: 25 } },
        { id: "c", kyc: "A", quote: { receiveAmount: 21 } },
        { id: "d", kyc: null, quote: { receiveAmount: 26 } },
      ],
      {
        minKyc: "C",
        listed: { a: ["btc", "eth"], b: ["btc", "eth"], c: ["btc"], d: ["btc", "eth"] },
      },
    );
    expect((await quotes.offers(BTC_ETH)).ranked.map((q) => q.exchange)).toEqual(["a"]);
    expect(fakes.get("b")!.calls.rate).toBe(0);
    expect(fakes.get("c")!.calls.rate).toBe(0);
    expect(fakes.get("d")!.calls.rate).toBe(0);
    exchanges.takeOut("a", "401");
    // The pair's only exchange is out for its key: unavailable, not a pair nobody offers.
    await expect(quotes.offers({ ...BTC_ETH, amount: amount("0.6") })).rejects.toThrow(
      /out of the offers/,
    );
  });

  it("quotes a chosen exchange alone, and leaves out those excluded", async () => {
    const { quotes, fakes } = rig([
      { id: "a", quote: { receiveAmount: 20 } },
      { id: "b", quote: { receiveAmount: 21 } },
    ]);
    expect((await quotes.quote(BTC_ETH, { exchange: "a" })).exchange).toBe("a");
    expect(fakes.get("b")!.calls.rate).toBe(0);
    const rest = await quotes.offers({ ...BTC_ETH, amount: amount("0.7") }, { exclude: ["b"] });
    expect(rest.ranked.map((q) => q.exchange)).toEqual(["a"]);
  });
});
