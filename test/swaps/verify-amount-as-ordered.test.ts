import { describe, expect, it } from "vitest";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { amountAsOrdered } from "../../src/swaps/verify.ts";

/**
 * The amount to send an exchange names against the order (swaps/verify.ts): the typed digits
 * exactly; for an amount to receive sent upstream (the exchange names the amount to send), no
 * more than the confirmed amount to send and not less by more than the fixed-payout tolerance.
 */
const d = (v: string) => v as DecimalString;

describe("amountAsOrdered", () => {
  it("an amount to send: exactly the digits confirmed", () => {
    expect(amountAsOrdered({ amount: d("0.5") }, 0.5)).toBe(true);
    expect(amountAsOrdered({ amount: d("0.5") }, 0.49)).toBe(false);
    expect(amountAsOrdered({ amount: d("0.5") }, 0.51)).toBe(false);
  });

  it("an amount to receive: never more to send than confirmed, and about the same", () => {
    const order = { amount: d("0.01811209"), receiveAmount: d("0.5") };
    expect(amountAsOrdered(order, 0.01811209)).toBe(true);
    expect(amountAsOrdered(order, 0.0181)).toBe(true);
    expect(amountAsOrdered(order, 0.0181121)).toBe(false);
    expect(amountAsOrdered(order, 0.017)).toBe(false);
    expect(amountAsOrdered(order, 0)).toBe(false);
  });
});
