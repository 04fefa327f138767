import { describe, expect, it } from "vitest";
import {
  bearer,
  isoOf,
  letsexchangeDialect,
  rootOf,
} from "../../src/exchange/dialects/letsexchange.ts";
import { upstreamMessage } from "../../src/exchange/error-answers.ts";
import { errorBodySchema } from "../../src/exchange/wire.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import type { QuoteRequest } from "../../src/swaps/exchange-port.ts";
import {
  CREATED,
  INFO,
  INFO_BAD_REQUEST,
  INFO_REVERT,
  TRANSACTION,
} from "../sandbox/fixtures/letsexchange-captures.ts";

/**
 * The letsexchange adapter read against the answers Cake Wallet recorded
 * (docs/exchange-letsexchange.md), and the requests it writes.
 */

const amount = (v: string) => v as DecimalString;
const dialect = letsexchangeDialect({ affiliateId: "aff-1" });

function quoteOf(request: QuoteRequest, body: unknown) {
  const route = dialect.rate.route(request);
  return { route, quote: route.schema.parse(body) };
}

describe("the letsexchange adapter reads LetsExchange's answers into the core's words", () => {
  it("a forward quote (info.json): `amount` is what is received, limits in the coin sent, strings as numbers", () => {
    const { route, quote } = quoteOf(
      { coinFrom: "btc", coinTo: "eth", amount: amount("0.5"), rateType: "float" },
      INFO,
    );
    expect(route.method).toBe("post");
    expect(route.path).toBe("v1/info");
    expect(JSON.parse(route.body)).toEqual({
      from: "BTC",
      to: "ETH",
      amount: "0.5",
      float: true,
      affiliate_id: "aff-1",
    });
    expect(quote).toEqual({
      sendAmount: 0.5,
      receiveAmount: 178.908,
      rate: Number("178.910219432034829"),
      minimum: 0.001,
      maximum: 37.4,
      rateType: "float",
      note: null,
    });
  });

  it("a fixed reverse quote (info_revert.json): `amount` is what to send, the limits the deposit's, the rate id is the quote's id", () => {
    const { route, quote } = quoteOf(
      {
        coinFrom: "btc",
        coinTo: "eth",
        amount: amount("1"),
        receiveAmount: amount("1"),
        rateType: "fixed",
      },
      INFO_REVERT,
    );
    expect(route.path).toBe("v1/info-revert");
    expect(JSON.parse(route.body)).toMatchObject({ amount: "1", float: false });
    expect(quote).toMatchObject({
      sendAmount: 0.00561822,
      receiveAmount: 1,
      minimum: 0.002,
      maximum: 37.4,
      rateType: "fixed",
      quoteId: "fae43fa3-eaf4-4bf2-a6d4-6389914b4462",
    });
  });

  it('max_amount "0" is no maximum (the port\'s 0)', () => {
    const { quote } = quoteOf(
      { coinFrom: "btc", coinTo: "eth", amount: amount("1") },
      { ...INFO, deposit_max_amount: undefined, max_amount: "0" },
    );
    expect(quote.maximum).toBe(0);
  });

  it("a transaction (transaction.json): ids, coins lower-cased, networks, amounts, addresses, created_at as ISO", () => {
    const detail = dialect.detail.schema.parse(TRANSACTION);
    expect(detail).toMatchObject({
      id: "c6a6a086fc476c",
      status: "wait",
      rawStatus: "wait",
      coinFrom: "usdt",
      coinTo: "usdc",
      networkFrom: "ERC20",
      networkTo: "ERC20",
      amountIn: 150,
      amountOut: 145.467368,
      rateType: "float",
      depositAddress: "0x7f4C2496B5306F558E5fF5247c132517a7a70F62",
      depositMemo: null,
      withdrawalAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
      payoutMemo: null,
      refundAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
      refundMemo: null,
      hold: null,
      createdAt: "2026-07-29T17:04:31Z",
    });
    const created = dialect.create.schema.parse(CREATED);
    expect(created).toMatchObject({ id: "c6a6a086fc476c", amountOutExpected: 145.467368 });
  });

  it('is_float as 1, true, "true", 0 and false', () => {
    const rateType = (v: unknown) =>
      dialect.detail.schema.parse({ ...TRANSACTION, is_float: v }).rateType;
    expect([1, true, "true", 0, false, "false"].map(rateType)).toEqual([
      "float",
      "float",
      "float",
      "fixed",
      "fixed",
      "fixed",
    ]);
  });

  it("hashes with the exchange's explorer links; the payout the real one once paid out", () => {
    const detail = dialect.detail.schema.parse({
      ...TRANSACTION,
      status: "success",
      hash_in: "0xin",
      hash_out: "0xout",
      real_withdrawal_amount: "145.2",
    });
    expect(detail).toMatchObject({
      txHashIn: "0xin",
      txLinkIn: "https://etherscan.io/tx/0xin",
      txLinkOut: "https://etherscan.io/tx/0xout",
      amountOut: 145.2,
    });
  });

  it("every status onto the core's; refund is refunded only with its hash", () => {
    const status = (raw: string, extra: Record<string, unknown> = {}) =>
      dialect.detail.schema.parse({ ...TRANSACTION, status: raw, ...extra }).status;
    expect(
      Object.fromEntries(
        [
          "wait",
          "confirmation",
          "confirmed",
          "exchanging",
          "sending",
          "sending_confirmation",
          "success",
          "overdue",
          "refund",
          "error",
        ].map((raw) => [raw, status(raw)]),
      ),
    ).toEqual({
      wait: "wait",
      confirmation: "confirmation",
      confirmed: "confirmation",
      exchanging: "exchanging",
      sending: "exchanging",
      sending_confirmation: "exchanging",
      success: "success",
      overdue: "overdue",
      refund: "refunding",
      error: "error",
    });
    expect(status("refund", { return_hash: "0xback" })).toBe("refunded");
  });

  it("a kyc_url holds the swap for verification whatever its word: the link, and what is asked", () => {
    const held = dialect.detail.schema.parse({
      ...TRANSACTION,
      status: "exchanging",
      kyc_url: "https://letsexchange.io/kyc/abc",
      kyc_email: "kyc@letsexchange.io",
      aml_error_signals: [{ signal: "Mixer", signalId: 3, signalPercent: 42, level: 2 }],
    });
    expect(held).toMatchObject({
      status: "verifying",
      rawStatus: "exchanging",
      hold: { link: "https://letsexchange.io/kyc/abc", asks: "kyc@letsexchange.io · Mixer 42%" },
    });
    const listed = dialect.list.route({ size: 10 }).schema.parse({
      current_page: 1,
      last_page: 1,
      data: [{ ...TRANSACTION, kyc_url: "https://letsexchange.io/kyc/abc" }],
    });
    expect(listed.data[0]).toMatchObject({
      status: "verifying",
      hold: { link: "https://letsexchange.io/kyc/abc", asks: null },
    });
  });

  it("a list page: Laravel's page, the count from total or from the last page", () => {
    const route = dialect.list.route({
      page: 2,
      size: 10,
      dateFrom: "2026-07-29T17:00:00.500Z",
      dateTo: "2026-07-29T18:00:00.500Z",
    });
    expect(route.path).toBe("v2/transactions-list");
    expect(route.searchParams).toEqual({
      limit: 10,
      page: 2,
      start_date: Date.UTC(2026, 6, 29, 17) / 1000,
      end_date: Date.UTC(2026, 6, 29, 18) / 1000 + 1,
    });
    const page = (p: Record<string, unknown>) =>
      route.schema.parse({ data: [TRANSACTION], ...p }).count;
    expect(page({ current_page: 2, last_page: 5 })).toBe(50);
    expect(page({ current_page: 3, last_page: 3 })).toBe(21);
    expect(page({ current_page: 1, last_page: 9, total: 83 })).toBe(83);
  });

  it("coins (v2/coins): memo rules from has_extra/extra_name, the default network, page 1 is all of it", () => {
    const route = dialect.currencies.route({ page: 1, size: 50 });
    expect(route.path).toBe("v2/coins");
    const coins = [
      {
        code: "XRP",
        name: "Ripple",
        icon: "x.svg",
        networks: [{ code: "XRP", name: "Ripple", has_extra: 1, extra_name: "Destination tag" }],
      },
      {
        code: "USDT",
        name: "TetherUS",
        networks: [
          { code: "ERC20", has_extra: false, extra_name: "" },
          { code: "TRC20", has_extra: "false" },
        ],
      },
    ];
    const page = route.schema.parse(coins);
    expect(page.count).toBe(2);
    expect(page.data[0]).toMatchObject({
      code: "xrp",
      networks: [
        { code: "XRP", memoRequired: true, memoLabel: "Destination tag", defaultForCoin: true },
      ],
    });
    expect(page.data[1]).toMatchObject({
      code: "usdt",
      notes: "Networks: ERC20 (default), TRC20",
      networks: [{ memoRequired: false, memoLabel: null }, { memoRequired: false }],
    });
    expect(dialect.currencies.route({ page: 2 }).schema.parse(coins).data).toEqual([]);
    expect(dialect.currencies.route({ search: "ripple" }).schema.parse(coins).data).toHaveLength(1);
  });

  it("the validation error (info_bad_request.json) in the upstream's words", () => {
    const body = errorBodySchema.parse(INFO_BAD_REQUEST);
    expect(upstreamMessage(body, 400)).toBe(
      "from: The from field is required.; to: The to field is required.; amount: The amount field is required.",
    );
  });
});

