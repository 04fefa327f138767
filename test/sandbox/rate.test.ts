import { describe, expect, it } from "vitest";
import { isClean, useSandbox } from "./helpers.ts";

interface Quote {
  fromAmount: number;
  toAmount: number;
  rate: number;
  minAmount: number;
  maxAmount: number;
  rateType: string;
  message: string | null;
}

const start = useSandbox();

describe("GET /rate", () => {
  it("quotes a pair with clean numbers from realistic prices", async () => {
    const api = await start();
    const res = await api.get<Quote>("/rate?coinFrom=btc&coinTo=eth&amount=0.5");
    expect(res.status).toBe(200);
    const q = res.body;
    expect(q.fromAmount).toBe(0.5);
    expect(q.rateType).toBe("float");
    expect(q.message).toBeNull();
    expect(q.rate).toBeGreaterThan(10);
    expect(q.rate).toBeLessThan(100);
    expect(q.toAmount).toBeCloseTo(0.5 * q.rate, 6);
    for (const n of [q.toAmount, q.rate, q.minAmount, q.maxAmount]) expect(isClean(n)).toBe(true);
    // About $15 .. $100k worth of BTC.
    expect(q.minAmount).toBeGreaterThan(0.0001);
    expect(q.minAmount).toBeLessThan(0.001);
    expect(q.maxAmount).toBeGreaterThanOrEqual(0.5);
  });

  it("has no float noise for amounts like 0.1", async () => {
    const api = await start();
    const res = await api.get<Quote>("/rate?coinFrom=usdt&coinTo=usdc&amount=100.1");
    expect(res.text).not.toMatch(/\d{9,}/);
    expect(isClean(res.body.toAmount)).toBe(true);
  });

  it("makes a fixed rate a little worse than a float one", async () => {
    const api = await start();
    const float = await api.get<Quote>("/rate?coinFrom=eth&coinTo=btc&amount=1&rateType=float");
    const fixed = await api.get<Quote>("/rate?coinFrom=eth&coinTo=btc&amount=1&rateType=fixed");
    expect(fixed.body.rateType).toBe("fixed");
    expect(fixed.body.rate).toBeLessThan(float.body.rate);
    expect(fixed.body.rate).toBeGreaterThan(float.body.rate * 0.95);
  });

  it("accepts networks of multi-network coins, in any case", async () => {
    const api = await start();
    const res = await api.get<Quote>(
      "/rate?coinFrom=usdt&coinTo=btc&amount=100&networkFrom=trc20&networkTo=BTC",
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ["coinTo=eth&amount=1", "coinFrom"],
    ["coinFrom=btc&amount=1", "coinTo"],
    ["coinFrom=btc&coinTo=eth", "amount"],
    ["coinFrom=nope&coinTo=eth&amount=1", "coinFrom"],
    ["coinFrom=btc&coinTo=nope&amount=1", "coinTo"],
    ["coinFrom=btc&coinTo=btc&amount=1", "coinTo"],
    ["coinFrom=btc&coinTo=eth&amount=abc", "amount"],
    ["coinFrom=btc&coinTo=eth&amount=-1", "amount"],
    ["coinFrom=btc&coinTo=eth&amount=0", "amount"],
    ["coinFrom=usdt&coinTo=eth&amount=100&networkFrom=XYZ", "networkFrom"],
    ["coinFrom=btc&coinTo=eth&amount=1&networkTo=TRC20", "networkTo"],
    ["coinFrom=btc&coinTo=eth&amount=1&rateType=best", "rateType"],
  ])("answers 400 naming the parameter: %s", async (query, name) => {
    const api = await start();
    const res = await api.get(`/rate?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringContaining(name), code: 400 });
  });

  it("answers 200 with a message for an amount out of range (spec mode)", async () => {
    const api = await start();
    const low = await api.get<Quote>("/rate?coinFrom=btc&coinTo=eth&amount=0.00001");
    expect(low.status).toBe(200);
    expect(low.body.message).toContain("minimum");
    expect(low.body.message).toContain(String(low.body.minAmount));
    expect(low.body.toAmount).toBeGreaterThan(0);
    const high = await api.get<Quote>("/rate?coinFrom=btc&coinTo=eth&amount=1000");
    expect(high.status).toBe(200);
    expect(high.body.message).toContain("maximum");
    expect(high.body.message).toContain(String(high.body.maxAmount));
  });
});
