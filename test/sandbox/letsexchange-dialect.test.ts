import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../src/sandbox/index.ts";
import { keyPaths, typeMismatches } from "./fixtures/exolix-captures.ts";
import {
  CREATED,
  INFO,
  INFO_BAD_REQUEST,
  INFO_REVERT,
  TRANSACTION,
} from "./fixtures/letsexchange-captures.ts";
import { BTC_ADDRESS, ETH_ADDRESS, useSandbox } from "./helpers.ts";

/**
 * The sandbox's letsexchange dialect against the answers Cake Wallet recorded
 * (docs/exchange-letsexchange.md): the same keys and JSON types, LetsExchange's paths under /api,
 * its Bearer key, its errors, and a hold shown as a `kyc_url`.
 */

const start = useSandbox();
const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";
type Body = Record<string, unknown>;

/** Requests as LetsExchange takes them: paths under the sandbox's /api, the key as a Bearer token. */
function api(sandbox: Sandbox, key: string | null = `Bearer ${sandbox.apiKey}`) {
  const headers = (): Record<string, string> => ({
    "Content-Type": "application/json",
    ...(key === null ? {} : { Authorization: key }),
  });
  async function call<T = Body>(method: string, path: string, body?: unknown) {
    const res = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: headers(),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as T };
  }
  return {
    get: <T = Body>(path: string) => call<T>("GET", path),
    post: <T = Body>(path: string, body: unknown) => call<T>("POST", path, body),
  };
}

async function letsexchange() {
  const { sandbox } = await start({ dialect: "letsexchange" });
  return { sandbox, control: sandbox.control, http: api(sandbox) };
}

const TO_XRP = {
  coin_from: "BTC",
  coin_to: "XRP",
  deposit_amount: "0.05",
  withdrawal: XRP_ADDRESS,
  withdrawal_extra_id: "12345",
  return: BTC_ADDRESS,
  float: true,
};

