import { describe, expect, it } from "vitest";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { payoutShortfall } from "../../src/swaps/verify.ts";

const d = (v: string) => v as DecimalString;

describe("payoutShortfall: a created payout below the quote confirmed", () => {
  it("an exact amount to receive is paid in full or refused: no tolerance", () => {
    const exact = { rateType: "fixed" as const, receiveAmount: d("5") };
    expect(payoutShortfall(exact, "5", "5")).toBeUndefined();
    expect(payoutShortfall(exact, "5", "5.0001")).toBeUndefined();
    expect(payoutShortfall(exact, "5", "4.9775")).toEqual({
      field: "amountOut",
      expected: "5",
      got: "4.9775",
    });
    expect(payoutShortfall(exact, "5", "4.99999999")?.field).toBe("amountOut");
  });

  it("a fixed quote keeps its 0.5 % tolerance", () => {
    const fixed = { rateType: "fixed" as const };
    expect(payoutShortfall(fixed, "5", "4.9775")).toBeUndefined();
    expect(payoutShortfall(fixed, "5", "4.9")?.field).toBe("amountOut");
  });

  it("a floating estimate may move a few percent (5 %), not more", () => {
    const float = { rateType: "float" as const };
    expect(payoutShortfall(float, "13.9", "13.5")).toBeUndefined();
    expect(payoutShortfall(float, "13.9", "1.0")).toEqual({
      field: "amountOutEstimate",
      expected: "13.9",
      got: "1.0",
    });
    expect(payoutShortfall({}, "10", "9.4")?.field).toBe("amountOutEstimate");
    // A quote without a payout (a refusal) holds nothing to compare.
    expect(payoutShortfall(float, "0", "1")).toBeUndefined();
  });
});
