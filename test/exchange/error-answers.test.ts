import { describe, expect, it } from "vitest";
import { limitInWords } from "../../src/exchange/error-answers.ts";

describe("limitInWords", () => {
  it("reads the limit a refusal names only in its words", () => {
    expect(limitInWords("amount 1e-8 is below the minimum amount 0.000333333 BTC", "min")).toBe(
      0.000333333,
    );
    expect(limitInWords("Minimal amount is 0.001", "min")).toBe(0.001);
    expect(limitInWords("Amount is less than min: 15 DOGE", "min")).toBe(15);
    expect(limitInWords("amount 9 is above the maximum of 4.5 BTC", "max")).toBe(4.5);
    expect(limitInWords("amount 9 is above the maximum of 4.5 BTC", "min")).toBeUndefined();
  });

  it("names nothing where the words name no number for it, or a coin only looks like the word", () => {
    expect(
      limitInWords("Amount to exchange is below the possible min amount to exchange", "min"),
    ).toBeUndefined();
    expect(limitInWords("5 MINA is not offered", "min")).toBeUndefined();
    expect(limitInWords("coinFrom is required", "min")).toBeUndefined();
  });
});
