import type { TranslateFunction } from "@grammyjs/i18n";
import type { DepositView, Swap } from "../../swaps/swap.ts";
import { escapeHtml } from "../html.ts";

/**
 * The payout memo line, right under the payout address wherever a text shows it: the user sees
 * the memo their receiving account gets.
 */
export function withPayoutMemo(
  t: TranslateFunction,
  text: string,
  view: Pick<DepositView, "withdrawalAddress" | "payoutMemo">,
): string {
  if (!view.payoutMemo) return text;
  const shown = `<code>${escapeHtml(view.withdrawalAddress)}</code>`;
  const at = text.indexOf(shown);
  if (at < 0) return text;
  const end = text.indexOf("\n", at);
  const line = t("payout-memo-line", { memo: view.payoutMemo });
  return end < 0 ? `${text}\n${line}` : `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}

/**
 * The memo (destination tag) line, put right under the deposit address wherever a text shows the
 * address: a deposit to a shared address without its memo is lost. Texts without the address
 * (a finished swap's outcome, a swap whose deposit arrived) are left as they are. `askToSend`:
 * the text asks for the deposit, so it also says what the memo is for.
 */
export function withDepositMemo(
  t: TranslateFunction,
  text: string,
  view: Pick<DepositView, "depositAddress" | "depositMemo">,
  askToSend = false,
): string {
  if (!view.depositMemo) return text;
  const shown = `<code>${escapeHtml(view.depositAddress)}</code>`;
  const at = text.indexOf(shown);
  if (at < 0) return text;
  const end = text.indexOf("\n", at);
  const memo = t("deposit-memo-line", { memo: view.depositMemo });
  const line = askToSend ? `${memo}\n${t("deposit-memo-warning")}` : memo;
  return end < 0 ? `${text}\n${line}` : `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}

/**
 * The refund memo line, right under the refund address wherever a text shows it (the summary, the
 * status, a refund's push and card): the user sees the memo a refund to that address carries.
 * Texts show the refund address last, so its last occurrence is the one (a payout address can be
 * the same string).
 */
export function withRefundMemo(
  t: TranslateFunction,
  text: string,
  view: Partial<Pick<Swap, "refundAddress" | "refundMemo">>,
): string {
  if (!view.refundMemo || !view.refundAddress) return text;
  const at = text.lastIndexOf(escapeHtml(view.refundAddress));
  if (at < 0) return text;
  const end = text.indexOf("\n", at);
  const line = t("refund-memo-line", { memo: view.refundMemo });
  return end < 0 ? `${text}\n${line}` : `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}
