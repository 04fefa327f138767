import { describe, expect, it } from "vitest";
import {
  BELOW_MIN,
  BY_ID,
  CREATED,
  ESTIMATED_AMOUNT,
  RANGE,
} from "./fixtures/changenow-captures.ts";
import { BTC_ADDRESS, ETH_ADDRESS, useSandbox } from "./helpers.ts";

/**
 * The sandbox's changenow dialect as a client sees it over HTTP (docs/exchange-changenow.md): the
 * paths under /v2, bodies with the keys of the answers Cake Wallet recorded, ChangeNOW's errors,
 * the key header, the list in windows, a rate id a fixed create must name, a hold as `verifying`,
 * and the faults and controls the other dialects have.
 */

const start = useSandbox();
const changenow = () => start({ dialect: "changenow" });
const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";

type Body = Record<string, unknown>;
const keys = (o: object) => Object.keys(o).sort();

const PAIR = "fromCurrency=btc&toCurrency=xrp";

describe("the changenow dialect: coins, range and estimates", () => {
  it("serves under /v2: one currency entry per coin and network, a memo network's hasExternalId", async () => {
    const api = await changenow();
    expect(api.sandbox.url).toMatch(/\/v2$/);
    const res = await api.get<Body[]>("/exchange/currencies?active=true&flow=standard");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const xrp = res.body.find((c) => c.ticker === "xrp")!;
    expect(xrp).toMatchObject({ network: "xrp", hasExternalId: true, isExtraIdSupported: true });
    const usdt = res.body.filter((c) => c.ticker === "usdt");
    expect(usdt.length).toBeGreaterThan(1);
    expect(res.body.find((c) => c.ticker === "btc")).toMatchObject({ hasExternalId: false });
  });

  it("a range and an estimate shaped like the recorded ones", async () => {
    const api = await changenow();
    const range = await api.authGet<Body>(`/exchange/range?${PAIR}&flow=standard`);
    expect(range.status).toBe(200);
    expect(keys(range.body)).toEqual(keys(RANGE));
    const estimate = await api.authGet<Body>(
      `/exchange/estimated-amount?${PAIR}&fromAmount=0.05&flow=standard&type=direct`,
    );
    expect(estimate.status).toBe(200);
    expect(keys(estimate.body)).toEqual(keys(ESTIMATED_AMOUNT));
    expect(estimate.body).toMatchObject({ flow: "standard", type: "direct", rateId: null });
  });

  it("below the minimum: 400 deposit_too_small with the range in payload", async () => {
    const api = await changenow();
    const res = await api.authGet<Body>(
      `/exchange/estimated-amount?${PAIR}&fromAmount=0.00000001&flow=standard`,
    );
    expect(res.status).toBe(400);
    expect(keys(res.body)).toEqual(keys(BELOW_MIN));
    expect(res.body).toMatchObject({ error: "deposit_too_small", message: "Out of min amount" });
    expect((res.body.payload as { range: Body }).range.minAmount).toBeGreaterThan(0);
  });

  it("fixed-rate estimates carry a rateId and validUntil; reverse only at a fixed rate", async () => {
    const api = await changenow();
    const fixed = await api.authGet<Body>(
      `/exchange/estimated-amount?${PAIR}&toAmount=1000&flow=fixed-rate&type=reverse&useRateId=true`,
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.toAmount).toBe(1000);
    expect(fixed.body.rateId).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(String(fixed.body.validUntil))).toBeGreaterThan(Date.now());
    const floating = await api.authGet<Body>(
      `/exchange/estimated-amount?${PAIR}&toAmount=1000&flow=standard&type=reverse`,
    );
    expect(floating.status).toBe(400);
    expect(floating.body.error).toBe("bad_params");
  });

  it("a pair not offered is pair_is_inactive", async () => {
    const api = await changenow();
    api.control.setPairAvailable("btc", "xrp", false);
    const res = await api.authGet<Body>(`/exchange/range?${PAIR}&flow=standard`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("pair_is_inactive");
  });
});

