import type { TranslateFunction } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import { isFinal, isHeld } from "../../swaps/status.ts";
import type { DepositView } from "../../swaps/swap.ts";

/** Telegram's `copy_text` buttons take 1 to 256 characters (Bot API 7.11). */
const COPY_MAX = 256;

/** Adds a button that copies `text` (none when Telegram could not take it); true if added. */
export function addCopyButton(keyboard: InlineKeyboard, label: string, text: string): boolean {
  if (text.length === 0 || text.length > COPY_MAX) return false;
  keyboard.copyText(label, text);
  return true;
}

/** Whether a swap's card still asks for the deposit (so its address and amount are worth copying). */
function asksForDeposit(view: Pick<DepositView, "status">): boolean {
  return (
    !isFinal(view.status) &&
    view.status !== "confirmation" &&
    view.status !== "exchanging" &&
    !isHeld(view.status)
  );
}

/**
 * The copy buttons of a swap's deposit message, card and `/status`: the deposit address, the exact
 * amount and the deposit memo while the swap still asks for a deposit (a closed address or one
 * that already got its deposit is not offered), and the transaction id and the payout memo (where
 * there is one) always. The values are the swap's own, never a translation of them.
 */
export function swapCopyKeyboard(
  t: TranslateFunction,
  view: Pick<
    DepositView,
    "id" | "status" | "depositAddress" | "amountIn" | "depositMemo" | "payoutMemo"
  >,
  keyboard = new InlineKeyboard(),
): InlineKeyboard {
  if (asksForDeposit(view)) {
    addCopyButton(keyboard, t("copy-address"), view.depositAddress);
    addCopyButton(keyboard, t("copy-amount"), view.amountIn);
    if (view.depositMemo) {
      keyboard.row();
      addCopyButton(keyboard, t("copy-memo"), view.depositMemo);
    }
    keyboard.row();
  }
  addCopyButton(keyboard, t("copy-id"), view.id);
  if (view.payoutMemo) addCopyButton(keyboard, t("copy-payout-memo"), view.payoutMemo);
  return keyboard.row();
}
