import type { TranslateFunction } from "@grammyjs/i18n";
import type { Swap } from "../../swaps/swap.ts";
import { label } from "../shared/deposit-message.ts";
import { formatTime } from "../shared/format-time.ts";
import { statusName } from "../shared/status-name.ts";

/** Every field of the swap in readable form. Values are plain: the translation escapes them. */
export function statusCardText(t: TranslateFunction, swap: Swap, fresh: boolean): string {
  // Its deposit address cannot be trusted: it is never shown, whatever else is asked.
  if (swap.suspect) return t("push-suspect", { id: swap.id, status: statusName(t, swap.status) });
  const none = t("status-none-value");
  const from = label(swap.coinFrom, swap.networkFrom);
  const to = label(swap.coinTo, swap.networkTo);
  const text = t("status-card", {
    id: swap.id,
    status: statusName(t, swap.status),
    amountIn: swap.amountIn,
    from,
    received: swap.amountOut
      ? t("status-received-final", { amount: swap.amountOut, to })
      : t("status-received-expected", { amount: swap.amountOutExpected, to }),
    rate: swap.rate ? t("status-rate", { from, to, rate: swap.rate }) : none,
    rateType: t(swap.rateType === "fixed" ? "rate-type-fixed" : "rate-type-float"),
    deposit: swap.depositAddress,
    withdrawal: swap.withdrawalAddress,
    refund: swap.refundAddress ?? none,
    hashIn: swap.txHashIn ?? none,
    hashOut: swap.txHashOut ?? none,
    created: formatTime(swap.createdAt),
  });
  if (fresh) return text;
  const checked = formatTime(swap.lastCheckedAt ?? swap.statusChangedAt);
  return `${text}\n\n${t("status-stale", { checked })}`;
}
