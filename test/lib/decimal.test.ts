import { describe, expect, it } from "vitest";
import { parseAmount, parseAmountWithUnit } from "../../src/lib/amount-input.ts";
import {
  compareDecimal,
  DecimalTotal,
  divideDecimal,
  formatDecimal,
  normalizeDecimal,
  readableRate,
} from "../../src/lib/decimal.ts";

describe("readableRate", () => {
  it("keeps six significant digits and at least two decimals", () => {
    expect(readableRate(41097.82608696)).toBe("41097.83");
    expect(readableRate(41151.253261)).toBe("41151.25");
    expect(readableRate(29.123456789)).toBe("29.1235");
    expect(readableRate(1.000004)).toBe("1");
    expect(readableRate(1.2345678)).toBe("1.23457");
    expect(readableRate(0.0000243307123)).toBe("0.0000243307");
    expect(readableRate(0.034412345)).toBe("0.0344123");
    expect(readableRate(123456789.123)).toBe("123456789.12");
  });
  it("drops trailing zeros and rounds up across a power of ten", () => {
    expect(readableRate(2)).toBe("2");
    expect(readableRate(0.5)).toBe("0.5");
    expect(readableRate(999.9999999)).toBe("1000");
    expect(readableRate(0.99999999)).toBe("1");
  });
  it("shows zero, and anything not a rate, as formatDecimal does", () => {
    expect(readableRate(0)).toBe("0");
    expect(() => readableRate(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatDecimal", () => {
  it("shows values from JSON exactly", () => {
    expect(formatDecimal(0.1)).toBe("0.1");
    expect(formatDecimal(16.2345)).toBe("16.2345");
    expect(formatDecimal(1200)).toBe("1200");
  });
  it("removes float noise from computed values", () => {
    expect(formatDecimal(0.1 + 0.2)).toBe("0.3");
    expect(formatDecimal(1.0000000000000002)).toBe("1");
  });
  it("expands exponent notation", () => {
    expect(formatDecimal(1e-7)).toBe("0.0000001");
    expect(formatDecimal(1.5e-10, 18)).toBe("0.00000000015");
    expect(formatDecimal(2e21, 0)).toBe("2000000000000000000000");
  });
  it("rounds to the given fraction digits", () => {
    expect(formatDecimal(0.123456789)).toBe("0.12345679");
    expect(formatDecimal(1 / 3, 4)).toBe("0.3333");
  });
});

describe("decimal strings", () => {
  it("normalizes leading and trailing zeros", () => {
    expect(normalizeDecimal("00.500")).toBe("0.5");
    expect(normalizeDecimal("10.0")).toBe("10");
  });
  it("compares exactly", () => {
    expect(compareDecimal("0.1", "0.10")).toBe(0);
    expect(compareDecimal("0.09", "0.1")).toBe(-1);
    expect(compareDecimal("10", "9.99999999")).toBe(1);
    expect(compareDecimal("0.30000000000000004", "0.3")).toBe(1);
  });
});

describe("DecimalTotal", () => {
  const total = (...values: string[]) => {
    const sum = new DecimalTotal();
    for (const v of values) sum.add(v);
    return sum.toString();
  };
  it("adds exactly, whatever the fraction lengths", () => {
    expect(total("0.1", "0.2")).toBe("0.3");
    expect(total("1", "0.000000000000000001", "2.5")).toBe("3.500000000000000001");
    expect(total("123456789012345678901234567890", "0.1")).toBe("123456789012345678901234567890.1");
    expect(total()).toBe("0");
  });
  it("takes negative amounts with their sign", () => {
    expect(total("0.5", "-0.2")).toBe("0.3");
    expect(total("0.1", "-0.35")).toBe("-0.25");
    expect(total("-1", "1")).toBe("0");
  });
  it("leaves out what is not a decimal, and says so", () => {
    const sum = new DecimalTotal();
    expect(sum.add("1.5")).toBe(true);
    expect(sum.add("abc")).toBe(false);
    expect(sum.add("1e5")).toBe(false);
    expect(sum.add("")).toBe(false);
    expect(sum.toString()).toBe("1.5");
  });
});

describe("parseAmount", () => {
  it.each([
    ["0.5", "0.5"],
    ["0,5", "0.5"],
    [".5", "0.5"],
    ["5.", "5"],
    [" 1 000 ", "1000"],
    ["0.00000001", "0.00000001"],
  ])("reads %j as %s", (input, expected) => {
    expect(parseAmount(input)).toEqual({ ok: true, value: expected });
  });
  it.each([
    ["abc", "not-a-number"],
    ["", "not-a-number"],
    [".", "not-a-number"],
    ["1.2.3", "not-a-number"],
    ["1e5", "not-a-number"],
    ["-1", "negative"],
    ["−0.5", "negative"],
    ["0", "zero"],
    ["0.000", "zero"],
    ["0.1234567890123456789", "too-precise"],
  ])("rejects %j as %s", (input, reason) => {
    expect(parseAmount(input)).toEqual({ ok: false, reason });
  });
});

describe("divideDecimal", () => {
  it("divides exactly on scaled integers, rounded up or to the nearest", () => {
    expect(divideDecimal("5", "0.03", 8, "up")).toBe("166.66666667");
    expect(divideDecimal("1", "3", 2, "up")).toBe("0.34");
    expect(divideDecimal("1", "3", 2, "nearest")).toBe("0.33");
    expect(divideDecimal("2", "3", 2, "nearest")).toBe("0.67");
    expect(divideDecimal("100", "94525", 8, "nearest")).toBe("0.00105792");
    expect(divideDecimal("0.3", "0.1", 8, "up")).toBe("3");
  });
  it("is undefined for a zero divisor", () => {
    expect(divideDecimal("1", "0", 8, "up")).toBeUndefined();
  });
});

describe("parseAmountWithUnit", () => {
  const codes = { send: "btc", receive: "eth" };
  it("reads a plain number, or one with the send coin's code, as an amount to send", () => {
    expect(parseAmountWithUnit("0,5", codes)).toEqual({ ok: true, unit: "send", value: "0.5" });
    expect(parseAmountWithUnit("0.5 BTC", codes)).toEqual({ ok: true, unit: "send", value: "0.5" });
  });
  it("reads a number with the receive coin's code, before or after, as an amount to receive", () => {
    for (const text of ["5 eth", "5ETH", "eth 5", "5 Eth"]) {
      expect(parseAmountWithUnit(text, codes)).toEqual({ ok: true, unit: "receive", value: "5" });
    }
    expect(parseAmountWithUnit("0,5 eth", codes)).toEqual({
      ok: true,
      unit: "receive",
      value: "0.5",
    });
  });
  it("reads dollars: $100, 100$, $ 100, 100 usd, usd 100, 1 000 USD", () => {
    for (const text of ["$100", "100$", "$ 100", "100 usd", "usd 100", "100 USD"]) {
      expect(parseAmountWithUnit(text, codes)).toEqual({ ok: true, unit: "usd", value: "100" });
    }
    expect(parseAmountWithUnit("1 000 usd", codes)).toEqual({
      ok: true,
      unit: "usd",
      value: "1000",
    });
  });
  it("names an unknown unit, and keeps the number's own problems", () => {
    expect(parseAmountWithUnit("5 xyz", codes)).toEqual({
      ok: false,
      reason: "unknown-unit",
      unit: "xyz",
    });
    expect(parseAmountWithUnit("-5 eth", codes)).toEqual({ ok: false, reason: "negative" });
    expect(parseAmountWithUnit("0 eth", codes)).toEqual({ ok: false, reason: "zero" });
    expect(parseAmountWithUnit("abc", codes)).toEqual({ ok: false, reason: "not-a-number" });
  });
});
