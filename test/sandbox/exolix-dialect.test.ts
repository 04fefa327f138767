import { describe, expect, it } from "vitest";
import {
  CREATED,
  keyPaths,
  RATE,
  RATE_BELOW_MIN,
  REVERSE_RATE,
  typeMismatches,
  VALIDATION_ERROR,
} from "./fixtures/exolix-captures.ts";
import { BTC_ADDRESS, ETH_ADDRESS, ORDER, useSandbox } from "./helpers.ts";

const start = useSandbox();
const exolix = () => start({ dialect: "exolix" });
const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";

type Body = Record<string, unknown>;

describe("the exolix dialect: currencies and networks", () => {
  it("lists upper-case codes in {data, count}, with networks only when asked withNetworks=true", async () => {
    const api = await exolix();
    const plain = await api.get<{ data: Body[]; count: number }>("/currencies?size=100");
    expect(plain.status).toBe(200);
    expect(plain.body.count).toBeGreaterThanOrEqual(300);
    expect(plain.body.data[0]).toEqual({
      code: "BTC",
      name: "Bitcoin",
      icon: "https://exolix.com/icons/coins/BTC.png",
      notes: "",
    });
    const rich = await api.get<{ data: Array<Body & { networks: Body[] }> }>(
      "/currencies?search=usdt&withNetworks=true",
    );
    const usdt = rich.body.data.find((c) => c.code === "USDT")!;
    expect(usdt.networks.map((n) => n.network)).toEqual(["ERC20", "TRC20", "BEP20", "SOL"]);
    expect(usdt.networks.map((n) => n.isDefault)).toEqual([true, false, false, false]);
    expect(usdt.networks[2]).toMatchObject({
      name: "BNB Smart Chain (BEP20)",
      shortName: "BEP20",
      memoNeeded: false,
      memoName: "",
      memoRegex: null,
    });
    for (const key of ["notes", "blockExplorer", "precision", "decimal", "contract", "icon"]) {
      expect(usdt.networks[0]).toHaveProperty(key);
    }
  });

  it("says which networks need a memo, how it is named and what it takes", async () => {
    const api = await exolix();
    const xrp = await api.get<Body[]>("/currencies/xrp/networks");
    expect(xrp.status).toBe(200);
    expect(xrp.body).toHaveLength(1);
    expect(xrp.body[0]).toMatchObject({
      network: "XRP",
      isDefault: true,
      memoNeeded: true,
      memoName: "Destination tag",
      memoRegex: "^[0-9]{1,10}$",
    });
    expect(new RegExp(String(xrp.body[0]!.addressRegex)).test(XRP_ADDRESS)).toBe(true);
    const bnb = await api.get<Body[]>("/currencies/BNB/networks");
    expect(bnb.body.map((n) => [n.network, n.memoNeeded, n.memoName])).toEqual([
      ["BEP20", false, ""],
      ["BEP2", true, "Memo"],
    ]);
    const all = await api.get<{ data: Body[]; count: number }>(
      "/currencies/networks?search=bep&size=10",
    );
    expect(all.body.data.map((n) => n.network).sort()).toEqual(["BEP2", "BEP20"]);
    expect(all.body.count).toBe(2);
    const unknown = await api.get("/currencies/nosuchcoin/networks");
    expect(unknown.status).toBe(404);
    expect(unknown.body).not.toHaveProperty("code");
  });
});

