import { describe, expect, it } from "vitest";
import { useSandbox } from "./helpers.ts";

interface Currency {
  code: string;
  name: string;
  icon: string;
  notes: string;
}
interface Page {
  data: Currency[];
  count: number;
}

const start = useSandbox();

describe("GET /currencies", () => {
  it("lists 50 coins by default, with the total count of several hundred", async () => {
    const api = await start();
    const res = await api.get<Page>("/currencies");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body.data).toHaveLength(50);
    expect(res.body.count).toBeGreaterThanOrEqual(300);
    expect(res.body.data[0]).toEqual({
      code: "btc",
      name: "Bitcoin",
      icon: "https://sandbox.invalid/icons/btc.png",
      notes: "",
    });
  });

  it("pages through the whole catalog without gaps or repeats", async () => {
    const api = await start();
    const first = await api.get<Page>("/currencies?size=100");
    const codes: string[] = [];
    for (let page = 1; codes.length < first.body.count; page++) {
      const res = await api.get<Page>(`/currencies?page=${page}&size=100`);
      expect(res.body.data.length).toBeGreaterThan(0);
      codes.push(...res.body.data.map((c) => c.code));
    }
    expect(new Set(codes).size).toBe(first.body.count);
    const beyond = await api.get<Page>("/currencies?page=999&size=100");
    expect(beyond.body).toEqual({ data: [], count: first.body.count });
  });

  it("caps size silently (default cap 100, configurable)", async () => {
    let api = await start();
    let res = await api.get<Page>("/currencies?size=1000");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(100);
    api = await start({ pageSizeCap: { currencies: 30, transactions: 10 } });
    res = await api.get<Page>("/currencies?size=50");
    expect(res.body.data).toHaveLength(30);
  });

  it("searches code and name, case-insensitively", async () => {
    const api = await start();
    const byCode = await api.get<Page>("/currencies?search=XMR");
    expect(byCode.body.data.map((c) => c.code)).toContain("xmr");
    const byName = await api.get<Page>("/currencies?search=monero");
    expect(byName.body.data).toEqual([expect.objectContaining({ code: "xmr", name: "Monero" })]);
    expect(byName.body.count).toBe(1);
    const many = await api.get<Page>("/currencies?search=bitcoin&size=2");
    expect(many.body.data).toHaveLength(2);
    expect(many.body.count).toBeGreaterThan(2);
    const none = await api.get<Page>("/currencies?search=zzzznotacoin");
    expect(none.body).toEqual({ data: [], count: 0 });
  });

  it("has the well-known coins, with network and memo notes", async () => {
    const api = await start();
    const res = await api.get<Page>("/currencies?size=100");
    const byCode = new Map(res.body.data.map((c) => [c.code, c]));
    for (const code of ["btc", "eth", "xmr", "usdt", "ltc", "trx", "sol", "xrp", "xlm", "doge"]) {
      expect(byCode.has(code), code).toBe(true);
    }
    expect(byCode.get("usdt")!.notes).toContain("Networks: ERC20, TRC20, BEP20, SOL");
    expect(byCode.get("xrp")!.notes).toMatch(/destination tag/);
    for (const code of ["xlm", "eos", "ton", "atom", "bnb"]) {
      expect(byCode.get(code)!.notes, code).toMatch(/memo/);
    }
    expect(byCode.get("btc")!.notes).toBe("");
  });

  it("refuses a page or size that is not a positive integer", async () => {
    const api = await start();
    for (const query of ["page=0", "page=abc", "size=0", "size=-5", "size=1.5"]) {
      const res = await api.get(`/currencies?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.message).toContain(query.split("=")[0]);
    }
  });
});
