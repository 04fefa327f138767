import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ExchangeClient, type ExchangeClientOptions } from "../../src/exchange/client.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import {
  ExchangeApiError,
  ExchangeBusyError,
  ExchangeNetworkError,
  ExchangeSchemaError,
  ExchangeTimeoutError,
} from "../../src/swaps/exchange-errors.ts";

const amount = (v: string) => v as DecimalString;

import { ETH_ADDRESS } from "../sandbox/helpers.ts";
import { until } from "../support/until.ts";

const unlimited = { publicPerMin: 10_000, createPerMin: 10_000, readPerMin: 10_000 };

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ schedule: false, limits: false });
});
afterEach(() => {
  sandbox.control.clearFaults();
  sandbox.control.setQuirks({
    rangeAs422: false,
    errorStyle: "message",
    created201: false,
    numbersAsStrings: false,
  });
});
afterAll(async () => {
  await sandbox.close();
});

function client(options: Partial<ExchangeClientOptions> = {}) {
  return new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    limits: unlimited,
    timeoutMs: 2_000,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

const createBody = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: amount("0.5"),
  withdrawalAddress: ETH_ADDRESS,
};

describe("every endpoint of the spec", () => {
  it("GET /currencies pages and searches", async () => {
    const page = await client().listCurrencies({ page: 1, size: 10 });
    expect(page.data).toHaveLength(10);
    expect(page.count).toBeGreaterThanOrEqual(300);
    const found = await client().listCurrencies({ search: "monero" });
    expect(found.data.map((c) => c.code)).toContain("xmr");
  });

  it("GET /rate quotes with min and max", async () => {
    const quote = await client().getRate({ coinFrom: "btc", coinTo: "eth", amount: amount("0.5") });
    expect(quote.sendAmount).toBe(0.5);
    expect(quote.receiveAmount).toBeGreaterThan(0);
    expect(quote.minimum).toBeLessThan(quote.maximum);
    expect(quote.rateType).toBe("float");
    const fixed = await client().getRate({
      coinFrom: "btc",
      coinTo: "eth",
      amount: amount("0.5"),
      rateType: "fixed",
    });
    expect(fixed.rateType).toBe("fixed");
    expect(fixed.rate).toBeLessThan(quote.rate);
  });

  it("POST /transactions creates, with the amount sent as the exact number typed", async () => {
    const created = await client()
      .createTransaction({ ...createBody, amount: amount("0.30000000000000004") })
      .catch((e: unknown) => e);
    // Above the sandbox's precision the amount still travels verbatim; here it is simply valid.
    expect(created).not.toBeInstanceOf(ExchangeSchemaError);
    const tx = await client().createTransaction(createBody);
    expect(tx.status).toBe("wait");
    expect(tx.depositAddress).not.toBe("");
    expect(sandbox.control.transaction(tx.id)?.amount_in).toBe(0.5);
  });

  it("GET /transactions lists newest first, and GET /transactions/{id} reads one", async () => {
    const a = await client().createTransaction(createBody);
    const b = await client().createTransaction({ ...createBody, amount: amount("0.6") });
    const list = await client().listTransactions({ size: 2 });
    expect(list.data.map((t) => t.id)).toEqual([b.id, a.id]);
    const detail = await client().getTransaction(a.id);
    expect(detail.withdrawalAddress).toBe(ETH_ADDRESS);
    expect(detail.refundAddress).toBeNull();
  });
});

describe("every error status of the spec", () => {
  it("400 carries the upstream message naming the parameter", async () => {
    const error = await failure(
      client().getRate({ coinFrom: "nope", coinTo: "eth", amount: amount("1") }),
    );
    expect(error).toBeInstanceOf(ExchangeApiError);
    expect((error as ExchangeApiError).status).toBe(400);
    expect((error as ExchangeApiError).upstreamMessage).toContain("coinFrom");
    expect((error as ExchangeApiError).code).toBe(400);
  });

  it("401 for a wrong key", async () => {
    const error = await failure(client({ apiKey: "wrong" }).listTransactions());
    expect((error as ExchangeApiError).status).toBe(401);
  });

  it("404 for an unknown id", async () => {
    const error = await failure(client().getTransaction("does-not-exist"));
    expect((error as ExchangeApiError).status).toBe(404);
  });

  it("429 is retried after Retry-After, and a persistent one fails as an API error", async () => {
    sandbox.control.failNext("rate", { status: 429, times: 1 });
    const quote = await client({ maxRetryAfterMs: 100 }).getRate({
      coinFrom: "btc",
      coinTo: "eth",
      amount: amount("1"),
    });
    expect(quote.receiveAmount).toBeGreaterThan(0);
    sandbox.control.failNext("rate", { status: 429, times: 10 });
    const error = await failure(
      client({ maxRetryAfterMs: 50, getRetries: 1 }).getRate({
        coinFrom: "btc",
        coinTo: "eth",
        amount: amount("1"),
      }),
    );
    expect((error as ExchangeApiError).status).toBe(429);
  });

  it("500 is retried for GETs and reported when it persists", async () => {
    sandbox.control.failNext("list", { status: 500, times: 2 });
    const list = await client().listTransactions();
    expect(list.count).toBeGreaterThanOrEqual(0);
    sandbox.control.failNext("list", { status: 500, times: 10 });
    const error = await failure(client({ getRetries: 1 }).listTransactions());
    expect((error as ExchangeApiError).status).toBe(500);
  });

  it("POST /transactions is never retried", async () => {
    sandbox.control.resetStats();
    sandbox.control.failNext("create", { status: 500, times: 1 });
    const error = await failure(client().createTransaction(createBody));
    expect((error as ExchangeApiError).status).toBe(500);
    expect(sandbox.control.stats.responses.create?.[500]).toBe(1);
    expect(sandbox.control.stats.responses.create?.[200]).toBeUndefined();
  });
});