describe("the changenow dialect: exchanges", () => {
  const createBody = (extra: Body = {}) => ({
    fromCurrency: "btc",
    toCurrency: "xrp",
    fromAmount: 0.05,
    address: XRP_ADDRESS,
    extraId: "12345",
    refundAddress: BTC_ADDRESS,
    flow: "standard",
    type: "direct",
    ...extra,
  });

  const post = (api: Awaited<ReturnType<typeof changenow>>, body: unknown, key?: string) =>
    api.get<Body>("/exchange", {
      method: "POST",
      headers: {
        "x-changenow-api-key": key ?? api.sandbox.apiKey,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(body),
    });

  it("POST exchange answers the recorded shape (memos echoed); by-id and the list agree", async () => {
    const api = await changenow();
    const created = await post(api, createBody());
    expect(created.status).toBe(200);
    expect(keys(created.body)).toEqual(
      keys({ ...CREATED, payinExtraId: 0, payoutExtraId: 0, refundExtraId: 0 }),
    );
    expect(created.body).toMatchObject({
      payoutExtraId: "12345",
      toNetwork: "xrp",
      flow: "standard",
    });
    const id = String(created.body.id);
    const detail = await api.authGet<Body>(`/exchange/by-id?id=${id}`);
    expect(detail.status).toBe(200);
    expect(keys(detail.body)).toEqual(keys(BY_ID));
    expect(detail.body).toMatchObject({ id, status: "waiting", payoutExtraId: "12345" });
    const list = await api.authGet<{ count: number; exchanges: Body[] }>(
      `/exchanges?limit=10&offset=0&sortDirection=DESC&dateFrom=${new Date(Date.now() - 60_000).toISOString()}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.exchanges[0]).toMatchObject({
      requestId: id,
      status: "waiting",
      payout: { currency: "xrp", address: XRP_ADDRESS, extraId: "12345" },
    });
  });

  it("a fixed-rate create needs a rateId the estimate handed out", async () => {
    const api = await changenow();
    const without = await post(api, createBody({ flow: "fixed-rate" }));
    expect(without.status).toBe(400);
    const made = await post(api, createBody({ flow: "fixed-rate", rateId: "not-issued" }));
    expect(made.status).toBe(400);
    expect(made.body.error).toBe("not_valid_rate_id");
    const estimate = await api.authGet<Body>(
      `/exchange/estimated-amount?${PAIR}&fromAmount=0.05&flow=fixed-rate&useRateId=true`,
    );
    const ok = await post(api, createBody({ flow: "fixed-rate", rateId: estimate.body.rateId }));
    expect(ok.status).toBe(200);
    expect(ok.body.toAmount).toBe(estimate.body.toAmount);
  });

  it("the list pages with limit/offset inside a window, newest first, count being the window's", async () => {
    const api = await changenow();
    const ids = api.control.seed(30, { createdAt: "2026-11-01T12:00:00Z", spreadOverMs: 29_000 });
    const window = "dateFrom=2026-11-01T11:59:40Z&dateTo=2026-11-01T11:59:50Z";
    const first = await api.authGet<{ count: number; exchanges: Body[] }>(
      `/exchanges?limit=5&offset=0&${window}`,
    );
    expect(first.body.count).toBe(11);
    // One a second from 11:59:31 (ids[0]) on: the window holds ids[9] .. ids[19], newest first.
    expect(first.body.exchanges.map((e) => e.requestId)).toEqual(ids.slice(15, 20).reverse());
    const last = await api.authGet<{ count: number; exchanges: Body[] }>(
      `/exchanges?limit=5&offset=10&${window}`,
    );
    expect(last.body.exchanges).toHaveLength(1);
    expect(last.body.exchanges[0]!.requestId).toBe(ids[9]);
  });

  it("a held transaction is verifying (actions available) until released", async () => {
    const api = await changenow();
    const [id] = api.control.seed(1, { status: "confirmation" });
    api.control.hold(id!);
    const held = await api.authGet<Body>(`/exchange/by-id?id=${id}`);
    expect(held.body).toMatchObject({ status: "verifying", actionsAvailable: true });
    const list = await api.authGet<{ exchanges: Body[] }>("/exchanges?limit=5");
    expect(list.body.exchanges[0]!.status).toBe("verifying");
    api.control.release(id!, "refunded");
    const released = await api.authGet<Body>(`/exchange/by-id?id=${id}`);
    expect(released.body.status).toBe("refunded");
  });

  it("auth, unknown ids, faults: ChangeNOW's {error, message} bodies", async () => {
    const api = await changenow();
    const noKey = await api.get<Body>("/exchange/by-id?id=x");
    expect(noKey.status).toBe(401);
    expect(noKey.body.error).toBe("unauthorized");
    const wrong = await post(api, createBody(), "wrong");
    expect(wrong.status).toBe(401);
    const missing = await api.authGet<Body>("/exchange/by-id?id=nope");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "not_found", message: "Exchange not found" });
    api.control.failNext("rate", { status: 429, retryAfter: 3 });
    const limited = await api.authGet<Body>(`/exchange/range?${PAIR}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    expect(limited.body.error).toBe("too_many_requests");
    api.control.malformedNext("get", { body: "shape" });
    const shape = await api.authGet<Body>("/exchange/by-id?id=nope");
    expect(shape.status).toBe(200);
    expect(shape.body.id).toBeNull();
    api.control.setDown(true);
    const down = await api.authGet<Body>(`/exchange/range?${PAIR}`);
    expect(down.status).toBe(503);
    expect(down.body.error).toBe("internal_error");
  });
});

describe("the changenow dialect: the shared create's checks", () => {
  it("a payout memo on a network without memos, and a bad address, are 400 bad_params", async () => {
    const api = await changenow();
    const res = await api.get<Body>("/exchange", {
      method: "POST",
      headers: { "x-changenow-api-key": api.sandbox.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({
        fromCurrency: "btc",
        toCurrency: "eth",
        fromAmount: 0.05,
        address: ETH_ADDRESS,
        extraId: "1",
        flow: "standard",
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("bad_params");
  });
});
