import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cbField, defineCallback } from "../../src/bot/callback-data.ts";
import { flowStart, startLink, supportStart } from "../../src/bot/shared/deep-link.ts";
import { parseRateArgs, parseRateRequest } from "../../src/bot/shared/rate-args.ts";
import { flowButton } from "../../src/bot/swap-flow/buttons.ts";
import { isNumber } from "../../src/lib/amount-input.ts";
import { checkAddress } from "../../src/swaps/address-check.ts";

describe("parseRateArgs", () => {
  it("reads AMOUNT FROM TO with optional filler words", () => {
    expect(parseRateArgs("0.5 btc eth")).toEqual({
      ok: true,
      amount: "0.5",
      from: "btc",
      to: "eth",
    });
    expect(parseRateArgs(" 0,5  BTC to ETH ")).toEqual({
      ok: true,
      amount: "0,5",
      from: "BTC",
      to: "ETH",
    });
    expect(parseRateArgs("1 usdt@trc20 → xmr")).toMatchObject({ from: "usdt@trc20", to: "xmr" });
  });
  it("takes two coins without an amount: the rate of one coin", () => {
    expect(parseRateArgs("btc eth")).toEqual({ ok: true, from: "btc", to: "eth" });
    expect(parseRateArgs("usdt@trc20 to xmr")).toEqual({ ok: true, from: "usdt@trc20", to: "xmr" });
  });

  it("refuses anything else", () => {
    expect(parseRateArgs("")).toEqual({ ok: false });
    expect(parseRateArgs("btc")).toEqual({ ok: false });
    expect(parseRateArgs("1 btc")).toEqual({ ok: false });
    expect(parseRateArgs("1 btc eth ltc")).toEqual({ ok: false });
  });
});

describe("callback data", () => {
  const page = defineCallback("pg", { n: cbField.int(100), q: cbField.text(20) });

  it("round-trips, with ':' allowed in the last field", () => {
    const data = page.pack({ n: 3, q: "usdt:trc20" });
    expect(data).toBe("pg:3:usdt:trc20");
    expect(page.unpack(data)).toEqual({ n: 3, q: "usdt:trc20" });
  });

  it("rejects forged or foreign data", () => {
    expect(page.unpack("pg:-1:x")).toBeUndefined();
    expect(page.unpack("pg:999:x")).toBeUndefined();
    expect(page.unpack("other:1:x")).toBeUndefined();
    expect(page.unpack(undefined)).toBeUndefined();
    expect(flowButton.unpack("x:abcdef:launch:btc")).toBeUndefined();
    expect(flowButton.unpack("x:ABC:from:btc")).toBeUndefined();
  });

  it("refuses to build data over Telegram's 64 bytes", () => {
    const wide = defineCallback("w", { v: z.string() });
    expect(() => wide.pack({ v: "x".repeat(70) })).toThrow(RangeError);
  });
});

describe("checkAddress", () => {
  it("validates format and checksum for coins the library knows", () => {
    expect(checkAddress("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "btc").ok).toBe(true);
    expect(checkAddress("0x742d35Cc6634C0532925a3b844Bc454e4438f44e", "eth").ok).toBe(true);
    expect(checkAddress("0x742d35Cc6634C0532925a3b844Bc454e4438f44E", "eth")).toEqual({
      ok: false,
      reason: "format",
    });
    expect(checkAddress("0x742d35Cc6634C0532925a3b844Bc454e4438f44e", "btc")).toEqual({
      ok: false,
      reason: "format",
    });
  });

  it("checks the network when one was chosen", () => {
    expect(checkAddress("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7", "usdt", "TRC20").ok).toBe(true);
    expect(checkAddress("0x742d35Cc6634C0532925a3b844Bc454e4438f44e", "usdt", "TRC20").ok).toBe(
      false,
    );
  });

  it("applies basic checks to coins the library does not know", () => {
    expect(checkAddress("some_unknown_coin_address_42", "zzz").ok).toBe(true);
    expect(checkAddress("has space inside address", "zzz")).toEqual({
      ok: false,
      reason: "spaces",
    });
    expect(checkAddress("short", "zzz")).toEqual({ ok: false, reason: "length" });
    expect(checkAddress("bad<chars>in_this_address", "zzz")).toEqual({
      ok: false,
      reason: "characters",
    });
    expect(checkAddress("   ", "btc")).toEqual({ ok: false, reason: "empty" });
  });
});

describe("isNumber", () => {
  it.each(["2", "0,5", ".5", "1 000", "-1", "0", "0.0000000000000000001"])(
    "%j is a number",
    (t) => {
      expect(isNumber(t)).toBe(true);
    },
  );

  it.each(["btc", "1inch", "2x", "", "-", ".", "0x12"])("%j is not", (text) => {
    expect(isNumber(text)).toBe(false);
  });
});

describe("deep links", () => {
  it("reads the payloads that start the flow, and only those", () => {
    expect(flowStart("exchange")).toEqual({ coin: undefined });
    expect(flowStart(" exchange ")).toEqual({ coin: undefined });
    expect(flowStart("swap-XMR")).toEqual({ coin: "xmr" });
    expect(flowStart("swap-no_such-coin")).toEqual({ coin: "no_such-coin" });
    for (const other of ["", "help", "inline", "swap-", "exchanges", "xswap-btc"]) {
      expect(flowStart(other)).toBeUndefined();
    }
  });

  it("reads the payloads that ask for support, and only those", () => {
    expect(supportStart("support")).toEqual({ swapId: undefined });
    expect(supportStart(" support-ab12 ")).toEqual({ swapId: "ab12" });
    expect(supportStart(`support-${"x".repeat(56)}`)).toEqual({ swapId: "x".repeat(56) });
    for (const other of [
      "",
      "help",
      "exchange",
      "support-",
      "supports",
      `support-${"x".repeat(57)}`,
    ]) {
      expect(supportStart(other)).toBeUndefined();
    }
  });

  it("builds links Telegram accepts, falling back to a plain swap", () => {
    expect(startLink("bot", "swap-btc")).toBe("https://t.me/bot?start=swap-btc");
    expect(startLink("bot", "swap-b c")).toBe("https://t.me/bot?start=exchange");
    expect(startLink("bot", `swap-${"x".repeat(60)}`)).toBe("https://t.me/bot?start=exchange");
  });
});

describe("parseRateRequest", () => {
  it("reads an amount to receive (`5 eth from btc`) and dollars (`$100 btc eth`, `100 usd btc eth`)", () => {
    expect(parseRateRequest("5 eth from btc")).toEqual({
      ok: true,
      amount: "5 eth",
      from: "btc",
      to: "eth",
    });
    expect(parseRateRequest("$100 btc eth")).toEqual({
      ok: true,
      amount: "$100",
      from: "btc",
      to: "eth",
    });
    expect(parseRateRequest("100 usd btc to eth")).toEqual({
      ok: true,
      amount: "100 usd",
      from: "btc",
      to: "eth",
    });
  });
  it("reads the plain forms as parseRateArgs does", () => {
    expect(parseRateRequest("0.5 btc eth")).toEqual(parseRateArgs("0.5 btc eth"));
    expect(parseRateRequest("btc eth")).toEqual(parseRateArgs("btc eth"));
    expect(parseRateRequest("1 2 3 4")).toEqual({ ok: false });
  });
});