describe("answers that break the contract", () => {
  it("a body that is not JSON is a schema error, not a crash", async () => {
    sandbox.control.malformedNext("rate", { body: "garbage" });
    const error = await failure(
      client().getRate({ coinFrom: "btc", coinTo: "eth", amount: amount("1") }),
    );
    expect(error).toBeInstanceOf(ExchangeSchemaError);
  });

  it("JSON of the wrong shape names the failing path", async () => {
    sandbox.control.malformedNext("list", { body: "shape" });
    const error = await failure(client().listTransactions());
    expect(error).toBeInstanceOf(ExchangeSchemaError);
    expect((error as ExchangeSchemaError).path).toBe("data");
  });

  it("a slow answer is a timeout", async () => {
    sandbox.control.setDelay("get", 500);
    const error = await failure(client({ timeoutMs: 100, getRetries: 0 }).getTransaction("x"));
    expect(error).toBeInstanceOf(ExchangeTimeoutError);
  });

  it("a create whose body stalls after its headers fails as a timeout at its deadline", async () => {
    sandbox.control.createThenHang(60_000, { stallBody: true });
    const error = await failure(client({ timeoutMs: 300 }).createTransaction(createBody));
    expect(error).toBeInstanceOf(ExchangeTimeoutError);
  });

  it("every read whose body stalls after its headers fails as a timeout at its deadline", async () => {
    const reads = {
      currencies: (c: ExchangeClient) => c.listCurrencies(),
      rate: (c: ExchangeClient) =>
        c.getRate({ coinFrom: "btc", coinTo: "eth", amount: amount("0.5") }),
      list: (c: ExchangeClient) => c.listTransactions(),
      get: (c: ExchangeClient) => c.getTransaction("x"),
    } as const;
    const tx = await client().createTransaction(createBody);
    for (const [endpoint, read] of Object.entries(reads)) {
      sandbox.control.stallNext(endpoint as keyof typeof reads, { ms: 60_000 });
      const before = sandbox.control.stats.stalled;
      const c = client({ timeoutMs: 300, getRetries: 0 });
      const error = await failure(endpoint === "get" ? c.getTransaction(tx.id) : read(c));
      expect(error, endpoint).toBeInstanceOf(ExchangeTimeoutError);
      expect(sandbox.control.stats.stalled, endpoint).toBe(before + 1);
    }
  });

  it("a read whose body stalled is tried again, as after a timeout, and the next answer is used", async () => {
    sandbox.control.stallNext("list", { ms: 60_000 });
    const before = sandbox.control.stats;
    const page = await client({ timeoutMs: 300 }).listTransactions();
    expect(page.data).toBeInstanceOf(Array);
    const after = sandbox.control.stats;
    expect(after.stalled).toBe(before.stalled + 1);
    expect(after.byEndpoint.list).toBe((before.byEndpoint.list ?? 0) + 2);
  });

  it("stop() ends a read stalled in flight after its grace, and a call's own signal ends its read at once", async () => {
    // Within the grace a read goes on: an update in flight finishes.
    const graced = client();
    graced.stop(60_000);
    expect((await graced.listCurrencies()).data.length).toBeGreaterThan(0);

    const c = client({ timeoutMs: 10_000 });
    sandbox.control.stallNext("list", { ms: 60_000 });
    const before = sandbox.control.stats.stalled;
    const listing = failure(c.listTransactions());
    await until(() => sandbox.control.stats.stalled > before, 10_000, "the list read stalled");
    c.stop(0);
    const stopped = await listing;
    expect((stopped as Error).name).toBe("AbortError");
    expect(stopped).not.toBeInstanceOf(ExchangeTimeoutError);
    // Stopped: a read asked for afterwards ends at once too.
    expect(((await failure(c.listCurrencies())) as Error).name).toBe("AbortError");

    const other = client({ timeoutMs: 10_000 });
    sandbox.control.stallNext("rate", { ms: 60_000 });
    const abort = new AbortController();
    const quoting = failure(
      other.getRate(
        { coinFrom: "btc", coinTo: "eth", amount: amount("0.5") },
        { signal: abort.signal },
      ),
    );
    await until(() => sandbox.control.stats.stalled > before + 1, 10_000, "the rate read stalled");
    abort.abort();
    expect(((await quoting) as Error).name).toBe("AbortError");
  });

  it("a closed port is a network failure", async () => {
    const error = await failure(
      client({ baseUrl: "http://127.0.0.1:1/api/v2", getRetries: 0 }).listCurrencies(),
    );
    expect(error).toBeInstanceOf(ExchangeNetworkError);
  });
});

