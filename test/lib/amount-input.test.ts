import { describe, expect, it } from "vitest";
import { isNumber, parseAmount, parseAmountWithUnit } from "../../src/lib/amount-input.ts";

describe("parseAmount: thousands separators", () => {
  it.each([
    ["1,000.5", "1000.5"],
    ["1.000,5", "1000.5"],
    ["1,000,000", "1000000"],
    ["1.000.000", "1000000"],
    ["12,345,678.9", "12345678.9"],
    ["1 000", "1000"],
    ["1 000,5", "1000.5"],
    ["1\u00a0000.25", "1000.25"],
    // A single comma that cannot group thousands is the decimal comma.
    ["0,5", "0.5"],
    ["0,500", "0.5"],
    ["1,5", "1.5"],
    ["12,34", "12.34"],
    ["1234,567", "1234.567"],
    ["1,0000", "1"],
    [",5", "0.5"],
    // A single dot is the decimal point.
    ["1.000", "1"],
    ["1.5", "1.5"],
  ])("reads %j as %s", (input, expected) => {
    expect(parseAmount(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["1,000", "1000", "1"],
    ["12,345", "12345", "12.345"],
    ["999,999", "999999", "999.999"],
  ])("asks which %j is meant: %s or %s", (input, thousands, decimal) => {
    expect(parseAmount(input)).toEqual({
      ok: false,
      reason: "ambiguous",
      readings: [thousands, decimal],
    });
    expect(isNumber(input)).toBe(true);
  });

  it.each(["1,00.5", "1.000.5,5", "1,000.000.5", "10000,000.5", "1,2,3", "1.2.3", ","])(
    "refuses the misgrouped %j",
    (input) => {
      expect(parseAmount(input)).toEqual({ ok: false, reason: "not-a-number" });
    },
  );

  it("keeps a sign's meaning: -1,000 is negative, not ambiguous", () => {
    expect(parseAmount("-1,000")).toEqual({ ok: false, reason: "negative" });
    expect(parseAmount("-1,000.5")).toEqual({ ok: false, reason: "negative" });
  });
});

describe("parseAmountWithUnit: thousands separators", () => {
  const codes = { send: "btc", receive: "eth" };

  it("reads an amount to receive and dollars with a thousands separator", () => {
    expect(parseAmountWithUnit("1,000.5 eth", codes)).toEqual({
      ok: true,
      unit: "receive",
      value: "1000.5",
    });
    expect(parseAmountWithUnit("$1,000,000", codes)).toEqual({
      ok: true,
      unit: "usd",
      value: "1000000",
    });
    expect(parseAmountWithUnit("1.000,5 usd", codes)).toEqual({
      ok: true,
      unit: "usd",
      value: "1000.5",
    });
  });

  it("asks about 1,000 eth and $1,000 instead of reading 1", () => {
    for (const text of ["1,000 eth", "$1,000", "1,000"]) {
      expect(parseAmountWithUnit(text, codes)).toEqual({
        ok: false,
        reason: "ambiguous",
        readings: ["1000", "1"],
      });
    }
  });
});
