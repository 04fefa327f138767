import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { ORDER, useSandbox } from "./helpers.ts";

const start = useSandbox();

describe("injected status faults", () => {
  it("answer the next N responses of one endpoint, then recover", async () => {
    const api = await start();
    api.control.failNext("rate", { status: 503, times: 2 });
    const rate = "/rate?coinFrom=btc&coinTo=eth&amount=1";
    expect((await api.get("/currencies")).status).toBe(200);
    const first = await api.get(rate);
    expect(first.status).toBe(503);
    expect(first.body).toEqual({ message: "sandbox: injected 503", code: 503 });
    expect((await api.get(rate)).status).toBe(503);
    expect((await api.get(rate)).status).toBe(200);
  });

  it("carry a message and a Retry-After when asked, before auth", async () => {
    const api = await start();
    api.control.failNext("create", { status: 400, message: "pair is disabled" });
    api.control.failNext("list", { status: 429, retryAfter: 7 });
    const created = await api.create(ORDER);
    expect(created.body).toEqual({ message: "pair is disabled", code: 400 });
    expect(api.control.transactions()).toHaveLength(0);
    const listed = await api.get("/transactions");
    expect(listed.status).toBe(429);
    expect(listed.headers.get("retry-after")).toBe("7");
    expect(api.control.stats.served429).toBe(1);
  });

  it("target any endpoint with 'any', in the order queued", async () => {
    const api = await start();
    api.control.failNext("any", { status: 500 });
    api.control.failNext("get", { status: 502 });
    expect(api.control.pendingFaults()).toEqual({ any: 1, get: 1 });
    expect((await api.authGet("/transactions/x")).status).toBe(500);
    expect((await api.get("/currencies")).status).toBe(200);
    expect((await api.authGet("/transactions/x")).status).toBe(502);
    expect((await api.authGet("/transactions/x")).status).toBe(404);
  });
});

describe("malformed bodies", () => {
  it.each([
    ["garbage", (text: string) => expect(text).toContain("<html>")],
    ["truncated", (text: string) => expect(() => JSON.parse(text)).toThrow()],
    ["empty", (text: string) => expect(text).toBe("")],
  ] as const)("serve %s with a 200", async (body, check) => {
    const api = await start();
    api.control.malformedNext("currencies", { body });
    const res = await api.get("/currencies");
    expect(res.status).toBe(200);
    check(res.text);
    expect((await api.get("/currencies")).body.count).toBeGreaterThan(0);
  });

  it("serve JSON of the wrong shape for each endpoint", async () => {
    const api = await start();
    api.control.malformedNext("any", { body: "shape", times: 3 });
    const currencies = await api.get("/currencies");
    expect(currencies.status).toBe(200);
    expect(typeof currencies.body.count).not.toBe("number");
    const rate = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=1");
    expect(typeof rate.body.toAmount).not.toBe("number");
    const created = await api.create(ORDER);
    expect(typeof created.body.id).not.toBe("string");
    expect(api.control.transactions()).toHaveLength(0);
  });

  it("default to garbage, for N responses", async () => {
    const api = await start();
    api.control.malformedNext("rate", { times: 2 });
    const rate = "/rate?coinFrom=btc&coinTo=eth&amount=1";
    expect((await api.get(rate)).body).toBeUndefined();
    expect((await api.get(rate)).body).toBeUndefined();
    expect((await api.get(rate)).body.rate).toEqual(expect.any(Number));
  });
});

describe("delays and down mode", () => {
  it("delay an endpoint enough to trip a client timeout", async () => {
    const api = await start();
    api.control.setDelay("rate", 300);
    await expect(
      fetch(`${api.sandbox.url}/rate?coinFrom=btc&coinTo=eth&amount=1`, {
        signal: AbortSignal.timeout(50),
      }),
    ).rejects.toThrow();
    expect((await api.get("/currencies")).status).toBe(200);
    api.control.setDelay("rate", 0);
    expect((await api.get("/rate?coinFrom=btc&coinTo=eth&amount=1")).status).toBe(200);
  });

  it("answers 503 to everything while down", async () => {
    const api = await start();
    api.control.setDown(true);
    for (const res of [
      await api.get("/currencies"),
      await api.create(ORDER),
      await api.authGet("/transactions"),
      await api.get("/nope"),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body.code).toBe(503);
    }
    expect(api.control.transactions()).toHaveLength(0);
    api.control.setDown(false);
    expect((await api.get("/currencies")).status).toBe(200);
  });

  it("clearFaults removes queued faults, delays, hang and down", async () => {
    const api = await start();
    api.control.failNext("any", { status: 500, times: 10 });
    api.control.setDelay("any", 5_000);
    api.control.setDown(true);
    api.control.createThenHang(5_000);
    api.control.clearFaults();
    expect(api.control.pendingFaults()).toEqual({});
    expect((await api.get("/currencies")).status).toBe(200);
    expect((await api.create(ORDER)).status).toBe(200);
  });
});

describe("stallNext", () => {
  it("sends the real answer's status, headers and half its body at once, the rest only after the hold", async () => {
    const api = await start();
    api.control.stallNext("currencies", { ms: 200 });
    const url = new URL(`${api.sandbox.url}/currencies`);
    const { status, first, whole } = await new Promise<{
      status: number | undefined;
      first: string;
      whole: Promise<string>;
    }>((resolve, reject) => {
      request(url, (res) => {
        const chunks: string[] = [];
        const whole = new Promise<string>((done) => res.on("end", () => done(chunks.join(""))));
        res.setEncoding("utf8");
        res.once("data", (chunk: string) => {
          chunks.push(chunk);
          res.on("data", (more: string) => chunks.push(more));
          resolve({ status: res.statusCode, first: chunk, whole });
        });
      })
        .on("error", reject)
        .end();
    });
    expect(status).toBe(200);
    expect(() => JSON.parse(first)).toThrow();
    const body = JSON.parse(await whole) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(JSON.stringify(body).length / 2);
    expect(api.control.stats.stalled).toBe(1);
    expect((await api.get("/currencies")).status).toBe(200);
    expect(api.control.stats.stalled).toBe(1);
  });
});

