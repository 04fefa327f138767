import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { changenowDialect } from "../../src/exchange/dialects/changenow.ts";
import { errorBodySchema } from "../../src/exchange/wire.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { ExchangeApiError, ExchangeSchemaError } from "../../src/swaps/exchange-errors.ts";
import {
  BELOW_MIN,
  BY_ID,
  CREATED,
  ESTIMATED_AMOUNT,
  RANGE,
} from "../sandbox/fixtures/changenow-captures.ts";

/**
 * The changenow adapter: read against the answers Cake Wallet recorded, and over the sandbox's
 * changenow dialect through the one client (budgets, errors, paths).
 */

const amount = (v: string) => v as DecimalString;
const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";
const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

describe("the changenow adapter reads ChangeNOW's recorded answers into the core's words", () => {
  it("an estimate: amounts, the rate worked out, float for the standard flow, no quote id", () => {
    const quote = changenowDialect.rate.schema.parse(ESTIMATED_AMOUNT);
    expect(quote).toMatchObject({
      sendAmount: 0.01,
      receiveAmount: 1.7835728,
      rateType: "float",
      note: null,
    });
    expect(quote.rate).toBeCloseTo(178.35728, 6);
    expect(quote.quoteId).toBeUndefined();
  });

  it("an estimate's transactionSpeedForecast is the quote's ETA in minutes, a range or one number; else none", () => {
    const eta = (forecast: unknown) =>
      changenowDialect.rate.schema.parse({
        ...ESTIMATED_AMOUNT,
        transactionSpeedForecast: forecast,
      }).etaMinutes;
    expect(eta("10-60")).toEqual({ min: 10, max: 60 });
    expect(eta("30")).toEqual({ min: 30, max: 30 });
    expect(eta("60-10")).toBeUndefined();
    expect(eta("soon")).toBeUndefined();
    expect(eta(null)).toBeUndefined();
  });

  it("a fixed estimate keeps its rateId as the quote's id", () => {
    const quote = changenowDialect.rate.schema.parse({
      ...ESTIMATED_AMOUNT,
      flow: "fixed-rate",
      rateId: "d1e2f3",
      validUntil: "2026-07-29T14:24:27.001Z",
    });
    expect(quote).toMatchObject({ rateType: "fixed", quoteId: "d1e2f3" });
  });

  it("a range: maxAmount null is no maximum", () => {
    expect(changenowDialect.rate.limits?.schema.parse(RANGE)).toEqual({
      minimum: 0.0001205,
      maximum: 0,
    });
  });

  it("deposit_too_small is the out-of-range quote the user can act on, with the minimum", () => {
    const quote = changenowDialect.rate.fromRefusal(
      { status: 400, body: errorBodySchema.parse(BELOW_MIN), message: "Out of min amount" },
      { coinFrom: "btc", coinTo: "xmr", amount: amount("0.0001") },
    );
    expect(quote).toMatchObject({ minimum: 0.00012045, maximum: 0, note: "Out of min amount" });
    // Any other 400 (bad_params) is a plain error.
    expect(
      changenowDialect.rate.fromRefusal(
        {
          status: 400,
          body: errorBodySchema.parse({ error: "bad_params", message: "toAmount is required" }),
          message: "toAmount is required",
        },
        { coinFrom: "btc", coinTo: "xmr", amount: amount("1") },
      ),
    ).toBeUndefined();
  });

  it("a created exchange: deposit address, networks named upper-case, waiting, a time of its own", () => {
    const created = changenowDialect.create.schema.parse(CREATED);
    expect(created).toMatchObject({
      id: "c2036055d1f776",
      status: "wait",
      coinFrom: "eth",
      coinTo: "usdt",
      networkFrom: "ETH",
      networkTo: "ETH",
      amountIn: 0.01,
      amountOutExpected: 18.373221,
      depositAddress: "0x82E5678e6360596b949f2d5727b61BEa1402126d",
      depositMemo: null,
      withdrawalAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
      refundAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
      rateType: "float",
    });
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
  });

  it("a detail by id: waiting is the core's wait; no hold", () => {
    const detail = changenowDialect.detail.schema.parse(BY_ID);
    expect(detail).toMatchObject({
      id: "c2036055d1f776",
      status: "wait",
      rawStatus: "waiting",
      amountIn: 0.01,
      amountOut: 18.373221,
      txHashIn: null,
      createdAt: "2026-07-29T14:04:27.001Z",
      hold: null,
    });
  });

  it("maps every ChangeNOW status; verifying is held with the swap's own page as its link", () => {
    const statuses: Record<string, string> = {
      new: "wait",
      waiting: "wait",
      confirming: "confirmation",
      exchanging: "exchanging",
      sending: "exchanging",
      finished: "success",
      failed: "failed",
      refunded: "refunded",
      verifying: "verifying",
      expired: "overdue",
    };
    for (const [raw, core] of Object.entries(statuses)) {
      expect(changenowDialect.detail.schema.parse({ ...BY_ID, status: raw }).status).toBe(core);
    }
    const held = changenowDialect.detail.schema.parse({ ...BY_ID, status: "verifying" });
    expect(held.hold).toEqual({
      link: "https://changenow.io/exchange/txs/c2036055d1f776",
      asks: null,
    });
  });

  it("writes the create body in ChangeNOW's words: extraId, refundExtraId, rateId, reverse", () => {
    const body = JSON.parse(
      changenowDialect.create.body({
        coinFrom: "btc",
        coinTo: "xrp",
        networkTo: "XRP",
        amount: amount("0.05"),
        receiveAmount: amount("1000"),
        withdrawalAddress: XRP_ADDRESS,
        payoutMemo: "12345",
        refundAddress: BTC_ADDRESS,
        rateType: "fixed",
        quoteId: "rate-1",
      }),
    );
    expect(body).toEqual({
      toAmount: 1000,
      fromCurrency: "btc",
      toCurrency: "xrp",
      toNetwork: "xrp",
      type: "reverse",
      flow: "fixed-rate",
      rateId: "rate-1",
      address: XRP_ADDRESS,
      extraId: "12345",
      refundAddress: BTC_ADDRESS,
    });
  });
});

