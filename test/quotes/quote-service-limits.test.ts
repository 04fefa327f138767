import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ExchangeClient } from "../../src/exchange/client.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { ExchangeQuotes } from "../../src/quotes/exchange-quotes.ts";
import { QuoteShareSpent } from "../../src/quotes/quote.ts";
import { limitsAt } from "../../src/quotes/quote-service.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ schedule: false, limits: false });
});
afterEach(() => {
  sandbox.control.clearFaults();
});
afterAll(async () => {
  await sandbox.close();
});

const amount = (v: string) => v as DecimalString;
const rateRequests = () => sandbox.control.stats.byEndpoint.rate ?? 0;

/** A quote service over a real client of the sandbox, with `publicPerMin` public requests. */
function service(publicPerMin = 60, now?: () => number) {
  const exchange = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    limits: { publicPerMin, createPerMin: 10, readPerMin: 10 },
    timeoutMs: 2_000,
  });
  return new ExchangeQuotes({ id: "sandbox", exchange, cacheMs: 10_000, maxWaitMs: 3_000, now });
}

const BTC_ETH = { coinFrom: "btc", coinTo: "eth" };

describe("QuoteService.limits", () => {
  it("knows a pair's limits from any floating quote of it, whatever the amount", async () => {
    const quotes = service();
    expect(quotes.knownLimits(BTC_ETH)).toBeUndefined();
    const quote = await quotes.quote({ ...BTC_ETH, amount: amount("0.37") });
    const before = rateRequests();
    expect(await quotes.limits(BTC_ETH, 1_000)).toEqual({
      min: quote.minimum,
      max: quote.maximum,
    });
    expect(rateRequests()).toBe(before);
  });

  it("keeps pairs apart by coins and networks, and learns nothing from fixed quotes", async () => {
    const quotes = service();
    await quotes.quote({ ...BTC_ETH, amount: amount("0.5"), rateType: "fixed" });
    await quotes.quote({
      coinFrom: "btc",
      coinTo: "usdt",
      networkTo: "TRC20",
      amount: amount("1"),
    });
    expect(quotes.knownLimits(BTC_ETH)).toBeUndefined();
    expect(quotes.knownLimits({ coinFrom: "btc", coinTo: "usdt" })).toBeUndefined();
    expect(
      quotes.knownLimits({ coinFrom: "BTC", coinTo: "USDT", networkTo: "trc20" }),
    ).toBeDefined();
  });

  it("forgets them a minute after the quote", async () => {
    let now = 1_000_000;
    const quotes = service(60, () => now);
    await quotes.quote({ ...BTC_ETH, amount: amount("0.5") });
    now += 59_000;
    expect(quotes.knownLimits(BTC_ETH)).toBeDefined();
    now += 2_000;
    expect(quotes.knownLimits(BTC_ETH)).toBeUndefined();
  });

  it("asks the exchange for an unknown pair while at least half the public budget is free", async () => {
    const quotes = service(4);
    await quotes.quote({ coinFrom: "ltc", coinTo: "xmr", amount: amount("1") });
    await quotes.quote({ coinFrom: "ltc", coinTo: "xmr", amount: amount("2") });
    const before = rateRequests();
    const limits = await quotes.limits(BTC_ETH, 5_000);
    expect(limits?.min).toBeGreaterThan(0);
    expect(rateRequests()).toBe(before + 1);
  });

  it("spends none of the last half of the public budget on limits", async () => {
    const quotes = service(4);
    for (const a of ["1", "2", "3"]) {
      await quotes.quote({ coinFrom: "ltc", coinTo: "xmr", amount: amount(a) });
    }
    const before = rateRequests();
    expect(await quotes.limits(BTC_ETH, 5_000)).toBeUndefined();
    expect(rateRequests()).toBe(before);
    // What is left still serves a quote the user asked for.
    await expect(quotes.quote({ ...BTC_ETH, amount: amount("0.5") })).resolves.toBeDefined();
  });

  it("gives up waiting after waitMs, and keeps the late answer for the next ask", async () => {
    const quotes = service();
    sandbox.control.setDelay("rate", 300);
    expect(await quotes.limits(BTC_ETH, 20)).toBeUndefined();
    await expect.poll(() => quotes.knownLimits(BTC_ETH), { timeout: 5_000 }).toBeDefined();
    const before = rateRequests();
    expect(await quotes.limits(BTC_ETH, 20)).toEqual(quotes.knownLimits(BTC_ETH));
    expect(rateRequests()).toBe(before);
  });

  it("learns the limits of a coin worth more than the maximum, from an exchange that names only the maximum above it", async () => {
    sandbox.control.setQuirks({ rangeAs422: true });
    sandbox.control.setPrice("btc", 250_000);
    try {
      const quotes = service();
      expect(await quotes.limits(BTC_ETH, 5_000)).toEqual({ min: 0.000061, max: 0.4 });
      // The next pair of the same coin is asked an amount it takes: a quote without a refusal.
      const pair = { coinFrom: "btc", coinTo: "ltc" };
      expect(await quotes.limits(pair, 5_000)).toEqual({ min: 0.000061, max: 0.4 });
      const probe = await quotes.quote({ ...pair, amount: amount("0.000122") });
      expect(probe.note ?? null).toBeNull();
      expect(quotes.stats.cacheHits).toBe(1);
    } finally {
      sandbox.control.setQuirks({ rangeAs422: false });
      sandbox.control.setPrice("btc", 95_000);
    }
  });

  it("answers undefined when the exchange fails", async () => {
    const quotes = service();
    sandbox.control.failNext("rate", { status: 400, message: "pair is disabled", times: 1 });
    expect(await quotes.limits({ coinFrom: "doge", coinTo: "ada" }, 5_000)).toBeUndefined();
  });
});

