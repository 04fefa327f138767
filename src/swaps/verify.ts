import type { CreatedTransaction, TransactionDetail } from "../exchange/schemas.ts";
import { compareDecimal, formatDecimal, MAX_FRACTION_DIGITS } from "../lib/decimal.ts";
import { isPlausibleDeposit } from "./address-check.ts";
import type { SwapOrder } from "./swap.ts";

/** One way an exchange answer disagrees with the order the user confirmed. */
export interface Mismatch {
  field:
    | "coin_from"
    | "coin_to"
    | "network_from"
    | "network_to"
    | "amount_in"
    | "amount_out"
    | "withdrawal_address"
    | "refund_address"
    | "rate_type"
    | "deposit_address"
    | "deposit_memo";
  expected: string;
  got: string;
}

/** The fields both answers share, as the checks read them. */
interface Answer {
  coin_from: string;
  coin_to: string;
  network_from?: string | null;
  network_to?: string | null;
  amount_in: number;
  amount_out: number | undefined;
  withdrawal_address: string;
  /** undefined: not reported (the created shape need not carry it). */
  refund_address?: string | null;
  rate_type?: "float" | "fixed";
  deposit_address: string;
}

/** Shown as "got" when the exchange named no network for a side the order named one for. */
export const NO_NETWORK = "(none named)";

/**
 * How far a fixed-rate swap's expected payout may fall short of the fixed quote the user confirmed
 * (rounding, a fee the quote left out) before it counts as a different deal.
 */
export const FIXED_OUT_TOLERANCE = 0.005;

/**
 * Compares the POST answer with the order, before anyone sees its deposit address: a buggy
 * upstream or a proxy must not make the bot tell a user to send another coin or amount, nor show
 * a payout address that is not theirs. A network the order names must be named back: the spec's
 * created shape names none, so such an answer is settled by the detail. Returns every
 * disagreement (none: the answer is safe).
 */
export function verifyCreated(order: SwapOrder, created: CreatedTransaction): Mismatch[] {
  return compare(order, { ...created, amount_out: created.amount_out_expected });
}

/** The same check of a detail read: the truth the bot shows when the POST answer was off. */
export function verifyDetail(order: SwapOrder, detail: TransactionDetail): Mismatch[] {
  // Before payout the detail may say 0 (or nothing) for amount_out: not a disagreement.
  return compare(order, { ...detail, amount_out: undefined });
}

/**
 * A fixed-rate swap whose expected payout is worse than the fixed quote the user confirmed by
 * more than the tolerance: not the deal they agreed to.
 */
export function fixedOutShortfall(quoted: string, got: string): Mismatch | undefined {
  const promised = Number(quoted);
  const offered = Number(got);
  if (!(promised > 0) || offered >= promised * (1 - FIXED_OUT_TOLERANCE)) return undefined;
  return { field: "amount_out", expected: quoted, got };
}

/** The create answer and the detail must give the same memo: a deposit with the wrong one is lost. */
export function memoDisagreement(
  created: string | null,
  detail: string | null,
): Mismatch | undefined {
  if (created === detail) return undefined;
  return { field: "deposit_memo", expected: created ?? "", got: detail ?? "" };
}

function compare(order: SwapOrder, answer: Answer): Mismatch[] {
  const out: Mismatch[] = [];
  const check = (field: Mismatch["field"], expected: string, got: string, same: boolean) => {
    if (!same) out.push({ field, expected, got });
  };
  check("coin_from", order.coinFrom, answer.coin_from, sameCode(order.coinFrom, answer.coin_from));
  check("coin_to", order.coinTo, answer.coin_to, sameCode(order.coinTo, answer.coin_to));
  // A network the user chose is confirmed only when the exchange names the same one: an exchange
  // that does not know the code may open the swap on its default network and say nothing.
  if (order.networkFrom) {
    const got = answer.network_from || NO_NETWORK;
    check("network_from", order.networkFrom, got, sameCode(order.networkFrom, got));
  }
  if (order.networkTo) {
    const got = answer.network_to || NO_NETWORK;
    check("network_to", order.networkTo, got, sameCode(order.networkTo, got));
  }
  check(
    "amount_in",
    order.amount,
    String(answer.amount_in),
    sameAmount(order.amount, answer.amount_in),
  );
  if (answer.amount_out !== undefined) {
    check("amount_out", "> 0", String(answer.amount_out), answer.amount_out > 0);
  }
  check(
    "withdrawal_address",
    order.withdrawalAddress,
    answer.withdrawal_address,
    sameAddress(order.withdrawalAddress, answer.withdrawal_address),
  );
  if (answer.refund_address !== undefined) {
    const expected = order.refundAddress ?? "";
    const got = answer.refund_address ?? "";
    check("refund_address", expected, got, sameAddress(expected, got));
  }
  if (answer.rate_type !== undefined) {
    const expected = order.rateType ?? "float";
    check("rate_type", expected, answer.rate_type, expected === answer.rate_type);
  }
  const deposit = isPlausibleDeposit(answer.deposit_address, order.coinFrom, order.networkFrom);
  check("deposit_address", `a ${order.coinFrom} address`, answer.deposit_address, deposit);
  return out;
}

export const sameCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The amount went upstream as the user's digits in a JSON number and comes back through a double:
 * equal when the decimal reads the same, or when both are the same double (beyond 15 significant
 * digits a double cannot hold the user's digits exactly, and the exchange read the same double).
 */
export function sameAmount(ordered: string, got: number): boolean {
  if (!Number.isFinite(got) || got <= 0) return false;
  return (
    compareDecimal(ordered, formatDecimal(got, MAX_FRACTION_DIGITS)) === 0 ||
    Number(ordered) === got
  );
}

/** Hex (EVM-style) addresses are case-insensitive apart from their checksum; others are exact. */
export function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  return /^0x[0-9a-f]+$/i.test(a) && a.toLowerCase() === b.toLowerCase();
}