describe("known deviations of real services", () => {
  it("422 with limits for an out-of-range amount becomes a quote the bot can explain", async () => {
    sandbox.control.setQuirks({ rangeAs422: true });
    const quote = await client().getRate({
      coinFrom: "btc",
      coinTo: "eth",
      amount: amount("0.00000001"),
    });
    expect(quote.minimum).toBeGreaterThan(0.00000001);
    expect(quote.maximum).toBeGreaterThan(quote.minimum);
  });

  it("error bodies with `error` or `errors` instead of `message`", async () => {
    sandbox.control.setQuirks({ errorStyle: "error" });
    let error = await failure(
      client().getRate({ coinFrom: "nope", coinTo: "eth", amount: amount("1") }),
    );
    expect((error as ExchangeApiError).upstreamMessage).toContain("coinFrom");
    sandbox.control.setQuirks({ errorStyle: "errors" });
    error = await failure(
      client().getRate({ coinFrom: "nope", coinTo: "eth", amount: amount("1") }),
    );
    expect((error as ExchangeApiError).upstreamMessage).toMatch(/^coinFrom: .*coinFrom/);
  });

  it("201 for a created transaction, numbers sent as strings, unknown statuses kept", async () => {
    sandbox.control.setQuirks({ created201: true, numbersAsStrings: true });
    const tx = await client().createTransaction(createBody);
    expect(tx.amountIn).toBe(0.5);
    sandbox.control.setStatus(tx.id, "sending");
    const detail = await client().getTransaction(tx.id);
    expect(detail.status).toBe("sending");
    expect(typeof detail.amountIn).toBe("number");
  });
});

describe("the client-side budget", () => {
  it("a burst above the budget gets no 429 from the exchange and completes in order", async () => {
    const limited = await startSandbox({
      schedule: false,
      limits: { publicPerMin: 5, createPerMin: 5, readPerMin: 5 },
    });
    try {
      // The budget equals the exchange's limit, over a window shortened for the test.
      const c = new ExchangeClient({
        baseUrl: limited.url,
        apiKey: limited.apiKey,
        limits: { publicPerMin: 5, createPerMin: 5, readPerMin: 5 },
        timeoutMs: 2_000,
        windowMs: 60_000,
      });
      const order: number[] = [];
      const calls = Array.from({ length: 5 }, (_, i) =>
        c.listCurrencies({ page: 1, size: 1 }).then(() => order.push(i)),
      );
      await Promise.all(calls);
      // The sixth must wait a whole window: the client refuses rather than earn a 429.
      const busy = await failure(c.listCurrencies({}, { maxWaitMs: 1_000 }));
      expect(busy).toBeInstanceOf(ExchangeBusyError);
      expect((busy as ExchangeBusyError).retryAfterMs).toBeGreaterThan(50_000);
      expect(order).toEqual([0, 1, 2, 3, 4]);
      expect(limited.control.stats.served429).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it("queued requests beyond the budget wait for the window, in order, without 429s", async () => {
    // Our budget: 3 per 1.5 s window, so six requests need two windows; the exchange allows six
    // per minute, so any request sent early would show up as a 429.
    const generous = await startSandbox({
      schedule: false,
      limits: { publicPerMin: 6, createPerMin: 6, readPerMin: 6 },
    });
    try {
      const c = new ExchangeClient({
        baseUrl: generous.url,
        apiKey: generous.apiKey,
        limits: { publicPerMin: 3, createPerMin: 3, readPerMin: 3 },
        timeoutMs: 2_000,
        windowMs: 1_500,
      });
      const started = Date.now();
      const finished: Array<[number, number]> = [];
      await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          c.listCurrencies({ size: 1 }).then(() => finished.push([i, Date.now() - started])),
        ),
      );
      expect(finished.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(finished[3]![1]).toBeGreaterThanOrEqual(1_400);
      expect(generous.control.stats.served429).toBe(0);
    } finally {
      await generous.close();
    }
  });
});
