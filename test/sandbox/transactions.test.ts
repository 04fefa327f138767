import { describe, expect, it } from "vitest";
import { BTC_ADDRESS, ETH_ADDRESS, isClean, ORDER, useSandbox } from "./helpers.ts";

interface Item {
  id: string;
  status: string;
  coin_from: string;
  coin_to: string;
  amount_in: number;
  amount_out: number;
  created_at: string;
}
interface Page {
  data: Item[];
  count: number;
}

const start = useSandbox();
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("authentication", () => {
  it("answers 401 without a key or with a wrong one, on each private endpoint", async () => {
    const api = await start();
    const calls = [
      () => api.get("/transactions"),
      () => api.authGet("/transactions", "wrong"),
      () => api.get("/transactions/abc"),
      () => api.create(ORDER, "wrong"),
      () => api.get("/transactions", { method: "POST", body: JSON.stringify(ORDER) }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: expect.stringMatching(/API key/), code: 401 });
    }
    expect(api.control.transactions()).toHaveLength(0);
  });

  it("takes a caller-chosen key", async () => {
    const api = await start({ apiKey: "my-key" });
    expect(api.sandbox.apiKey).toBe("my-key");
    expect((await api.authGet("/transactions", "my-key")).status).toBe(200);
  });

  it("makes up a sandbox- key by default", async () => {
    const api = await start();
    expect(api.sandbox.apiKey).toMatch(/^sandbox-[0-9a-f]{16,}$/);
    expect(api.sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
  });
});