describe("the exolix dialect: GET /rate", () => {
  it("answers a forward quote shaped like the real capture, message null", async () => {
    const api = await exolix();
    const res = await api.get(
      "/rate?coinFrom=BTC&coinTo=XMR&networkFrom=BTC&networkTo=XMR&rateType=float&amount=1",
    );
    expect(res.status).toBe(200);
    expect(keyPaths(res.body)).toEqual(keyPaths(RATE));
    expect(typeMismatches(RATE, res.body)).toEqual([]);
    expect(res.body).toMatchObject({ fromAmount: 1, message: null, priceImpact: "0" });
  });

  it("answers a reverse quote for withdrawalAmount: exactly that to receive, what it takes to send", async () => {
    const api = await exolix();
    const res = await api.get<typeof REVERSE_RATE>(
      "/rate?coinFrom=btc&coinTo=xmr&withdrawalAmount=1&rateType=fixed",
    );
    expect(res.status).toBe(200);
    expect(keyPaths(res.body)).toEqual(keyPaths(REVERSE_RATE));
    expect(typeMismatches(REVERSE_RATE, res.body)).toEqual([]);
    expect(res.body.toAmount).toBe(1);
    expect(res.body.fromAmount * res.body.rate).toBeGreaterThanOrEqual(1);
    expect((res.body.fromAmount - 1e-8) * res.body.rate).toBeLessThan(1);
    // withdrawalAmount wins when both come (EDGE sends both).
    const both = await api.get<typeof REVERSE_RATE>(
      "/rate?coinFrom=btc&coinTo=xmr&amount=3&withdrawalAmount=1&coinFromNetwork=BTC",
    );
    expect(both.body.toAmount).toBe(1);
  });

  it("answers a forward amount out of bounds with 422 and the real body; a reverse one below the minimum with 200 and a message", async () => {
    const api = await exolix();
    const below = await api.get("/rate?coinFrom=btc&coinTo=xmr&amount=0.00000001");
    expect(below.status).toBe(422);
    expect(keyPaths(below.body)).toEqual(keyPaths(RATE_BELOW_MIN));
    expect(below.body).toMatchObject({ message: RATE_BELOW_MIN.message, toAmount: 0 });
    const above = await api.get("/rate?coinFrom=btc&coinTo=xmr&amount=1000");
    expect(above.status).toBe(422);
    expect(Object.keys(above.body).sort()).toEqual([
      "fromAmount",
      "maxAmount",
      "message",
      "toAmount",
    ]);
    const reverseBelow = await api.get("/rate?coinFrom=btc&coinTo=xmr&withdrawalAmount=0.001");
    expect(reverseBelow.status).toBe(200);
    expect(reverseBelow.body.message).toBe(RATE_BELOW_MIN.message);
    expect(reverseBelow.body).toHaveProperty("withdrawMin");
  });

  it("answers an unsupported pair (an unknown coin, or one the exchange stops offering) with 422 {error}", async () => {
    const api = await exolix();
    const unknown = await api.get("/rate?coinFrom=btc&coinTo=nosuchcoin&amount=1");
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({ error: "Such exchange pair is not available" });
    api.control.setPairAvailable("btc", "eth", false);
    const stopped = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=0.1");
    expect(stopped.status).toBe(422);
    expect(stopped.body).toHaveProperty("error");
    expect((await api.get("/rate?coinFrom=eth&coinTo=btc&amount=1")).status).toBe(200);
    api.control.setPairAvailable("btc", "eth", true);
    expect((await api.get("/rate?coinFrom=btc&coinTo=eth&amount=0.1")).status).toBe(200);
  });

  it("answers a missing parameter with a 400 errors map, never a code", async () => {
    const api = await exolix();
    const res = await api.get("/rate?coinFrom=btc&amount=1");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, errors: { coinTo: "coinTo is required" } });
  });
});