describe("createThenHang", () => {
  it("creates the transaction at once but answers only after the delay", async () => {
    const api = await start();
    api.control.createThenHang(300);
    let answered = false;
    const pending = api.create(ORDER).finally(() => {
      answered = true;
    });
    while (api.control.transactions().length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(answered).toBe(false);
    const seen = api.control.transactions();
    const listed = await api.authGet<{ data: Array<{ id: string }> }>("/transactions");
    expect(listed.body.data[0]!.id).toBe(seen[0]!.id);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(seen[0]!.id);
    expect((await api.create(ORDER)).status).toBe(200);
  });

  it("can destroy the socket instead of answering", async () => {
    const api = await start();
    api.control.createThenHang(20, { destroy: true });
    await expect(api.create(ORDER)).rejects.toThrow();
    expect(api.control.transactions()).toHaveLength(1);
    expect(api.control.stats.dropped).toBe(1);
  });

  it("is not used up by a request that fails validation", async () => {
    const api = await start();
    api.control.createThenHang(20, { destroy: true });
    expect((await api.create({ ...ORDER, amount: -1 })).status).toBe(400);
    await expect(api.create(ORDER)).rejects.toThrow();
  });

  it("does not hold up close()", async () => {
    const api = await start();
    api.control.createThenHang(60_000);
    const url = new URL(`${api.sandbox.url}/transactions`);
    const outcome = new Promise<string>((resolve) => {
      const req = request(url, { method: "POST", headers: { "X-API-Key": api.sandbox.apiKey } });
      req.on("response", () => resolve("answered"));
      req.on("error", () => resolve("dropped"));
      req.end(JSON.stringify(ORDER));
    });
    await new Promise((r) => setTimeout(r, 50));
    await api.sandbox.close();
    expect(await outcome).toBe("dropped");
  });
});

describe("createThenHang for reconciliation", () => {
  it("lands other transactions of the same pair on the key after the held one", async () => {
    const api = await start();
    api.control.createThenHang(20, { destroy: true, othersAfter: 30 });
    await expect(api.create(ORDER)).rejects.toThrow();
    const [newest, ...rest] = api.control.transactions();
    expect(rest).toHaveLength(30);
    const held = rest.at(-1)!;
    expect(held.withdrawal_address).toBe(ORDER.withdrawalAddress);
    expect(newest!.createdMs).toBeGreaterThan(held.createdMs);
    for (const tx of [newest!, ...rest.slice(0, -1)]) {
      expect(tx.coin_from).toBe(held.coin_from);
      expect(tx.coin_to).toBe(held.coin_to);
      expect(tx.createdMs).toBeGreaterThan(held.createdMs);
    }
  });

  it("can send the headers and half the body, and the rest only after the delay", async () => {
    const api = await start();
    api.control.createThenHang(60_000, { stallBody: true });
    const url = new URL(`${api.sandbox.url}/transactions`);
    const first = await new Promise<{ status: number; chunk: string }>((resolve, reject) => {
      const req = request(url, {
        method: "POST",
        headers: { "X-API-Key": api.sandbox.apiKey, "Content-Type": "application/json" },
      });
      req.on("response", (res) => {
        res.once("data", (chunk: Buffer) => {
          resolve({ status: res.statusCode ?? 0, chunk: chunk.toString("utf8") });
          req.destroy();
        });
      });
      req.on("error", reject);
      req.end(JSON.stringify(ORDER));
    });
    expect(first.status).toBe(200);
    expect(() => JSON.parse(first.chunk)).toThrow();
    expect(api.control.transactions()).toHaveLength(1);
  });
});

describe("failDetail", () => {
  it("fails every read of one transaction's detail until lifted, and no other", async () => {
    const api = await start();
    const [a, b] = api.control.seed(2);
    api.control.failDetail(a!, 503);
    expect((await api.authGet(`/transactions/${a}`)).status).toBe(503);
    expect((await api.authGet(`/transactions/${a}`)).status).toBe(503);
    expect((await api.authGet(`/transactions/${b}`)).status).toBe(200);
    api.control.failDetail(a!, false);
    expect((await api.authGet(`/transactions/${a}`)).status).toBe(200);
  });
});

describe("stats", () => {
  it("count responses per endpoint and status, and reset", async () => {
    const api = await start();
    await api.get("/currencies");
    await api.get("/currencies");
    await api.get("/rate?coinFrom=btc");
    await api.authGet("/transactions/nope");
    await api.get("/transactions");
    await api.get("/nowhere");
    const stats = api.control.stats;
    expect(stats.total).toBe(6);
    expect(stats.responses.currencies).toEqual({ 200: 2 });
    expect(stats.responses.rate).toEqual({ 400: 1 });
    expect(stats.responses.get).toEqual({ 404: 1 });
    expect(stats.responses.list).toEqual({ 401: 1 });
    expect(stats.responses.other).toEqual({ 404: 1 });
    expect(stats.byEndpoint.currencies).toBe(2);
    expect(stats.byStatus).toEqual({ 200: 2, 400: 1, 401: 1, 404: 2 });
    api.control.resetStats();
    expect(api.control.stats.total).toBe(0);
    expect(stats.total).toBe(6);
  });
});