describe("the letsexchange dialect: coins and quotes", () => {
  it("serves its API under /api, v2/coins as one array with each network's memo rule", async () => {
    const { sandbox, http } = await letsexchange();
    expect(sandbox.url).toMatch(/\/api$/);
    const coins = await http.get<Array<Body & { networks: Body[] }>>("/v2/coins");
    expect(coins.status).toBe(200);
    expect(coins.body.length).toBeGreaterThan(100);
    const xrp = coins.body.find((c) => c.code === "XRP")!;
    expect(xrp.networks[0]).toMatchObject({
      code: "XRP",
      has_extra: true,
      extra_name: expect.any(String),
    });
    const btc = coins.body.find((c) => c.code === "BTC")!;
    expect(btc.networks[0]).toMatchObject({ code: "BTC", has_extra: false, extra_name: "" });
  });

  it("info: the recorded keys and types; `amount` is what is received, the limits the coin sent's", async () => {
    const { http } = await letsexchange();
    const info = await http.post("/v1/info", {
      from: "BTC",
      to: "ETH",
      amount: "0.5",
      float: true,
    });
    expect(info.status).toBe(200);
    expect(keyPaths(info.body)).toEqual(keyPaths(INFO));
    expect(typeMismatches(INFO, info.body)).toEqual([]);
    expect(info.body).toMatchObject({ rate_id: "", rate_id_expired_at: 0 });
    expect(Number(info.body.amount)).toBeCloseTo(0.5 * Number(info.body.rate), 6);
  });

  it("info-revert, fixed: what must be sent, the limits in both coins, a rate id that expires in ms", async () => {
    const { http } = await letsexchange();
    const info = await http.post("/v1/info-revert", {
      from: "BTC",
      to: "ETH",
      amount: "5",
      float: false,
    });
    expect(info.status).toBe(200);
    expect(keyPaths(info.body)).toEqual(keyPaths(INFO_REVERT));
    expect(typeMismatches(INFO_REVERT, info.body)).toEqual([]);
    expect(info.body.rate_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(info.body.rate_id_expired_at)).toBeGreaterThan(Date.now());
    expect(Number(info.body.amount) * Number(info.body.rate)).toBeGreaterThanOrEqual(5);
    // min/max in ETH (received), deposit_* in BTC (sent).
    expect(Number(info.body.min_amount)).toBeGreaterThan(Number(info.body.deposit_min_amount));
  });

  it("an amount out of bounds is still a 200 with the limits (EDGE compares them itself)", async () => {
    const { http } = await letsexchange();
    const info = await http.post("/v1/info", { from: "BTC", to: "ETH", amount: "0.00000001" });
    expect(info.status).toBe(200);
    expect(Number(info.body.min_amount)).toBeGreaterThan(0.00000001);
  });

  it("validation errors as recorded (info_bad_request.json), 422 for a pair it does not offer", async () => {
    const { http, control } = await letsexchange();
    const bad = await http.post("/v1/info", { to: "ETH", amount: "1" });
    expect(bad.status).toBe(400);
    expect(keyPaths(bad.body)).toEqual([
      "error",
      "error.validation",
      "error.validation.from",
      "success",
    ]);
    expect(bad.body).toMatchObject({
      success: false,
      error: { validation: { from: [expect.any(String)] } },
    });
    expect(typeof INFO_BAD_REQUEST.error.validation.from[0]).toBe("string");
    control.setPairAvailable("btc", "eth", false);
    const pair = await http.post("/v1/info", { from: "BTC", to: "ETH", amount: "1" });
    expect(pair.status).toBe(422);
    expect(pair.body).toMatchObject({
      success: false,
      error: { validation: { to: [expect.any(String)] } },
    });
  });

  it("takes the key as a Bearer token or bare, and refuses a wrong or missing one", async () => {
    const { sandbox } = await letsexchange();
    const body = { from: "BTC", to: "ETH", amount: "0.5" };
    expect((await api(sandbox, sandbox.apiKey).post("/v1/info", body)).status).toBe(200);
    expect((await api(sandbox, "Bearer wrong").post("/v1/info", body)).status).toBe(401);
    const none = await api(sandbox, null).post("/v1/info", body);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: expect.stringMatching(/API key/) });
  });
});

