import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { exolixDialect } from "../../src/exchange/dialects/exolix.ts";
import { specDialect } from "../../src/exchange/dialects/spec.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { sendAmountOf } from "../../src/quotes/amount-pricing.ts";
import { ExchangeQuotes } from "../../src/quotes/exchange-quotes.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";

/**
 * Amounts to receive and in dollars turned into the amount to send (quotes/amount-pricing.ts),
 * against the sandbox in each dialect: exolix quotes the amount to receive itself, the spec's
 * dialect has it worked out from the rate; every quote goes through the coalesced, cached service.
 */

let spec: Sandbox;
let exolix: Sandbox;
beforeAll(async () => {
  [spec, exolix] = await Promise.all([
    startSandbox({ schedule: false, limits: false }),
    startSandbox({ schedule: false, limits: false, dialect: "exolix" }),
  ]);
});
afterAll(async () => {
  await Promise.all([spec?.close(), exolix?.close()]);
});

const value = (v: string) => v as DecimalString;
const BTC_ETH = { coinFrom: "btc", coinTo: "eth" };
const USDT = { code: "usdt", network: "ERC20" };

function service(sandbox: Sandbox) {
  const exchange = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    limits: { publicPerMin: 60, createPerMin: 10, readPerMin: 10 },
    timeoutMs: 2_000,
    dialect: sandbox === exolix ? exolixDialect : specDialect,
  });
  return new ExchangeQuotes({ id: "sandbox", exchange, cacheMs: 10_000, maxWaitMs: 3_000 });
}

const rateRequests = (sandbox: Sandbox) => sandbox.control.stats.byEndpoint.rate ?? 0;

describe("an amount to receive", () => {
  it("exolix: the exchange's reverse quote, asked once and cached apart from a quote of sending the same number", async () => {
    const quotes = service(exolix);
    const asked = { unit: "receive" as const, value: value("5") };
    const before = rateRequests(exolix);
    const priced = await sendAmountOf(quotes, BTC_ETH, asked, { rateType: "fixed" });
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect(priced.quote?.receiveAmount).toBe(5);
    expect(priced.send).toBe(String(priced.quote?.sendAmount));
    expect(exolix.control.stats.reverseQuotes).toBe(1);
    await sendAmountOf(quotes, BTC_ETH, asked, { rateType: "fixed" });
    expect(rateRequests(exolix) - before).toBe(1);
    const forward = await quotes.quote({ ...BTC_ETH, amount: value("5"), rateType: "fixed" });
    expect(forward.sendAmount).toBe(5);
    expect(rateRequests(exolix) - before).toBe(2);
  });

  it("spec: worked out from the pair's rate, rounded up so that the payout is not short", async () => {
    const quotes = service(spec);
    const priced = await sendAmountOf(
      quotes,
      BTC_ETH,
      { unit: "receive", value: value("5") },
      { rateType: "float" },
    );
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect(priced.quote).toBeUndefined();
    expect(priced.receive).toBe("5");
    const quote = await quotes.quote({ ...BTC_ETH, amount: priced.send });
    expect(quote.receiveAmount).toBeGreaterThanOrEqual(5);
    expect(quote.receiveAmount).toBeLessThan(5.000_01);
  });
});

describe("an amount in dollars", () => {
  it("is priced through the dollar coin: the amount to send is the dollars at its price", async () => {
    const quotes = service(spec);
    const priced = await sendAmountOf(
      quotes,
      BTC_ETH,
      { unit: "usd", value: value("100") },
      { rateType: "float", dollarCoin: USDT },
    );
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect(priced.dollars?.coin).toBe("USDT");
    const price = Number(priced.dollars?.price);
    expect(price).toBeGreaterThan(90_000);
    expect(Number(priced.send)).toBeCloseTo(100 / price, 8);
  });

  it("the dollar coin itself is one dollar a coin, asked of no one", async () => {
    const quotes = service(spec);
    const before = rateRequests(spec);
    const priced = await sendAmountOf(
      quotes,
      { coinFrom: "usdt", networkFrom: "ERC20", coinTo: "btc" },
      { unit: "usd", value: value("250") },
      { rateType: "float", dollarCoin: USDT },
    );
    expect(priced).toMatchObject({ ok: true, send: "250" });
    expect(rateRequests(spec)).toBe(before);
  });

  it("without a dollar coin in the catalog it says so and asks nothing", async () => {
    const quotes = service(spec);
    const before = rateRequests(spec);
    const priced = await sendAmountOf(
      quotes,
      BTC_ETH,
      { unit: "usd", value: value("100") },
      { rateType: "float" },
    );
    expect(priced).toEqual({ ok: false, problem: "no-dollar-coin" });
    expect(rateRequests(spec)).toBe(before);
  });
});

describe("on a fresh service, whatever the exchange does with the probe below the minimum", () => {
  // Nothing is known of BTC yet, so the rate is asked with the smallest amount there is.
  const shapes = [
    { what: "a 200 with minAmount and a message (the spec)", sandbox: () => spec, quirks: {} },
    {
      what: "a 400 {message, code} naming the minimum only in words",
      sandbox: () => spec,
      quirks: { rangeAs400: true },
    },
    {
      what: "a 422 with the limits in its body",
      sandbox: () => spec,
      quirks: { rangeAs422: true },
    },
    { what: "exolix's 422 with a rate-shaped body", sandbox: () => exolix, quirks: {} },
  ];
  for (const shape of shapes) {
    it(`prices 5 ETH to receive and $100: ${shape.what}`, async () => {
      const sandbox = shape.sandbox();
      sandbox.control.setQuirks(shape.quirks);
      try {
        const receive = await sendAmountOf(
          service(sandbox),
          BTC_ETH,
          { unit: "receive", value: value("5") },
          { rateType: "float" },
        );
        expect(receive).toMatchObject({ ok: true, receive: "5" });
        if (!receive.ok) return;
        expect(Number(receive.send)).toBeGreaterThan(0.17);
        expect(Number(receive.send)).toBeLessThan(0.19);
        const dollars = await sendAmountOf(
          service(sandbox),
          BTC_ETH,
          { unit: "usd", value: value("100") },
          { rateType: "float", dollarCoin: USDT },
        );
        expect(dollars.ok).toBe(true);
        if (!dollars.ok) return;
        expect(Number(dollars.send)).toBeCloseTo(100 / 95_000, 4);
      } finally {
        sandbox.control.setQuirks({ rangeAs400: false, rangeAs422: false });
      }
    });
  }

  it("a refusal in words tells the pair's minimum, and the next probe of the coin is an amount it takes", async () => {
    spec.control.setQuirks({ rangeAs400: true });
    try {
      const quotes = service(spec);
      const limits = await quotes.limits(BTC_ETH, 2_000);
      expect(limits?.min).toBeGreaterThan(0.00000001);
      expect(Number(quotes.probeAmount({ coinFrom: "btc", coinTo: "ltc" }))).toBe(
        (limits?.min ?? 0) * 2,
      );
    } finally {
      spec.control.setQuirks({ rangeAs400: false });
    }
  });
});
