import { compareDecimal, formatDecimal, MAX_FRACTION_DIGITS } from "../lib/decimal.ts";
import { isPlausibleDeposit } from "./address-check.ts";
import type { CreatedSwap, SwapDetail } from "./exchange-port.ts";
import type { SwapOrder } from "./swap.ts";

/** One way an exchange answer disagrees with the order the user confirmed. */
export interface Mismatch {
  field:
    | "coinFrom"
    | "coinTo"
    | "networkFrom"
    | "networkTo"
    | "amountIn"
    | "amountOut"
    /** A floating swap's estimated payout, far below the quote the summary showed. */
    | "amountOutEstimate"
    | "withdrawalAddress"
    | "payoutMemo"
    | "refundAddress"
    | "refundMemo"
    | "rateType"
    | "depositAddress"
    | "depositMemo";
  expected: string;
  got: string;
}

/** The fields both answers share, as the checks read them. */
interface Answer {
  coinFrom: string;
  coinTo: string;
  networkFrom?: string | null;
  networkTo?: string | null;
  amountIn: number;
  amountOut: number | undefined;
  withdrawalAddress: string;
  /** undefined: not reported (the created shape need not carry it). */
  payoutMemo?: string | null;
  refundAddress?: string | null;
  /** undefined: not reported. */
  refundMemo?: string | null;
  rateType?: "float" | "fixed";
  depositAddress: string;
}

/** Shown as "got" when the exchange named no network for a side the order named one for. */
const NO_NETWORK = "(none named)";
/** Shown as "got" when the exchange did not carry back the payout memo the order gave. */
const NO_MEMO = "(no memo)";

/**
 * How far a fixed-rate swap's expected payout may fall short of the fixed quote the user confirmed
 * (rounding, a fee the quote left out) before it counts as a different deal.
 */
const FIXED_OUT_TOLERANCE = 0.005;

/**
 * How far a floating swap's estimated payout may fall short of the quote the summary showed: the
 * market moves between the quote and Confirm (a summary may wait minutes), and an exchange's
 * estimate at creation is rounded and priced anew, but by a few percent, not by more. Beyond
 * this it is a different deal (docs/behaviour.md §1).
 */
export const FLOAT_OUT_TOLERANCE = 0.05;

/**
 * Compares the POST answer with the order, before anyone sees its deposit address: a buggy
 * upstream or a proxy must not make the bot tell a user to send another coin or amount, nor show
 * a payout address that is not theirs. A network the order names must be named back: the spec's
 * created shape names none, so such an answer is settled by the detail. Returns every
 * disagreement (none: the answer is safe).
 */
export function verifyCreated(order: SwapOrder, created: CreatedSwap): Mismatch[] {
  return compare(order, { ...created, amountOut: created.amountOutExpected });
}

/** The same check of a detail read: the truth the bot shows when the POST answer was off. */
export function verifyDetail(order: SwapOrder, detail: SwapDetail): Mismatch[] {
  // Before payout the detail may say 0 (or nothing) for the payout: not a disagreement.
  return compare(order, { ...detail, amountOut: undefined });
}

/**
 * A swap whose expected payout is worse than the quote the user confirmed (`quoted`) by more than
 * its order allows: not the deal they agreed to. An exact amount to receive (`receiveAmount`) must
 * be paid in full; a fixed quote within FIXED_OUT_TOLERANCE; a floating estimate within
 * FLOAT_OUT_TOLERANCE.
 */
export function payoutShortfall(
  order: Pick<SwapOrder, "rateType" | "receiveAmount">,
  quoted: string,
  got: string,
): Mismatch | undefined {
  const offered = Number(got);
  if (order.receiveAmount !== undefined && (order.rateType ?? "float") === "fixed") {
    const exact = order.receiveAmount;
    if (
      Number.isFinite(offered) &&
      compareDecimal(formatDecimal(offered, MAX_FRACTION_DIGITS), exact) >= 0
    ) {
      return undefined;
    }
    return { field: "amountOut", expected: exact, got };
  }
  const promised = Number(quoted);
  const float = (order.rateType ?? "float") === "float";
  const tolerance = float ? FLOAT_OUT_TOLERANCE : FIXED_OUT_TOLERANCE;
  if (!(promised > 0) || offered >= promised * (1 - tolerance)) return undefined;
  return { field: float ? "amountOutEstimate" : "amountOut", expected: quoted, got };
}

