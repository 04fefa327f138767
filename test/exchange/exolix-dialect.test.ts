import { describe, expect, it } from "vitest";
import { coinNetworks, defaultNetwork } from "../../src/catalog/networks.ts";
import { exolixDialect } from "../../src/exchange/dialects/exolix.ts";
import { errorBodySchema } from "../../src/exchange/wire.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { amountFit } from "../../src/swaps/amount-fit.ts";
import {
  CREATED,
  RATE,
  RATE_BELOW_MIN,
  REVERSE_RATE,
} from "../sandbox/fixtures/exolix-captures.ts";

/**
 * The exolix adapter read against the real bodies `docs/exchange-in-the-wild.md` records (CAKE-FIX,
 * EIGEN, TEMPLE, PR-1080), and the requests it writes.
 */

const amount = (v: string) => v as DecimalString;

describe("the exolix adapter reads Exolix's answers into the core's words", () => {
  it("a created transaction (the real capture): coin objects, networks named, no memo", () => {
    const swap = exolixDialect.create.schema.parse(CREATED);
    expect(swap).toMatchObject({
      id: "6880e2730aee2e",
      status: "wait",
      rawStatus: "wait",
      coinFrom: "eth",
      coinTo: "usdt",
      networkFrom: "ETH",
      networkTo: "ETH",
      amountIn: 0.01,
      amountOutExpected: 16.467474,
      depositAddress: "0x73Fda32d75205DEef528679B611Ac2d94c3603EE",
      depositMemo: null,
      withdrawalAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
      payoutMemo: null,
      refundAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
      rateType: "float",
      createdAt: "2026-07-29T14:04:29.407Z",
    });
  });

  it("a detail with its memos and hashes: links kept for receipts, memos as text", () => {
    const detail = exolixDialect.detail.schema.parse({
      ...CREATED,
      status: "success",
      depositExtraId: 123456,
      withdrawalExtraId: "42",
      hashIn: { hash: "in-hash", link: "https://etherscan.io/tx/in-hash" },
      hashOut: { hash: "out-hash", link: null },
    });
    expect(detail).toMatchObject({
      status: "success",
      depositMemo: "123456",
      payoutMemo: "42",
      txHashIn: "in-hash",
      txLinkIn: "https://etherscan.io/tx/in-hash",
      txHashOut: "out-hash",
      txLinkOut: null,
      amountOut: 16.467474,
    });
  });

  it("statuses: confirmed is confirming, sending exchanging, refund a refund under way; unknown kept", () => {
    const status = (raw: string) => exolixDialect.detail.schema.parse({ ...CREATED, status: raw });
    expect(status("confirmed")).toMatchObject({ status: "confirmation", rawStatus: "confirmed" });
    expect(status("sending")).toMatchObject({ status: "exchanging", rawStatus: "sending" });
    expect(status("refund")).toMatchObject({ status: "refunding", rawStatus: "refund" });
    expect(status("Deleted")).toMatchObject({ status: "deleted", rawStatus: "deleted" });
  });

  it("a list page of transactions, each naming its payout address", () => {
    const page = exolixDialect.list.schema.parse({
      data: [{ ...CREATED, source: "api" }],
      count: 1,
    });
    expect(page.data[0]).toMatchObject({
      id: "6880e2730aee2e",
      coinFrom: "eth",
      amountIn: 0.01,
      withdrawalAddress: CREATED.withdrawalAddress,
      createdAt: CREATED.createdAt,
    });
  });

  it("a forward and a reverse quote (the real captures)", () => {
    expect(exolixDialect.rate.schema.parse(RATE)).toEqual({
      sendAmount: 1,
      receiveAmount: 179.3809942,
      rate: 179.3809942,
      minimum: 0.00007747,
      maximum: 10,
      note: null,
    });
    const reverse = exolixDialect.rate.schema.parse(REVERSE_RATE);
    expect(reverse.sendAmount).toBe(0.00529839);
    expect(reverse.receiveAmount).toBe(1);
  });

  it("a 422 below the minimum (the real capture) is a quote stating the limits", () => {
    const body = errorBodySchema.parse(RATE_BELOW_MIN);
    const quote = exolixDialect.rate.fromRefusal(
      { status: 422, body, message: RATE_BELOW_MIN.message },
      { coinFrom: "btc", coinTo: "xmr", amount: amount("0.00000001") },
    );
    expect(quote).toMatchObject({ minimum: 0.00007747, maximum: 10, receiveAmount: 0 });
    expect(quote?.note).toContain("below the possible min");
    expect(amountFit(amount("0.00000001"), quote!)).toBe("below-min");
  });

  it("above the maximum (no minimum in the body) and a 200 with a message are out of bounds too", () => {
    const body = errorBodySchema.parse({
      fromAmount: 50,
      toAmount: 8000,
      message: "Amount to exchange is higher than the max amount",
      maxAmount: 10,
    });
    const above = exolixDialect.rate.fromRefusal(
      { status: 422, body, message: "Amount to exchange is higher than the max amount" },
      { coinFrom: "btc", coinTo: "xmr", amount: amount("50") },
    );
    expect(above).toMatchObject({ minimum: 0, maximum: 10 });
    expect(amountFit(amount("50"), above!)).toBe("above-max");
    const onOk = exolixDialect.rate.schema.parse({ ...RATE, fromAmount: 0.00001, message: "low" });
    expect(onOk.note).toBe("low");
    expect(amountFit(amount("0.00001"), onOk)).toBe("below-min");
  });

  it("a 422 with `error` is an unsupported pair: a refusal, not a quote", () => {
    const body = errorBodySchema.parse({ error: "Such exchange pair is not available" });
    const refusal = { status: 422, body, message: "Such exchange pair is not available" };
    expect(
      exolixDialect.rate.fromRefusal(refusal, { coinFrom: "a", coinTo: "b", amount: amount("1") }),
    ).toBeUndefined();
  });

  it("currencies with their networks' memo rules, the docs' `addresRegex` spelling included", () => {
    const page = exolixDialect.currencies.schema.parse({
      data: [
        {
          code: "XRP",
          name: "Ripple",
          icon: "https://exolix.com/icons/coins/XRP.png",
          notes: "",
          networks: [
            {
              network: "XRP",
              name: "Ripple",
              shortName: "",
              notes: "",
              addresRegex: "^r[1-9A-HJ-NP-Za-km-z]{24,34}$",
              isDefault: true,
              blockExplorer: "https://xrpscan.com/tx/{tx}",
              memoNeeded: true,
              memoName: "Destination tag",
              memoRegex: "^[0-9]{1,10}$",
              precision: 6,
              decimal: null,
              contract: null,
              icon: null,
            },
          ],
        },
        { code: "BTC", name: "Bitcoin", icon: "", notes: "" },
      ],
      count: 2,
    });
    expect(page.data[0]?.networks?.[0]).toEqual({
      code: "XRP",
      name: "Ripple",
      defaultForCoin: true,
      memoRequired: true,
      memoLabel: "Destination tag",
      memoPattern: "^[0-9]{1,10}$",
      addressPattern: "^r[1-9A-HJ-NP-Za-km-z]{24,34}$",
    });
    expect(page.data[1]?.networks).toBeUndefined();
  });

  it("a coin of several networks without notes gets them named, its isDefault one marked", () => {
    const net = (network: string, isDefault: boolean) => ({ network, name: network, isDefault });
    const page = exolixDialect.currencies.schema.parse({
      data: [
        {
          code: "USDT",
          name: "Tether",
          icon: "",
          notes: "",
          networks: [net("ETH", false), net("TRX", true), net("BSC", false)],
        },
        { code: "XRP", name: "Ripple", icon: "", notes: "", networks: [net("XRP", true)] },
      ],
      count: 2,
    });
    const usdt = page.data[0]!;
    expect(usdt.notes).toBe("Networks: ETH, TRX (default), BSC");
    const coin = { code: "usdt", name: "Tether", icon: "", notes: usdt.notes };
    expect(coinNetworks(coin)).toEqual(["ETH", "TRX", "BSC"]);
    expect(defaultNetwork(coin)).toBe("TRX");
    expect(page.data[1]?.notes).toBe("");
  });

  it("a validation failure's `errors` map is read as the upstream's words", () => {
    const body = errorBodySchema.parse({
      status: 400,
      errors: { amount: "amount must not be less than 0" },
    });
    expect(body.errors).toEqual({ amount: "amount must not be less than 0" });
  });
});