describe("the letsexchange dialect: transactions", () => {
  it("creates with both memos and answers the recorded transaction's keys and types", async () => {
    const { http } = await letsexchange();
    const created = await http.post("/v1/transaction", { ...TO_XRP, return: undefined });
    expect(created.status).toBe(200);
    expect(keyPaths(created.body)).toEqual(keyPaths(CREATED));
    // Null where the recording holds a value: no refund address was given, and the sandbox's coins
    // are native ones (EDGE-REPORTS types the contract as string or null).
    const nullable = {
      return: null,
      coin_from_contract_address: null,
      coin_to_contract_address: null,
      coin_from_smart_contract_explorer_url: null,
      coin_to_smart_contract_explorer_url: null,
    };
    expect(
      typeMismatches({ ...CREATED, ...nullable, is_float: 1, revert: 0 }, created.body),
    ).toEqual([]);
    expect(created.body).toMatchObject({
      status: "wait",
      coin_from: "BTC",
      coin_to: "XRP",
      deposit_amount: "0.05",
      withdrawal: XRP_ADDRESS,
      withdrawal_extra_id: "12345",
      is_float: 1,
      coin_to_network: "XRP",
    });
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(typeof created.body.expired_at).toBe("number");
  });

  it("transaction-revert: the amount to receive, at the fixed rate quoted by its rate id", async () => {
    const { http } = await letsexchange();
    const info = await http.post("/v1/info-revert", {
      from: "BTC",
      to: "ETH",
      amount: "2",
      float: false,
    });
    const created = await http.post("/v1/transaction-revert", {
      coin_from: "BTC",
      coin_to: "ETH",
      withdrawal_amount: "2",
      withdrawal: ETH_ADDRESS,
      float: false,
      rate_id: info.body.rate_id,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ withdrawal_amount: "2", is_float: 0, revert: 1 });
    expect(created.body.deposit_amount).toBe(info.body.amount);
    const forged = await http.post("/v1/transaction-revert", {
      coin_from: "BTC",
      coin_to: "ETH",
      withdrawal_amount: "2",
      withdrawal: ETH_ADDRESS,
      float: false,
      rate_id: "not-a-rate",
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ error: { validation: { rate_id: [expect.any(String)] } } });
  });

  it("names LetsExchange's fields in a refusal", async () => {
    const { http } = await letsexchange();
    const refused = await http.post("/v1/transaction", { ...TO_XRP, withdrawal: ETH_ADDRESS });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      error: {
        validation: {
          withdrawal: [expect.stringMatching(/^withdrawal is not a valid XRP address/)],
        },
      },
    });
  });

  it("the detail by id (transaction.json's keys), a refund with its hash, a 404 for an unknown id", async () => {
    const { http, control } = await letsexchange();
    const created = await http.post<Body>("/v1/transaction", TO_XRP);
    const id = String(created.body.transaction_id);
    const detail = await http.get(`/v1/transaction/${id}`);
    expect(keyPaths(detail.body)).toEqual(keyPaths(TRANSACTION));
    control.setStatus(id, "refunded");
    expect((await http.get(`/v1/transaction/${id}`)).body).toMatchObject({
      status: "refund",
      return_hash: expect.any(String),
    });
    control.setStatus(id, "sending_confirmation");
    expect((await http.get(`/v1/transaction/${id}`)).body.status).toBe("sending_confirmation");
    expect((await http.get("/v1/transaction/nope")).status).toBe(404);
  });

  it("a held transaction shows its kyc_url and, as asked, kyc_email or AML signals; released, neither", async () => {
    const { http, control } = await letsexchange();
    const id = String((await http.post("/v1/transaction", TO_XRP)).body.transaction_id);
    control.hold(id, { link: "https://kyc.sandbox.invalid/1", asks: "kyc@sandbox.invalid" });
    expect((await http.get(`/v1/transaction/${id}`)).body).toMatchObject({
      kyc_url: "https://kyc.sandbox.invalid/1",
      kyc_email: "kyc@sandbox.invalid",
      aml_error_signals: [],
    });
    control.hold(id, { asks: "Source of funds" });
    expect((await http.get(`/v1/transaction/${id}`)).body).toMatchObject({
      kyc_url: `https://sandbox.invalid/kyc/${id}`,
      kyc_email: null,
      aml_error_signals: [{ signal: "Source of funds" }],
    });
    control.release(id);
    expect((await http.get(`/v1/transaction/${id}`)).body).toMatchObject({
      status: "exchanging",
      kyc_url: null,
      kyc_email: null,
      aml_error_signals: [],
    });
  });

  it("v2/transactions-list: Laravel's page, newest first, inclusive epoch-second windows, limit capped", async () => {
    const { http, control } = await letsexchange();
    const at = Date.UTC(2026, 0, 10, 12);
    const ids = control.seed(30, { createdAt: at, spreadOverMs: 29_000 });
    control.seed(3, { createdAt: at + 60_000, spreadOverMs: 0 });
    const window = `start_date=${at / 1000 - 29}&end_date=${at / 1000}`;
    const first = await http.get<{ data: Body[] } & Body>(
      `/v2/transactions-list?limit=20&page=1&${window}`,
    );
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 30 });
    expect(first.body.data[0]!.transaction_id).toBe(ids.at(-1));
    const second = await http.get<{ data: Body[] }>(
      `/v2/transactions-list?limit=20&page=2&${window}`,
    );
    expect([...first.body.data, ...second.body.data].map((t) => t.transaction_id)).toEqual(
      [...ids].reverse(),
    );
    const capped = await http.get<Body>("/v2/transactions-list?limit=1000");
    expect(capped.body).toMatchObject({ per_page: 100, total: 33 });
  });
});
