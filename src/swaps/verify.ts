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
    | "deposit_address";
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

/**
 * Compares the POST answer with the order, before anyone sees its deposit address: a buggy
 * upstream or a proxy must not make the bot tell a user to send another coin or amount, nor show
 * a payout address that is not theirs. Returns every disagreement (none: the answer is safe).
 */
export function verifyCreated(order: SwapOrder, created: CreatedTransaction): Mismatch[] {
  return compare(order, { ...created, amount_out: created.amount_out_expected });
}

/** The same check of a detail read: the truth the bot shows when the POST answer was off. */
export function verifyDetail(order: SwapOrder, detail: TransactionDetail): Mismatch[] {
  // Before payout the detail may say 0 (or nothing) for amount_out: not a disagreement.
  return compare(order, { ...detail, amount_out: undefined });
}

function compare(order: SwapOrder, answer: Answer): Mismatch[] {
  const out: Mismatch[] = [];
  const check = (field: Mismatch["field"], expected: string, got: string, same: boolean) => {
    if (!same) out.push({ field, expected, got });
  };
  check("coin_from", order.coinFrom, answer.coin_from, sameCode(order.coinFrom, answer.coin_from));
  check("coin_to", order.coinTo, answer.coin_to, sameCode(order.coinTo, answer.coin_to));
  // Networks count only when both sides name one: the exchange may leave a default unnamed.
  if (order.networkFrom && answer.network_from) {
    const same = sameCode(order.networkFrom, answer.network_from);
    check("network_from", order.networkFrom, answer.network_from, same);
  }
  if (order.networkTo && answer.network_to) {
    check(
      "network_to",
      order.networkTo,
      answer.network_to,
      sameCode(order.networkTo, answer.network_to),
    );
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