/** The create answer and the detail must give the same memo: a deposit with the wrong one is lost. */
export function memoDisagreement(
  created: string | null,
  detail: string | null,
): Mismatch | undefined {
  if (created === detail) return undefined;
  return { field: "depositMemo", expected: created ?? "", got: detail ?? "" };
}

function compare(order: SwapOrder, answer: Answer): Mismatch[] {
  const out: Mismatch[] = [];
  const check = (field: Mismatch["field"], expected: string, got: string, same: boolean) => {
    if (!same) out.push({ field, expected, got });
  };
  check("coinFrom", order.coinFrom, answer.coinFrom, sameCode(order.coinFrom, answer.coinFrom));
  check("coinTo", order.coinTo, answer.coinTo, sameCode(order.coinTo, answer.coinTo));
  // A network the user chose is confirmed only when the exchange names the same one: an exchange
  // that does not know the code may open the swap on its default network and say nothing.
  if (order.networkFrom) {
    const got = answer.networkFrom || NO_NETWORK;
    check("networkFrom", order.networkFrom, got, sameCode(order.networkFrom, got));
  }
  if (order.networkTo) {
    const got = answer.networkTo || NO_NETWORK;
    check("networkTo", order.networkTo, got, sameCode(order.networkTo, got));
  }
  check("amountIn", order.amount, String(answer.amountIn), amountAsOrdered(order, answer.amountIn));
  if (answer.amountOut !== undefined) {
    check("amountOut", "> 0", String(answer.amountOut), answer.amountOut > 0);
  }
  check(
    "withdrawalAddress",
    order.withdrawalAddress,
    answer.withdrawalAddress,
    sameAddress(order.withdrawalAddress, answer.withdrawalAddress),
  );
  // A payout memo the user gave must come back: an exchange that dropped it would pay an
  // exchange account without its tag. Not echoed at all: the detail decides.
  if (order.payoutMemo) {
    const got = answer.payoutMemo ?? "";
    check("payoutMemo", order.payoutMemo, got || NO_MEMO, got === order.payoutMemo);
  }
  if (answer.refundAddress !== undefined) {
    const expected = order.refundAddress ?? "";
    const got = answer.refundAddress ?? "";
    check("refundAddress", expected, got, sameAddress(expected, got));
  }
  // A refund memo, where the answer carries one back, must be the one given (or none): a refund
  // to an exchange account without its memo is lost.
  if (answer.refundMemo !== undefined) {
    const expected = order.refundMemo ?? "";
    const got = answer.refundMemo ?? "";
    check("refundMemo", expected || NO_MEMO, got || NO_MEMO, got === expected);
  }
  if (answer.rateType !== undefined) {
    const expected = order.rateType ?? "float";
    check("rateType", expected, answer.rateType, expected === answer.rateType);
  }
  const deposit = isPlausibleDeposit(answer.depositAddress, order.coinFrom, order.networkFrom);
  check("depositAddress", `a ${order.coinFrom} address`, answer.depositAddress, deposit);
  return out;
}

export const sameCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The amount went upstream as the user's digits in a JSON number and comes back through a double:
 * equal when the decimal reads the same, or when both are the same double (beyond 15 significant
 * digits a double cannot hold the user's digits exactly, and the exchange read the same double).
 */
function sameAmount(ordered: string, got: number): boolean {
  if (!Number.isFinite(got) || got <= 0) return false;
  return (
    compareDecimal(ordered, formatDecimal(got, MAX_FRACTION_DIGITS)) === 0 ||
    Number(ordered) === got
  );
}

/**
 * The amount to send agrees with the order: the same digits, or for an order of an amount to
 * receive (the exchange names the amount to send when it creates the swap) no more than the
 * confirmed amount to send and no less by more than the fixed-payout tolerance (the same deal).
 */
export function amountAsOrdered(
  order: Pick<SwapOrder, "amount" | "receiveAmount">,
  got: number,
): boolean {
  if (sameAmount(order.amount, got)) return true;
  if (order.receiveAmount === undefined || !Number.isFinite(got) || got <= 0) return false;
  const confirmed = Number(order.amount);
  return got <= confirmed && got >= confirmed * (1 - FIXED_OUT_TOLERANCE);
}

/** Hex (EVM-style) addresses are case-insensitive apart from their checksum; others are exact. */
export function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  return /^0x[0-9a-f]+$/i.test(a) && a.toLowerCase() === b.toLowerCase();
}