describe("the exolix dialect: auth", () => {
  it("takes the raw key in Authorization (or api-key), refuses X-API-Key and Bearer, reads a detail without one", async () => {
    const api = await exolix();
    const { sandbox } = api;
    const post = (headers: Record<string, string>) =>
      fetch(`${sandbox.url}/transactions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(ORDER),
      });
    const none = await post({});
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      error: "API key missing: send it in the Authorization header",
    });
    expect((await post({ "X-API-Key": sandbox.apiKey })).status).toBe(401);
    expect((await post({ Authorization: `Bearer ${sandbox.apiKey}` })).status).toBe(401);
    expect((await post({ "api-key": sandbox.apiKey })).status).toBe(201);
    const created = await post({ Authorization: sandbox.apiKey });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await fetch(`${sandbox.url}/transactions/${id}`)).status).toBe(200);
    expect((await fetch(`${sandbox.url}/transactions`)).status).toBe(401);
  });
});

describe("the exolix dialect: transactions", () => {
  it("creates with 201 and the real capture's Transaction object, coin objects included", async () => {
    const api = await exolix();
    const res = await api.create<typeof CREATED>({
      coinFrom: "ETH",
      networkFrom: "ETH",
      coinTo: "USDT",
      networkTo: "ERC20",
      amount: "0.01",
      withdrawalAddress: ETH_ADDRESS,
      refundAddress: ETH_ADDRESS,
      rateType: "float",
    });
    expect(res.status).toBe(201);
    expect(keyPaths(res.body)).toEqual(keyPaths(CREATED));
    expect(typeMismatches(CREATED, res.body)).toEqual([]);
    expect(res.body).toMatchObject({
      amount: 0.01,
      status: "wait",
      rateType: "float",
      source: "api",
      depositExtraId: null,
      withdrawalExtraId: null,
      refundAddress: ETH_ADDRESS,
      hashIn: { hash: null, link: null },
      hashOut: { hash: null, link: null },
    });
    expect(res.body.coinFrom).toMatchObject({
      coinCode: "ETH",
      coinName: "Ethereum",
      network: "ETH",
      memoName: "",
    });
    expect(res.body.coinTo).toMatchObject({
      coinCode: "USDT",
      network: "ERC20",
      networkName: "Ethereum (ERC20)",
      networkShortName: "ERC20",
    });
    expect(res.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const detail = await api.authGet<typeof CREATED>(`/transactions/${res.body.id}`);
    expect(detail.body).toEqual(res.body);
  });

  it("defaults to a fixed rate, and pays exactly withdrawalAmount on a fixed-rate create", async () => {
    const api = await exolix();
    const res = await api.create<typeof CREATED>({
      coinFrom: "btc",
      coinTo: "eth",
      withdrawalAmount: 2.5,
      withdrawalAddress: ETH_ADDRESS,
    });
    expect(res.status).toBe(201);
    expect(res.body.rateType).toBe("fixed");
    expect(res.body.amountTo).toBe(2.5);
    expect(res.body.amount * res.body.rate).toBeGreaterThanOrEqual(2.5);
    const quote = await api.get("/rate?coinFrom=btc&coinTo=eth&withdrawalAmount=2.5");
    expect(res.body.amount).toBe(quote.body.fromAmount);
    api.control.worsenNextFixedCreate(0.05);
    const worse = await api.create<typeof CREATED>({
      coinFrom: "btc",
      coinTo: "eth",
      withdrawalAmount: "2.5",
      withdrawalAddress: ETH_ADDRESS,
    });
    expect(worse.body.amountTo).toBe(2.375);
  });

  it("hands out a shared address with a depositExtraId on a memo network, and names the memo in the coin object", async () => {
    const api = await exolix();
    const res = await api.create<typeof CREATED>({
      coinFrom: "xrp",
      coinTo: "btc",
      amount: 100,
      withdrawalAddress: BTC_ADDRESS,
    });
    expect(res.body.depositExtraId).toMatch(/^\d+$/);
    expect(res.body.coinFrom).toMatchObject({ coinCode: "XRP", memoName: "Destination tag" });
  });

  it("refuses a bad order with the {status: 400, errors} body of PR-1080", async () => {
    const api = await exolix();
    const res = await api.create({ ...ORDER, withdrawalAddress: "nope" });
    expect(res.status).toBe(400);
    expect(keyPaths(res.body).filter((k) => !k.startsWith("errors."))).toEqual(
      keyPaths(VALIDATION_ERROR).filter((k) => !k.startsWith("errors.")),
    );
    expect(res.body).toEqual({
      status: 400,
      errors: { withdrawalAddress: "withdrawalAddress is not a valid ETH address" },
    });
    const below = await api.create({ ...ORDER, amount: 0.00000001 });
    expect(below.status).toBe(400);
    expect(below.body).toEqual({
      status: 400,
      errors: { amount: "Amount to exchange is below the possible min amount to exchange" },
    });
  });

  it("answers an unknown id with 404 {message}, and a failing proxy NestJS-style, never with a code", async () => {
    const api = await exolix();
    const missing = await api.get("/transactions/nosuchid");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Transaction not found" });
    api.control.failNext("rate", { status: 503, message: "busy" });
    const failed = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=0.1");
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ statusCode: 503, message: "busy", error: "Service Unavailable" });
  });

  it("moves through the control's statuses, Exolix's own included, with hashes and their links", async () => {
    const api = await exolix();
    const { body } = await api.create<typeof CREATED>(ORDER);
    const seen: Array<[string, unknown, unknown]> = [];
    for (const status of ["confirmation", "confirmed", "exchanging", "sending", "success"]) {
      api.control.setStatus(body.id, status);
      const detail = await api.get<typeof CREATED>(`/transactions/${body.id}`);
      seen.push([detail.body.status, detail.body.hashIn.hash !== null, detail.body.hashOut.hash]);
    }
    expect(seen.map(([s]) => s)).toEqual([
      "confirmation",
      "confirmed",
      "exchanging",
      "sending",
      "success",
    ]);
    expect(seen.every(([, hashIn]) => hashIn)).toBe(true);
    const done = await api.get<{
      hashIn: { hash: string; link: string };
      hashOut: { hash: string; link: string };
    }>(`/transactions/${body.id}`);
    expect(done.body.hashIn.link).toBe(`https://mempool.space/tx/${done.body.hashIn.hash}`);
    expect(done.body.hashOut.link).toBe(`https://etherscan.io/tx/${done.body.hashOut.hash}`);
    api.control.setStatus(body.id, "refund");
    expect((await api.get(`/transactions/${body.id}`)).body.status).toBe("refund");
    api.control.setQuirks({ nullHashLinks: true });
    const unlinked = await api.get<typeof CREATED>(`/transactions/${body.id}`);
    expect(unlinked.body.hashIn).toEqual({ hash: done.body.hashIn.hash, link: null });
  });

  it("passes through confirmed and sending on the automatic schedule", async () => {
    const api = await start({
      dialect: "exolix",
      schedule: { confirmationAfterMs: 1000, exchangingAfterMs: 3000, successAfterMs: 5000 },
    });
    const [id] = api.control.seed(1, { auto: true, createdAt: Date.now() - 2000 });
    expect(api.control.transaction(id!)?.status).toBe("confirmed");
    const spec = await start({
      schedule: { confirmationAfterMs: 1000, exchangingAfterMs: 3000, successAfterMs: 5000 },
    });
    const [specId] = spec.control.seed(1, { auto: true, createdAt: Date.now() - 2000 });
    expect(spec.control.transaction(specId!)?.status).toBe("confirmation");
    const [late] = api.control.seed(1, { auto: true, createdAt: Date.now() - 4000 });
    expect(api.control.transaction(late!)?.status).toBe("sending");
  });
});

describe("the exolix dialect: GET /transactions", () => {
  it("lists whole transactions with source, newest first or asc, filtered by statuses and search, counted in full", async () => {
    const api = await exolix();
    const ids = api.control.seed(5, { spreadOverMs: 4000 });
    api.control.setStatus(ids[1]!, "success");
    api.control.setStatus(ids[3]!, "overdue");
    const page = await api.authGet<{ data: Array<typeof CREATED>; count: number }>(
      "/transactions?page=1&size=2",
    );
    expect(page.body.count).toBe(5);
    expect(page.body.data.map((t) => t.id)).toEqual([ids[4], ids[3]]);
    expect(keyPaths(page.body.data[0])).toEqual(keyPaths(CREATED));
    expect(page.body.data[0]!.source).toBe("api");
    const asc = await api.authGet<{ data: Array<{ id: string }> }>(
      "/transactions?order=asc&page=2&size=2",
    );
    expect(asc.body.data.map((t) => t.id)).toEqual([ids[2], ids[3]]);
    const finished = await api.authGet<{ data: Array<{ id: string }>; count: number }>(
      "/transactions?statuses=success,overdue",
    );
    expect(finished.body.count).toBe(2);
    expect(finished.body.data.map((t) => t.id)).toEqual([ids[3], ids[1]]);
    const found = await api.authGet<{ data: Array<{ id: string }>; count: number }>(
      `/transactions?search=${ids[2]}`,
    );
    expect(found.body.data.map((t) => t.id)).toEqual([ids[2]]);
    const bad = await api.authGet("/transactions?order=sideways");
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty("errors.order");
  });
});