describe("a user's share of upstream quotes", () => {
  it("holds a user to their share of upstream quotes, serves them cached answers free, and leaves other users theirs", async () => {
    let now = 1_000_000;
    const quotes = service(60, () => now);
    const before = rateRequests();
    for (const a of ["1", "2", "3", "4"]) {
      await quotes.quote({ ...BTC_ETH, amount: amount(a) }, { user: 7 });
    }
    await expect(quotes.quote({ ...BTC_ETH, amount: amount("5") }, { user: 7 })).rejects.toThrow(
      QuoteShareSpent,
    );
    expect(rateRequests()).toBe(before + 4);
    // Cached: costs no share.
    await expect(
      quotes.quote({ ...BTC_ETH, amount: amount("1") }, { user: 7 }),
    ).resolves.toBeDefined();
    await expect(
      quotes.quote({ ...BTC_ETH, amount: amount("5") }, { user: 8 }),
    ).resolves.toBeDefined();
    expect(rateRequests()).toBe(before + 5);
    // Nor does a limits probe go past it.
    expect(await quotes.limits({ coinFrom: "ltc", coinTo: "xmr" }, 1_000, 7)).toBeUndefined();
    expect(rateRequests()).toBe(before + 5);
    now += 10_001;
    await expect(
      quotes.quote({ ...BTC_ETH, amount: amount("6") }, { user: 7 }),
    ).resolves.toBeDefined();
  });

  it("knows which amounts the pair's known limits refuse", async () => {
    const quotes = service();
    expect(quotes.knownRefusal(BTC_ETH, amount("0.00000001"))).toBeUndefined();
    const quote = await quotes.quote({ ...BTC_ETH, amount: amount("0.5") });
    expect(quotes.knownRefusal(BTC_ETH, amount("0.00000001"))).toEqual({
      fit: "below-min",
      limits: { min: quote.minimum, max: quote.maximum },
    });
    expect(quotes.knownRefusal(BTC_ETH, amount("1000000"))?.fit).toBe("above-max");
    expect(quotes.knownRefusal(BTC_ETH, amount("0.5"))).toBeUndefined();
  });
});

describe("limitsAt: where several exchanges' limits differ", () => {
  it("names the exchange of the lowest minimum and of the highest maximum (none stated is the highest)", () => {
    const each = [
      { exchange: "exolix", min: 0.00016, max: 1.5 },
      { exchange: "changenow", min: 0.00012, max: 1.1 },
      { exchange: "letsexchange", min: 0.0002, max: 1.2 },
    ];
    expect(limitsAt(each)).toEqual({ minAt: "changenow", maxAt: "exolix" });
    expect(limitsAt([...each, { exchange: "mydesk", min: 0.001, max: 0 }]).maxAt).toBe("mydesk");
  });

  it("names none where the limits are the same, or for one exchange", () => {
    const same = { min: 0.0002, max: 1.5 };
    expect(
      limitsAt([
        { exchange: "a", ...same },
        { exchange: "b", ...same },
      ]),
    ).toEqual({});
    expect(limitsAt([{ exchange: "a", min: 0.1, max: 2 }])).toEqual({});
  });
});
