import { describe, expect, it } from "vitest";
import { checkAddress } from "../../src/swaps/address-check.ts";
import {
  addressPatternOf,
  checkPayoutMemo,
  payoutMemoRule,
} from "../../src/swaps/memo-networks.ts";

/** Memo and address rules per network: the exchange's own (exolix networks) or the bot's list. */

const xrpOnExolix = {
  code: "xrp",
  networks: [
    {
      code: "XRP",
      defaultForCoin: true,
      memoRequired: true,
      memoLabel: "Destination tag",
      memoPattern: "^[0-9]{1,10}$",
      addressPattern: "^r[1-9A-HJ-NP-Za-km-z]{24,34}$",
    },
  ],
};
const usdtOnExolix = {
  code: "usdt",
  networks: [
    {
      code: "ETH",
      defaultForCoin: true,
      memoRequired: false,
      memoLabel: null,
      memoPattern: null,
      addressPattern: "^0x[0-9a-fA-F]{40}$",
    },
    {
      code: "TON",
      defaultForCoin: false,
      memoRequired: true,
      memoLabel: "Memo",
      memoPattern: null,
      addressPattern: null,
    },
  ],
};

describe("payout memo rules", () => {
  it("follow the exchange's networks when it lists them, else the bot's list of memo coins", () => {
    expect(payoutMemoRule(xrpOnExolix)).toEqual({
      label: "Destination tag",
      pattern: "^[0-9]{1,10}$",
    });
    expect(payoutMemoRule(usdtOnExolix)).toBeUndefined();
    expect(payoutMemoRule(usdtOnExolix, "TON")).toEqual({ label: "Memo", pattern: null });
    expect(payoutMemoRule({ code: "xlm" })).toEqual({ label: null, pattern: null });
    expect(payoutMemoRule({ code: "eth" })).toBeUndefined();
    expect(payoutMemoRule({ code: "usdt" }, "TON")).toBeDefined();
  });

  it("check an XRP tag as a number up to 2^32-1, other memos by pattern or as one sane line", () => {
    const rule = { label: null, pattern: null };
    expect(checkPayoutMemo(" 4294967295 ", { code: "xrp" }, null, rule)).toEqual({
      ok: true,
      memo: "4294967295",
    });
    expect(checkPayoutMemo("4294967296", { code: "xrp" }, null, rule)).toMatchObject({
      reason: "tag",
    });
    expect(checkPayoutMemo("12a", { code: "xrp" }, "XRP", rule)).toMatchObject({ reason: "tag" });
    expect(checkPayoutMemo("hello ton", { code: "ton" }, null, rule)).toMatchObject({ ok: true });
    expect(checkPayoutMemo("x".repeat(101), { code: "ton" }, null, rule)).toMatchObject({
      reason: "length",
    });
    expect(checkPayoutMemo("a\nb", { code: "ton" }, null, rule)).toMatchObject({
      reason: "characters",
    });
    const strict = { label: "Memo", pattern: "^[0-9]+$" };
    expect(checkPayoutMemo("abc", { code: "xlm" }, null, strict)).toMatchObject({
      reason: "pattern",
    });
    expect(checkPayoutMemo("", { code: "xlm" }, null, strict)).toMatchObject({ reason: "empty" });
  });
});

describe("the exchange's address pattern (exolix addressRegex)", () => {
  it("is checked beside the address library: an address it refuses is a format problem", () => {
    const pattern = addressPatternOf(usdtOnExolix, "ETH");
    expect(pattern).toBe("^0x[0-9a-fA-F]{40}$");
    const address = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";
    expect(checkAddress(address, "usdt", "ETH", pattern)).toEqual({ ok: true, address });
    expect(checkAddress(address, "usdt", "ETH", "^0x[0-9]{40}$")).toEqual({
      ok: false,
      reason: "format",
    });
    // No pattern, or one that does not compile: the library alone decides.
    expect(addressPatternOf(usdtOnExolix, "TON")).toBeNull();
    expect(checkAddress(address, "usdt", "ETH", "([")).toEqual({ ok: true, address });
  });
});