describe("POST /transactions", () => {
  it("creates a transaction in wait, answering exactly the created shape", async () => {
    const api = await start();
    const res = await api.create(ORDER);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(Object.keys(body).sort()).toEqual(
      [
        "id",
        "status",
        "coin_from",
        "coin_to",
        "amount_in",
        "amount_out_expected",
        "deposit_address",
        "withdrawal_address",
        "rate_type",
        "created_at",
      ].sort(),
    );
    expect(body).toMatchObject({
      status: "wait",
      coin_from: "btc",
      coin_to: "eth",
      amount_in: 0.5,
      withdrawal_address: ETH_ADDRESS,
      rate_type: "float",
    });
    expect(body.id).toMatch(/^[0-9a-z]{10,}$/);
    expect(body.deposit_address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(body.created_at).toMatch(ISO_MS);
    expect(isClean(body.amount_out_expected)).toBe(true);
    const rate = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=0.5");
    expect(body.amount_out_expected).toBe(rate.body.toAmount);
    expect(api.control.transactions()).toHaveLength(1);
  });

  it("uses the networks and the rate type asked for, and keeps the refund address", async () => {
    const api = await start();
    const res = await api.create({
      coinFrom: "usdt",
      networkFrom: "trc20",
      coinTo: "btc",
      amount: 250,
      withdrawalAddress: BTC_ADDRESS,
      refundAddress: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8",
      rateType: "fixed",
    });
    expect(res.status).toBe(200);
    expect(res.body.rate_type).toBe("fixed");
    expect(res.body.deposit_address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const detail = await api.authGet(`/transactions/${res.body.id}`);
    expect(detail.body).toMatchObject({
      network_from: "TRC20",
      network_to: "BTC",
      refund_address: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8",
      rate_type: "fixed",
    });
  });

  it.each([
    [{ ...ORDER, coinFrom: undefined }, "coinFrom"],
    [{ ...ORDER, coinTo: "nope" }, "coinTo"],
    [{ ...ORDER, amount: undefined }, "amount"],
    [{ ...ORDER, amount: "0.5" }, "amount"],
    [{ ...ORDER, amount: 0 }, "amount"],
    [{ ...ORDER, withdrawalAddress: undefined }, "withdrawalAddress"],
    [{ ...ORDER, withdrawalAddress: BTC_ADDRESS }, "withdrawalAddress is not a valid ETH"],
    [{ ...ORDER, withdrawalAddress: "0x742d35Cc6634C0532925a3b844Bc454e4438f44" }, "ETH"],
    [{ ...ORDER, refundAddress: ETH_ADDRESS }, "refundAddress is not a valid BTC"],
    [{ ...ORDER, networkTo: "TRC20" }, "networkTo"],
    [{ ...ORDER, rateType: "cheap" }, "rateType"],
    [{ ...ORDER, amount: 0.00001 }, "minimum"],
    [{ ...ORDER, amount: 50 }, "maximum"],
  ])("answers 400 and creates nothing for %o", async (order, expected) => {
    const api = await start();
    const res = await api.create(order);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringContaining(expected), code: 400 });
    expect(api.control.transactions()).toHaveLength(0);
  });

  it("names the limit in an out-of-range error", async () => {
    const api = await start();
    const quote = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=1");
    const res = await api.create({ ...ORDER, amount: 0.00001 });
    expect(res.body.message).toContain(String(quote.body.minAmount));
  });

  it.each([
    ["not json", "{oops"],
    ["an array", "[1,2]"],
    ["empty", ""],
  ])("answers 400 for a body that is %s", async (_, body) => {
    const api = await start();
    const res = await api.create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/JSON/);
  });

  it("checks withdrawal addresses per coin and network", async () => {
    const api = await start();
    const cases: Array<[Record<string, unknown>, string, number]> = [
      [
        { coinTo: "xmr" },
        "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
        200,
      ],
      [{ coinTo: "xmr" }, ETH_ADDRESS, 400],
      [{ coinTo: "ltc" }, "ltc1qg82x5h7m4c2r6wc0kx9pfsqvgj3q5tzqkqwjvt", 200],
      [{ coinTo: "doge" }, "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L", 200],
      [{ coinTo: "trx" }, "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", 200],
      [{ coinTo: "trx" }, ETH_ADDRESS, 400],
      [{ coinTo: "sol" }, "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV", 200],
      [{ coinTo: "sol" }, "0OIl-not-base58-at-all-0OIl", 400],
      [{ coinTo: "usdt", networkTo: "TRC20" }, ETH_ADDRESS, 400],
      [{ coinTo: "usdt", networkTo: "ERC20" }, ETH_ADDRESS, 200],
      [{ coinTo: "ada" }, "short", 400],
      [{ coinTo: "ada" }, "has spaces in it which is not ok at all", 400],
    ];
    for (const [to, address, status] of cases) {
      const res = await api.create({ ...ORDER, ...to, withdrawalAddress: address });
      expect(res.status, `${JSON.stringify(to)} ${address}`).toBe(status);
    }
  });
});

