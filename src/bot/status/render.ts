import type { TranslateFunction } from "@grammyjs/i18n";
import { coinLabel } from "../../frontends/coin-label.ts";
import { namedSwapExchange } from "../../frontends/swap-exchange.ts";
import { readableRate } from "../../lib/decimal.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import { isFinal } from "../../swaps/status.ts";
import type { Swap } from "../../swaps/swap.ts";
import type { SwapView } from "../../swaps/swap-reader.ts";
import { ageText } from "../shared/age-text.ts";
import { withDepositMemo, withPayoutMemo, withRefundMemo } from "../shared/deposit-memo.ts";
import { withExchangeLine } from "../shared/exchange-line.ts";
import { formatTime } from "../shared/format-time.ts";
import { holdNote } from "../shared/hold-text.ts";
import { approx, rateRelation } from "../shared/quote-text.ts";
import { statusName } from "../shared/status-name.ts";
import { closingNote } from "../shared/swap-outcome.ts";

/**
 * Every field of the swap in readable form; a finished swap's card ends with its closing note
 * instead of anything that reads as "send"; a state the exchange was not asked for now says how
 * old it is. Under its id, its exchange (namedSwapExchange). Values are plain: the translation
 * escapes them.
 */
export function statusCardText(
  t: TranslateFunction,
  view: SwapView,
  now: number,
  exchanges?: ExchangeSet,
): string {
  const { swap } = view;
  // Its deposit address cannot be trusted: it is never shown, whatever else is asked.
  if (swap.suspect) return t("push-suspect", { id: swap.id, status: statusName(t, swap.status) });
  const none = t("status-none-value");
  const from = coinLabel(swap.coinFrom, swap.networkFrom);
  const to = coinLabel(swap.coinTo, swap.networkTo);
  const text = t("status-card", {
    id: swap.id,
    status: statusName(t, swap.status),
    finished: isFinal(swap.status) ? "yes" : "no",
    amountIn: swap.amountIn,
    from,
    received: receivedText(t, swap, to),
    rate: rateText(t, swap, from, to),
    deposit: swap.depositAddress,
    withdrawal: swap.withdrawalAddress,
    refund: swap.refundAddress ?? none,
    hashIn: swap.txHashIn ?? none,
    hashOut: swap.txHashOut ?? none,
    created: formatTime(swap.createdAt),
  });
  const memos = withRefundMemo(t, withPayoutMemo(t, withDepositMemo(t, text, swap), swap), swap);
  const named = withExchangeLine(t, memos, swap, namedSwapExchange(exchanges, swap));
  const parts = [named, holdNote(t, swap), closingNote(t, swap)];
  if (view.elsewhere) parts.push(t("status-elsewhere"));
  else if (swap.givenUpAt !== null && !isFinal(swap.status)) parts.push(t("status-given-up"));
  if (!view.fresh && !view.elsewhere) parts.push(staleNote(t, view, now));
  return parts.filter((part) => part !== undefined).join("\n\n");
}

/** How old the state shown is, and why the exchange was not asked. */
function staleNote(t: TranslateFunction, { swap, stale }: SwapView, now: number): string {
  const checkedAt = swap.lastCheckedAt ?? swap.statusChangedAt;
  if (stale === "unreachable") return t("status-stale", { checked: formatTime(checkedAt) });
  const age = { age: ageText(t, now - checkedAt), checked: formatTime(checkedAt) };
  return t(stale === "busy" ? "status-known-busy" : "status-known", age);
}

/** What the swap paid out or is expected to; an expired or refunded one paid out nothing. */
function receivedText(t: TranslateFunction, swap: Swap, to: string): string {
  if (isFinal(swap.status) && swap.status !== "success") return t("status-none-value");
  const fixed = swap.rateType === "fixed";
  // Only a completed swap's payout is a fact; before it, the amount is the quote's.
  return swap.status === "success" && swap.amountOut
    ? t("status-received-final", { amount: swap.amountOut, to })
    : t(fixed ? "status-received-fixed" : "status-received-expected", {
        amount: approx(swap.amountOutExpected, fixed),
        to,
      });
}

/**
 * The rate quoted (≈ floating, = fixed) and, once the swap paid out, the rate it actually paid
 * (received ÷ sent) on a line of its own: what the user got, whatever the quote said. Both read
 * with a rate's significant digits (readableRate); the amounts beside them stay exact.
 */
function rateText(t: TranslateFunction, swap: Swap, from: string, to: string): string {
  const fixed = swap.rateType === "fixed";
  const rateType = t(fixed ? "rate-type-fixed" : "rate-type-float");
  const quoted = swap.rate ? rateRelation(readable(swap.rate), fixed) : undefined;
  const paid = paidRate(swap);
  if (!paid) {
    return quoted
      ? t("status-rate", { from, to, rate: quoted, rateType })
      : t("status-rate-unknown", { rateType });
  }
  const paidLine = t("status-rate-paid", { from, to, paid });
  return quoted
    ? `${t("status-rate-quoted", { from, to, rate: quoted, rateType })}\n${paidLine}`
    : paidLine;
}

/** A rate the exchange gave, as readableRate writes it (as it came when it is not a number). */
function readable(rate: string): string {
  const value = Number(rate);
  return Number.isFinite(value) && value > 0 ? readableRate(value) : rate;
}

/** received ÷ sent of a completed swap, as a plain decimal; undefined before it paid out. */
function paidRate(swap: Swap): string | undefined {
  if (swap.status !== "success" || !swap.amountOut) return undefined;
  const rate = Number(swap.amountOut) / Number(swap.amountIn);
  return Number.isFinite(rate) && rate > 0 ? readableRate(rate) : undefined;
}