describe("the letsexchange adapter writes LetsExchange's requests", () => {
  const order = {
    coinFrom: "btc",
    coinTo: "xrp",
    networkTo: "XRP",
    amount: amount("0.05"),
    withdrawalAddress: "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn",
    payoutMemo: "12345",
    refundAddress: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
    refundMemo: "7",
  };

  it("a floating create: the amount to send as its digits, both memos, no rate id", () => {
    expect(dialect.create.path(order)).toBe("v1/transaction");
    expect(JSON.parse(dialect.create.body({ ...order, quoteId: "ignored" }))).toEqual({
      coin_from: "BTC",
      coin_to: "XRP",
      network_to: "XRP",
      deposit_amount: "0.05",
      withdrawal: order.withdrawalAddress,
      withdrawal_extra_id: "12345",
      return: order.refundAddress,
      return_extra_id: "7",
      float: true,
      affiliate_id: "aff-1",
    });
  });

  it("a fixed create for an amount to receive: transaction-revert, withdrawal_amount and the quote's rate id", () => {
    const fixed = {
      ...order,
      rateType: "fixed" as const,
      receiveAmount: amount("5"),
      quoteId: "rid-1",
    };
    expect(dialect.create.path(fixed)).toBe("v1/transaction-revert");
    const body = JSON.parse(dialect.create.body(fixed)) as Record<string, unknown>;
    expect(body).toMatchObject({ withdrawal_amount: "5", float: false, rate_id: "rid-1" });
    expect(body).not.toHaveProperty("deposit_amount");
  });

  it("the key as a Bearer token, with or without its own prefix; the base URL is the API's root", () => {
    expect(dialect.authHeaders("k-1")).toEqual({ Authorization: "Bearer k-1" });
    expect(bearer("Bearer k-1")).toBe("Bearer k-1");
    expect(bearer("bearer  k-1")).toBe("Bearer k-1");
    expect(rootOf("https://api.letsexchange.io/api/v1/")).toBe("https://api.letsexchange.io/api");
    expect(rootOf("https://api.letsexchange.io/api/v2")).toBe("https://api.letsexchange.io/api");
    expect(rootOf("https://api.letsexchange.io/api")).toBe("https://api.letsexchange.io/api");
  });

  it("created_at as LetsExchange writes it, or as epoch seconds, becomes ISO 8601", () => {
    expect(isoOf("2026-07-29 17:04:31")).toBe("2026-07-29T17:04:31Z");
    expect(isoOf(1785335671)).toBe("2026-07-29T14:34:31.000Z");
  });
});
