import type { TranslateFunction } from "@grammyjs/i18n";
import type { InlineKeyboard } from "grammy";
import { coinLabel } from "../../frontends/coin-label.ts";
import { namedSwapExchange } from "../../frontends/swap-exchange.ts";
import { onFirstUse } from "../../lib/first-use.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import { isFinal, isHeld } from "../../swaps/status.ts";
import { type DepositView, isSandboxExchange } from "../../swaps/swap.ts";
import { swapCopyKeyboard } from "./copy-buttons.ts";
import { withDepositMemo, withPayoutMemo, withRefundMemo } from "./deposit-memo.ts";
import { withExchangeLine } from "./exchange-line.ts";
import { type HoldFacts, holdNote } from "./hold-text.ts";
import { approx } from "./quote-text.ts";
import { statusName } from "./status-name.ts";
import { closingNote, type SwapFacts, swapVariables } from "./swap-outcome.ts";
import { webAppButton } from "./web-app-button.ts";

/**
 * The deposit message: the deposit address, the transaction id and the exact amount to send, in
 * one message, each in tap-to-copy form and on a copy button (`depositKeyboard`). It is edited as the swap moves on: once the deposit has
 * arrived it says so instead of asking for it, and once the swap is finished it becomes the
 * swap's outcome, with no word about sending. Under its transaction id it names the swap's
 * exchange and links the exchange's page of the swap (namedSwapExchange: not with one exchange
 * configured, as before; nor without `exchanges`).
 */
export function depositText(
  t: TranslateFunction,
  view: DepositView & SwapFacts & Partial<HoldFacts>,
  exchanges?: ExchangeSet,
): string {
  const status = statusName(t, view.status);
  const exchange = namedSwapExchange(exchanges, view);
  if (isFinal(view.status)) {
    const outcome = withExchangeLine(
      t,
      withRefundMemo(t, t(`card-${view.status}`, { ...swapVariables(t, view), status }), view),
      view,
      exchange,
    );
    const text = [outcome, closingNote(t, view)].join("\n\n");
    return isSandboxExchange(view.exchange) ? `${t("card-sandbox")}\n\n${text}` : text;
  }
  // The deposit has arrived (or the exchange holds the swap to verify it): the card must not
  // invite a second one.
  const held = isHeld(view.status);
  const received = view.status === "confirmation" || view.status === "exchanging" || held;
  const text = t(held ? "card-held" : received ? "card-in-progress" : "deposit", {
    amount: view.amountIn,
    from: coinLabel(view.coinFrom, view.networkFrom),
    to: coinLabel(view.coinTo, view.networkTo),
    address: view.depositAddress,
    toAmount: approx(view.amountOutExpected, view.rateType === "fixed"),
    rateType: t(view.rateType === "fixed" ? "rate-type-fixed" : "rate-type-float"),
    withdrawal: view.withdrawalAddress,
    id: view.id,
    status,
  });
  const withMemo = withExchangeLine(
    t,
    withPayoutMemo(t, withDepositMemo(t, text, view, !received), view),
    view,
    exchange,
  );
  // Scammers write to people who wait for a deposit: say who never will.
  const note = holdNote(t, view);
  const full = note
    ? `${withMemo}\n\n${note}`
    : received
      ? withMemo
      : `${withMemo}\n\n${t("deposit-support-trust")}`;
  return isSandboxExchange(view.exchange) ? `${t("deposit-sandbox")}\n\n${full}` : full;
}

/**
 * The deposit message's buttons, kept on every edit of the card: copy the address, the amount, the
 * memo and the id (see swapCopyKeyboard), then open the swap in the Mini App when there is one.
 * Private chats have positive ids: the Mini App button only goes there.
 */
export function depositKeyboard(
  t: TranslateFunction,
  view: DepositView,
  webApp: { url: string | undefined; chatId: number },
): InlineKeyboard {
  const keyboard = swapCopyKeyboard(t, view);
  const open = webAppButton(t, webApp.url, {
    chatType: webApp.chatId > 0 ? "private" : "group",
    swapId: view.id,
  });
  return open ? keyboard.add(open) : keyboard;
}

/** The QR code's caption: what the code holds is the address, so the memo is named beside it. */
export function depositQrCaption(
  t: TranslateFunction,
  view: Pick<DepositView, "amountIn" | "coinFrom" | "networkFrom" | "depositMemo">,
): string {
  const caption = t("deposit-qr-caption", {
    amount: view.amountIn,
    from: coinLabel(view.coinFrom, view.networkFrom),
  });
  return view.depositMemo
    ? `${caption}\n${t("deposit-memo-line", { memo: view.depositMemo })}`
    : caption;
}

/**
 * pngjs's options (qrcode passes them on; its types name only the deflate ones, here pngjs's
 * defaults): every row filtered with Paeth instead of trying all five filters per row is a third of the CPU (about 4 ms
 * a code instead of 12) for the same few kilobytes, since a QR code's rows are alike.
 */
const PNG_OPTIONS = { deflateLevel: 9, deflateStrategy: 3, filterType: 4 };

/** qrcode, loaded at the first deposit QR code. */
const qrcode = onFirstUse<typeof import("qrcode")>("qrcode");

/** PNG of the deposit address, for wallets that scan. */
export function depositQr(address: string): Promise<Buffer> {
  return qrcode().toBuffer(address, {
    margin: 2,
    width: 360,
    errorCorrectionLevel: "M",
    rendererOpts: PNG_OPTIONS,
  });
}
