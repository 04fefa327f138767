import type { TranslateFunction } from "@grammyjs/i18n";
import type { InlineKeyboardMarkup } from "grammy/types";
import QRCode from "qrcode";
import type { DepositView } from "../../swaps/swap.ts";

export function label(code: string, network: string | null | undefined): string {
  return `${code.toUpperCase()}${network ? ` (${network})` : ""}`;
}

/**
 * The deposit address, the transaction id and the exact amount to send, in one message, each in
 * tap-to-copy form.
 */
export function depositText(t: TranslateFunction, view: DepositView, statusText: string): string {
  const text = t("deposit", {
    amount: view.amountIn,
    from: label(view.coinFrom, view.networkFrom),
    to: label(view.coinTo, view.networkTo),
    address: view.depositAddress,
    toAmount: view.amountOutExpected,
    rateType: t(view.rateType === "fixed" ? "rate-type-fixed" : "rate-type-float"),
    withdrawal: view.withdrawalAddress,
    id: view.id,
    status: statusText,
  });
  return view.sandbox ? `${t("deposit-sandbox")}\n\n${text}` : text;
}

/** PNG of the deposit address, for wallets that scan. */
export function depositQr(address: string): Promise<Buffer> {
  return QRCode.toBuffer(address, { margin: 2, width: 360, errorCorrectionLevel: "M" });
}

export type { InlineKeyboardMarkup };