describe("GET /transactions", () => {
  it("lists newest first, 20 by default, with the total count", async () => {
    const api = await start();
    api.control.seed(45);
    const created = await api.create(ORDER);
    const res = await api.authGet<Page>("/transactions");
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(46);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.data[0]!.id).toBe(created.body.id);
    const times = res.body.data.map((t) => t.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Object.keys(res.body.data[0]!).sort()).toEqual(
      ["id", "status", "coin_from", "coin_to", "amount_in", "amount_out", "created_at"].sort(),
    );
  });

  it("pages with page and size, and caps size silently", async () => {
    const api = await start({ pageSizeCap: { currencies: 100, transactions: 25 } });
    const ids = api.control.seed(60).reverse();
    const page2 = await api.authGet<Page>("/transactions?page=2&size=10");
    expect(page2.body.data.map((t) => t.id)).toEqual(ids.slice(10, 20));
    const capped = await api.authGet<Page>("/transactions?size=1000");
    expect(capped.body.data).toHaveLength(25);
    expect(capped.body.count).toBe(60);
    const last = await api.authGet<Page>("/transactions?page=3&size=25");
    expect(last.body.data.map((t) => t.id)).toEqual(ids.slice(50));
    const bad = await api.authGet("/transactions?size=0");
    expect(bad.status).toBe(400);
  });

  it("filters by dateFrom and dateTo, both inclusive; count follows the filter", async () => {
    const api = await start();
    const day = Date.UTC(2025, 0, 10);
    for (let d = 0; d < 5; d++)
      api.control.seed(2, { createdAt: day + d * 86_400_000 + 3_600_000 });
    const all = api.control.transactions();
    const at = (i: number) => all.find((t) => t.createdMs === day + i * 86_400_000 + 3_600_000)!;
    let res = await api.authGet<Page>(
      `/transactions?dateFrom=${at(1).created_at}&dateTo=${at(3).created_at}`,
    );
    expect(res.body.count).toBe(6);
    expect(res.body.data).toHaveLength(6);
    res = await api.authGet<Page>("/transactions?dateFrom=2025-01-12&dateTo=2025-01-12");
    expect(res.body.count).toBe(2);
    res = await api.authGet<Page>("/transactions?dateTo=2025-01-11T01:00:00.000Z");
    expect(res.body.count).toBe(4);
    res = await api.authGet<Page>("/transactions?dateFrom=2025-01-12T03:00:00%2B02:00");
    expect(res.body.count).toBe(6);
    res = await api.authGet<Page>("/transactions?dateFrom=2030-01-01");
    expect(res.body).toEqual({ data: [], count: 0 });
  });

  it("lists what another client on the same key created beside the caller's own, in one time order", async () => {
    const api = await start();
    const mine = await api.create(ORDER);
    const mineMs = Date.parse(mine.body.created_at as string);
    // A website sharing the key: transactions a second before and after ours.
    const [before] = api.control.seed(1, { createdAt: mineMs - 1_000 });
    const [after] = api.control.seed(1, { createdAt: mineMs + 1_000 });
    const all = await api.authGet<Page>("/transactions");
    expect(all.body.data.map((t) => t.id)).toEqual([after, mine.body.id, before]);
    // A window around our own creation time shows only what was created in it.
    const at = new Date(mineMs).toISOString();
    const window = await api.authGet<Page>(`/transactions?dateFrom=${at}&dateTo=${at}`);
    expect(window.body).toMatchObject({ count: 1, data: [{ id: mine.body.id }] });
  });

  it.each(["yesterday", "2025-13-01", "2025-02-30", "10/01/2025", "2025-01-01T25:00:00Z"])(
    "answers 400 for dateFrom=%s",
    async (value) => {
      const api = await start();
      const res = await api.authGet(`/transactions?dateFrom=${encodeURIComponent(value)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("dateFrom");
    },
  );
});

describe("GET /transactions/{id}", () => {
  it("answers the detail shape, hashes empty until known", async () => {
    const api = await start();
    const created = await api.create(ORDER);
    const res = await api.authGet(`/transactions/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: created.body.id,
      status: "wait",
      coin_from: "btc",
      coin_to: "eth",
      network_from: "BTC",
      network_to: "ETH",
      amount_in: 0.5,
      amount_out: created.body.amount_out_expected,
      rate: expect.any(Number),
      rate_type: "float",
      deposit_address: created.body.deposit_address,
      withdrawal_address: ETH_ADDRESS,
      refund_address: null,
      tx_hash_in: "",
      tx_hash_out: "",
      created_at: created.body.created_at,
    });
  });

  it("answers 404 for an unknown id", async () => {
    const api = await start();
    for (const id of ["doesnotexist", "%E0%A4%A"]) {
      const res = await api.authGet(`/transactions/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(404);
    }
  });
});

describe("routing", () => {
  it("answers unknown routes and methods with a JSON 404", async () => {
    const api = await start();
    for (const [path, method] of [
      ["/nope", "GET"],
      ["/currencies", "POST"],
      ["/transactions/a/b", "GET"],
    ] as const) {
      const res = await api.get(path, { method });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String), code: 404 });
    }
    const outside = await fetch(api.sandbox.url.replace("/api/v2", "/api/v1/currencies"));
    expect(outside.status).toBe(404);
  });

  it("tolerates a trailing slash", async () => {
    const api = await start();
    expect((await api.get("/currencies/")).status).toBe(200);
  });
});