describe("the exolix adapter writes Exolix's requests", () => {
  it("sends the key as the raw Authorization header (no Bearer, no X-API-Key)", () => {
    expect(exolixDialect.authHeaders("k3y")).toEqual({ Authorization: "k3y" });
  });

  it("creates with capitals, the exact digits, the rate type always, and the memos", () => {
    const body = exolixDialect.create.body({
      coinFrom: "xrp",
      coinTo: "xlm",
      networkTo: "xlm",
      amount: amount("100.123456789012345678"),
      withdrawalAddress: "GABC",
      payoutMemo: "42",
      refundAddress: "rXYZ",
      refundMemo: "7",
    });
    expect(body.startsWith('{"amount":100.123456789012345678,')).toBe(true);
    expect(JSON.parse(body)).toEqual({
      amount: Number("100.123456789012345678"),
      coinFrom: "XRP",
      coinTo: "XLM",
      networkTo: "XLM",
      withdrawalAddress: "GABC",
      withdrawalExtraId: "42",
      rateType: "float",
      refundAddress: "rXYZ",
      refundExtraId: "7",
    });
  });

  it("asks /rate for an amount to receive as withdrawalAmount alone", () => {
    const params = exolixDialect.rate.params({
      coinFrom: "btc",
      coinTo: "eth",
      amount: amount("0"),
      receiveAmount: amount("5"),
      rateType: "fixed",
    });
    expect(params).toMatchObject({ coinFrom: "BTC", withdrawalAmount: "5", rateType: "fixed" });
    expect(params).not.toHaveProperty("amount");
  });

  it("asks /currencies for the networks", () => {
    expect(exolixDialect.currencies.params({ page: 2, size: 100 })).toEqual({
      page: 2,
      size: 100,
      withNetworks: true,
    });
  });
});
