import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExchangeClient } from "../../src/exchange/client.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { ExchangeQuotes } from "../../src/quotes/exchange-quotes.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { ExchangeTimeoutError } from "../../src/swaps/exchange-errors.ts";
import { until } from "../support/until.ts";

/**
 * A quote whose answer stops half-way, shared by every identical request in flight (the quote
 * service coalesces them): it ends at the client's deadline for all of them, and the next
 * request asks again.
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ schedule: false, limits: false });
});
afterAll(async () => {
  await sandbox.close();
});

const QUOTE = { coinFrom: "btc", coinTo: "eth", amount: "0.5" as DecimalString };

describe("a coalesced quote whose upstream answer stalls", () => {
  it("ends at the deadline for the caller that asked and for the one that joined; the next caller asks afresh", async () => {
    const exchange = new ExchangeClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      limits: { publicPerMin: 60, createPerMin: 10, readPerMin: 10 },
      timeoutMs: 300,
      getRetries: 0,
    });
    const quotes = new ExchangeQuotes({
      id: "sandbox",
      exchange,
      cacheMs: 10_000,
      maxWaitMs: 3_000,
    });
    sandbox.control.stallNext("rate", { ms: 60_000 });
    const stalledBefore = sandbox.control.stats.stalled;
    const first = quotes.quote(QUOTE).catch((error: unknown) => error);
    await until(() => sandbox.control.stats.stalled > stalledBefore, 10_000, "the stalled quote");
    const joined = quotes.quote(QUOTE).catch((error: unknown) => error);
    expect(quotes.stats).toMatchObject({ upstreamCalls: 1, cacheHits: 1 });
    expect(await first).toBeInstanceOf(ExchangeTimeoutError);
    expect(await joined).toBeInstanceOf(ExchangeTimeoutError);
    const next = await quotes.quote(QUOTE);
    expect(next.receiveAmount).toBeGreaterThan(0);
    expect(quotes.stats.upstreamCalls).toBe(2);
  });
});
