import type { TranslateFunction } from "@grammyjs/i18n";
import { isKnownStatus } from "../../swaps/status.ts";
import { withDepositMemo, withRefundMemo } from "./deposit-memo.ts";
import { type HoldFacts, holdLines } from "./hold-text.ts";
import { statusName } from "./status-name.ts";
import { closingNote, type SwapFacts, swapVariables } from "./swap-outcome.ts";

/**
 * The push for one status change, in plain words with what it means and what to do. A finished
 * swap's push ends with its closing note; "send your deposit" is said only while the swap still
 * waits for it (a queued "wait" push that goes out after the swap moved on says no such thing).
 */
export function pushText(
  t: TranslateFunction,
  swap: SwapFacts & Partial<HoldFacts>,
  status: string,
  /** Lines about the swap's transactions (explorer-links.ts), before the closing note. */
  receipt?: string,
): string {
  if (!isKnownStatus(status)) return t("push-other", { id: swap.id, status });
  if (status === "wait" && swap.status !== "wait") {
    return t("push-other", { id: swap.id, status: t("status-wait") });
  }
  // A hold's push says what the exchange asks and where, from what is stored with the swap.
  const held = holdLines(t, { ...swap, status });
  const pushed = [t(`push-${status}`, swapVariables(t, swap)), ...held].join("\n");
  const text = withRefundMemo(t, withDepositMemo(t, pushed, swap, status === "wait"), swap);
  return [text, receipt, closingNote(t, swap, status)]
    .filter((part) => part !== undefined)
    .join("\n\n");
}

/**
 * The payout of a complete swap whose push went out before the exchange showed it (the tracker
 * pushes first and reads the hashes after): what was sent where, its hash and explorer link.
 */
export function payoutText(t: TranslateFunction, swap: SwapFacts, receipt?: string): string {
  const text = t("push-payout", swapVariables(t, swap));
  return receipt ? `${text}\n\n${receipt}` : text;
}

/**
 * What a swap that stays in one state too long is told: what is going on and what to do, worded
 * so that it never reads like a status change.
 */
export function stuckText(
  t: TranslateFunction,
  swap: Pick<SwapFacts, "id">,
  status: string,
): string {
  if (status === "confirmation" || status === "exchanging") {
    return t(`push-stuck-${status}`, { id: swap.id });
  }
  return t("push-stuck", { id: swap.id, status: statusName(t, status) });
}
