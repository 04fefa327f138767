import { describe, expect, it } from "vitest";
import { ORDER, useSandbox } from "./helpers.ts";

const start = useSandbox();

describe("quirk rangeAs422", () => {
  it("answers 422 with the limits for an out-of-range quote", async () => {
    const api = await start({ quirks: { rangeAs422: true } });
    const res = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=0.00001");
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: expect.stringContaining("minimum"),
      code: 422,
      minAmount: expect.any(Number),
      maxAmount: expect.any(Number),
      fromAmount: 0.00001,
      toAmount: expect.any(Number),
      rate: expect.any(Number),
    });
    const inRange = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=0.5");
    expect(inRange.status).toBe(200);
  });

  it("answers 422 for an out-of-range create, creating nothing", async () => {
    const api = await start({ quirks: { rangeAs422: true } });
    const res = await api.create({ ...ORDER, amount: 1_000 });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain("maximum");
    expect(res.body.maxAmount).toEqual(expect.any(Number));
    expect(api.control.transactions()).toHaveLength(0);
  });
});

describe("quirk rangeAs400", () => {
  it("answers 400 {message, code} naming the limit only in its words for an out-of-range quote", async () => {
    const api = await start({ quirks: { rangeAs400: true } });
    const res = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=0.00000001");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: expect.stringMatching(/^amount 0\.00000001 is below the minimum of [\d.]+ BTC$/),
      code: 400,
    });
    const inRange = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=0.5");
    expect(inRange.status).toBe(200);
  });
});

describe("quirk errorStyle", () => {
  it("'error' answers {error: message}", async () => {
    const api = await start({ quirks: { errorStyle: "error" } });
    const res = await api.get("/rate?coinTo=eth&amount=1");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "coinFrom is required" });
    expect((await api.get("/transactions")).body).toEqual({ error: expect.any(String) });
  });

  it("'errors' answers {errors: {field: message}}", async () => {
    const api = await start({ quirks: { errorStyle: "errors" } });
    const res = await api.create({ ...ORDER, withdrawalAddress: "nope" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: { withdrawalAddress: "withdrawalAddress is not a valid ETH address" },
    });
    const notFound = await api.authGet("/transactions/none");
    expect(notFound.body).toEqual({ errors: { id: expect.any(String) } });
  });
});

describe("quirk created201", () => {
  it("answers 201 to a create, 200 elsewhere", async () => {
    const api = await start({ quirks: { created201: true } });
    expect((await api.create(ORDER)).status).toBe(201);
    expect((await api.authGet("/transactions")).status).toBe(200);
  });
});

describe("quirk numbersAsStrings", () => {
  it("writes every number as a plain decimal string", async () => {
    const api = await start({ quirks: { numbersAsStrings: true } });
    const quote = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=0.5");
    expect(quote.body.fromAmount).toBe("0.5");
    for (const key of ["toAmount", "rate", "minAmount", "maxAmount"]) {
      expect(quote.body[key], key).toMatch(/^\d+(\.\d+)?$/);
    }
    const tiny = await api.get("/rate?coinFrom=shib&coinTo=btc&amount=1000000");
    expect(tiny.body.rate).toMatch(/^0\.0+\d+$/);
    const currencies = await api.get("/currencies?size=1");
    expect(currencies.body.count).toMatch(/^\d+$/);
    const created = await api.create(ORDER);
    expect(created.body.amount_in).toBe("0.5");
    const error = await api.authGet("/transactions/none");
    expect(error.body.code).toBe("404");
  });
});

describe("setQuirks", () => {
  it("switches quirks at runtime, and back", async () => {
    const api = await start();
    api.control.setQuirks({ created201: true, errorStyle: "error" });
    expect((await api.create(ORDER)).status).toBe(201);
    expect((await api.get("/rate")).body).toHaveProperty("error");
    api.control.setQuirks({ created201: false, errorStyle: "message" });
    expect((await api.create(ORDER)).status).toBe(200);
    expect((await api.get("/rate")).body).toHaveProperty("code", 400);
  });
});

describe("quirk createdAtSeconds", () => {
  it("shows created_at rounded to the second everywhere, while date filters see the exact time", async () => {
    const api = await start({ quirks: { createdAtSeconds: true } });
    const exact = Date.UTC(2025, 4, 1, 12, 0, 0, 700);
    const [id] = api.control.seed(1, { createdAt: exact });
    const shown = "2025-05-01T12:00:01Z";
    const list = await api.authGet<{ data: Array<{ id: string; created_at: string }> }>(
      "/transactions",
    );
    expect(list.body.data).toEqual([expect.objectContaining({ id, created_at: shown })]);
    expect((await api.authGet(`/transactions/${id}`)).body.created_at).toBe(shown);
    expect((await api.create(ORDER)).body.created_at).toMatch(/T\d{2}:\d{2}:\d{2}Z$/);
    // A window starting at the shown time misses it: the filter compares 12:00:00.700.
    const from = await api.authGet<{ count: number }>(
      `/transactions?dateFrom=${shown}&dateTo=${shown}`,
    );
    expect(from.body.count).toBe(0);
    const widened = await api.authGet<{ count: number }>(
      "/transactions?dateFrom=2025-05-01T12:00:00Z&dateTo=2025-05-01T12:00:02Z",
    );
    expect(widened.body.count).toBe(1);
  });
});