describe("the changenow adapter over the sandbox's changenow dialect", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ dialect: "changenow", schedule: false, limits: false });
  });
  afterEach(() => sandbox.control.clearFaults());
  afterAll(() => sandbox.close());

  const client = (apiKey = sandbox.apiKey) =>
    new ExchangeClient({
      baseUrl: sandbox.url,
      apiKey,
      dialect: changenowDialect,
      limits: { publicPerMin: 1000, createPerMin: 1000, readPerMin: 1000 },
      timeoutMs: 2_000,
      getRetries: 0,
    });

  it("lists coins with their networks and memo rules from hasExternalId", async () => {
    const page = await client().listCurrencies({ page: 1, size: 100 });
    expect(page.count).toBe(page.data.length);
    const xrp = page.data.find((c) => c.code === "xrp");
    expect(xrp?.networks?.[0]).toMatchObject({ code: "XRP", memoRequired: true });
    const usdt = page.data.find((c) => c.code === "usdt");
    expect(usdt?.networks?.length).toBeGreaterThan(1);
    expect(usdt?.notes).toMatch(/Networks: /);
    const btc = page.data.find((c) => c.code === "btc");
    expect(btc?.networks?.[0]?.memoRequired).toBe(false);
  });

  it("a floating quote: two calls (range, estimate), the range's limits on the estimate", async () => {
    sandbox.control.resetStats();
    const quote = await client().getRate({
      coinFrom: "btc",
      coinTo: "xrp",
      amount: amount("0.05"),
      rateType: "float",
    });
    expect(quote.rateType).toBe("float");
    expect(quote.receiveAmount).toBeGreaterThan(0);
    expect(quote.minimum).toBeGreaterThan(0);
    expect(quote.maximum).toBeGreaterThan(quote.minimum);
    expect(quote.note).toBeNull();
    expect(quote.quoteId).toBeUndefined();
    expect(sandbox.control.stats.byEndpoint.rate).toBe(2);
  });

  it("a fixed quote carries a rate id; a reverse one (an amount to receive) names the amount to send", async () => {
    const fixed = await client().getRate({
      coinFrom: "btc",
      coinTo: "xrp",
      amount: amount("0.05"),
      rateType: "fixed",
    });
    expect(fixed).toMatchObject({ rateType: "fixed", sendAmount: 0.05 });
    expect(fixed.quoteId).toMatch(/^[0-9a-f]{32}$/);
    const reverse = await client().getRate({
      coinFrom: "btc",
      coinTo: "eth",
      amount: amount("5"),
      receiveAmount: amount("5"),
      rateType: "fixed",
    });
    expect(reverse.receiveAmount).toBe(5);
    expect(reverse.sendAmount).toBeGreaterThan(0);
    expect(reverse.sendAmount).toBeLessThan(5);
    expect(reverse.quoteId).toBeTruthy();
  });

  it("below the minimum: an out-of-range quote from the range alone, without an estimate", async () => {
    sandbox.control.resetStats();
    const quote = await client().getRate({
      coinFrom: "btc",
      coinTo: "xrp",
      amount: amount("0.00000001"),
    });
    expect(quote.note).toBe("Out of min amount");
    expect(quote.minimum).toBeGreaterThan(0.00000001);
    expect(sandbox.control.stats.byEndpoint.rate).toBe(1);
  });

  it("creates a fixed swap to a memo coin at the quoted rate id, memos echoed; detail and list agree", async () => {
    const c = client();
    const quote = await c.getRate({
      coinFrom: "btc",
      coinTo: "xrp",
      amount: amount("0.05"),
      rateType: "fixed",
    });
    const created = await c.createTransaction({
      coinFrom: "btc",
      coinTo: "xrp",
      amount: amount("0.05"),
      withdrawalAddress: XRP_ADDRESS,
      payoutMemo: "12345",
      refundAddress: BTC_ADDRESS,
      rateType: "fixed",
      ...(quote.quoteId ? { quoteId: quote.quoteId } : {}),
    });
    expect(created).toMatchObject({
      status: "wait",
      coinFrom: "btc",
      coinTo: "xrp",
      networkTo: "XRP",
      amountIn: 0.05,
      amountOutExpected: quote.receiveAmount,
      payoutMemo: "12345",
      withdrawalAddress: XRP_ADDRESS,
      rateType: "fixed",
    });
    const detail = await c.getTransaction(created.id);
    expect(detail).toMatchObject({ id: created.id, payoutMemo: "12345", status: "wait" });
    const page = await c.listTransactions({
      page: 1,
      size: 20,
      dateFrom: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(page.data.map((s) => s.id)).toContain(created.id);
    expect(page.count).toBeGreaterThanOrEqual(1);
  });

  it("a fixed create without a rate id is refused (400): nothing created", async () => {
    const error = await client()
      .createTransaction({
        coinFrom: "btc",
        coinTo: "eth",
        amount: amount("0.05"),
        withdrawalAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
        rateType: "fixed",
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeApiError);
    expect((error as ExchangeApiError).status).toBe(400);
  });

  it("a held swap reads as verifying, with its page; released, it exchanges again", async () => {
    const [id] = sandbox.control.seed(1, { coinFrom: "btc", coinTo: "xrp" });
    sandbox.control.hold(id!);
    const held = await client().getTransaction(id!);
    expect(held.status).toBe("verifying");
    expect(held.hold?.link).toBe(`https://changenow.io/exchange/txs/${id}`);
    const listed = await client().listTransactions({ page: 1, size: 10 });
    expect(listed.data.find((s) => s.id === id)?.status).toBe("verifying");
    sandbox.control.release(id!);
    const released = await client().getTransaction(id!);
    expect(released).toMatchObject({ status: "exchanging", hold: null });
  });

  it("errors: a wrong key is 401, a 429 and a 5xx as the client maps them, an unknown id 404", async () => {
    const bad = await client("wrong")
      .getTransaction("nope")
      .catch((e: unknown) => e);
    expect((bad as ExchangeApiError).status).toBe(401);
    sandbox.control.failNext("list", { status: 429, retryAfter: 1 });
    const busy = await client()
      .listTransactions({ page: 1, size: 10 })
      .catch((e: unknown) => e);
    expect((busy as ExchangeApiError).status).toBe(429);
    sandbox.control.failNext("get", { status: 503 });
    const down = await client()
      .getTransaction("nope")
      .catch((e: unknown) => e);
    expect((down as ExchangeApiError).status).toBe(503);
    const missing = await client()
      .getTransaction("nope")
      .catch((e: unknown) => e);
    expect((missing as ExchangeApiError).status).toBe(404);
    sandbox.control.malformedNext("get", { body: "shape" });
    const broken = await client()
      .getTransaction("nope")
      .catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(ExchangeSchemaError);
  });
});
