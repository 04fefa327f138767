import { InlineKeyboard, InputFile } from "grammy";
import { coinLabel } from "../../frontends/coin-label.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import type { Quote } from "../../quotes/quote.ts";
import type { ConfirmOutcome } from "../../swaps/confirm-summary.ts";
import type { ExchangeFailure } from "../../swaps/failures.ts";
import { isFinal } from "../../swaps/status.ts";
import type { DepositView } from "../../swaps/swap.ts";
import type { Mismatch } from "../../swaps/verify.ts";
import { withPayoutMemo, withRefundMemo } from "../shared/deposit-memo.ts";
import {
  depositKeyboard,
  depositQr,
  depositQrCaption,
  depositText,
} from "../shared/deposit-message.ts";
import { failureText } from "../shared/failure-text.ts";
import { fixedHoldsLine, quoteText, quoteVariables } from "../shared/quote-text.ts";
import { sendAmountOfQuote } from "./amount-step.ts";
import { buttonWord } from "./button-word.ts";
import type { FlowSession, Side } from "./session.ts";

const CONFIRM_WORDS = new Set(["confirm", "yes", "ok", "y"]);
const CANCEL_WORDS = new Set(["cancel", "no", "n", "stop"]);

/** Everything the user chose, as the summary shows it. */
export interface ChosenSwap {
  from: Side;
  to: Side;
  amount: DecimalString;
  /** An amount to receive the user typed (see AmountChoice). */
  receive?: { amount: DecimalString; exact: boolean };
  address: string;
  payoutMemo: string | undefined;
  refund: string | undefined;
  /** The refund address's memo (send networks that take one). */
  refundMemo?: string | undefined;
  quote: Quote;
}

/**
 * Steps 6 and 7: the summary, then Confirm → the core's "confirm a summary" (a fixed quote too old
 * to trust is fetched again, and shown again if it moved; the swap is created once, however often
 * Confirm comes, and verified) → the deposit message.
 */
export async function confirmAndCreate(s: FlowSession, order: ChosenSwap): Promise<void> {
  const { t } = s;
  const { from, to, receive, address, payoutMemo, refund, refundMemo } = order;
  let { quote, amount } = order;
  const fromLabel = coinLabel(from.coin.code, from.network);
  const toLabel = coinLabel(to.coin.code, to.network);
  // Each memo under its own address: payout address, payout memo, refund address, refund memo.
  const summary = (note?: string) =>
    [
      note,
      withRefundMemo(
        t,
        withPayoutMemo(
          t,
          t("flow-summary", {
            ...quoteVariables(t, quote, amount, fromLabel, toLabel),
            address,
            refund: refund ?? t("flow-summary-no-refund"),
          }),
          { withdrawalAddress: address, payoutMemo: payoutMemo ?? null },
        ),
        { refundAddress: refund, refundMemo },
      ) + fixedHoldsLine(t, quote, s.deps.quotes.fixedHoldsMs),
      // Confirm creates the swap there, and only there (one exchange: the messages name none).
      s.severalExchanges
        ? t("flow-summary-exchange", { exchange: s.deps.exchanges.labelOf(quote.exchange) })
        : undefined,
      t("flow-summary-ask"),
    ]
      .filter(Boolean)
      .join("\n");
  // Each summary's Confirm carries its number (the first: none), so a Confirm of a summary a
  // failover replaced does not confirm the new one's numbers.
  let confirmValue = "";
  const keyboardOf = (value: string) =>
    new InlineKeyboard()
      .text(t("button-confirm"), s.btn("confirm", value))
      .text(t("button-cancel"), s.btn("cancel"));
  let confirmKeyboard = keyboardOf(confirmValue);
  // One intent per summary: a failover's summary is a new one (the refused intent stays failed).
  let key = `${s.chatId}:${s.flow}`;
  /** The exchanges that refused this swap's create so far (failover: docs/design.md §4). */
  const refusedAt: string[] = [];
  const orderOf = () => ({
    coinFrom: from.coin.code,
    coinTo: to.coin.code,
    networkFrom: from.network,
    networkTo: to.network,
    amount,
    // A fixed amount to receive the exchange quoted goes upstream as such: exactly that is
    // paid out (a floating one is an estimate: the amount to send goes, as typed ones do).
    ...(receive?.exact && quote.rateType === "fixed" ? { receiveAmount: receive.amount } : {}),
    withdrawalAddress: address,
    ...(payoutMemo ? { payoutMemo } : {}),
    rateType: quote.rateType ?? "float",
    refundAddress: refund,
    ...(refund && refundMemo ? { refundMemo } : {}),
  });
  await s.ctx.reply(summary(), { reply_markup: confirmKeyboard });

  // The buttons' own words typed in the chat's language count as the English ones do.
  const localConfirm = buttonWord(t("button-confirm"));
  const localCancel = buttonWord(t("button-cancel"));
  let pendingSeen = false;
  for (;;) {
    const input = await s.nextInput(["confirm", "cancel"]);
    const word = input.kind === "text" ? input.text.toLowerCase() : "";
    const typed = input.kind === "text" ? buttonWord(input.text) : "";
    const cancelled = CANCEL_WORDS.has(word) || (typed !== "" && typed === localCancel);
    if ((input.kind === "button" && input.step === "cancel") || cancelled) {
      await s.ctx.reply(t("flow-cancelled"));
      return;
    }
    const staleConfirm = input.kind === "button" && input.value !== confirmValue;
    if (
      (input.kind === "text" && !CONFIRM_WORDS.has(word) && typed !== localConfirm) ||
      staleConfirm
    ) {
      await s.refuse(summary(), { reply_markup: confirmKeyboard });
      continue;
    }
    const order = orderOf();
    const result: ConfirmOutcome = await s.conversation.external(() =>
      s.deps.confirm.confirm({
        key,
        chatId: s.chatId,
        userId: s.userId ?? 0,
        order,
        shown: { quote },
      }),
    );
    switch (result.kind) {
      case "quote-failed":
        await s.ctx.reply(`${failureText(t, result.failure)}\n${t("flow-create-failed")}`, {
          reply_markup: confirmKeyboard,
        });
        continue;
      case "out-of-bounds": {
        // The limits moved with the rate: this amount can no longer be swapped at all.
        const { text } = quoteText(t, result.quote, amount, fromLabel, toLabel);
        await s.ctx.reply(`${text}\n${t("flow-create-rejected")}`);
        return;
      }
      case "quote-moved":
        quote = result.quote;
        // The amount to send of a quoted amount to receive moves with the rate.
        if (receive?.exact) amount = sendAmountOfQuote(quote);
        await s.ctx.reply(summary(t("flow-quote-moved")), { reply_markup: confirmKeyboard });
        continue;
      case "created":
        await sendDeposit(s, result.swap);
        return;
      case "already-created":
        // A replayed Confirm (a crash between recording the swap and sending its message) must
        // show the deposit message itself: nothing may be above it.
        if (!result.swap) await s.ctx.reply(t("flow-already-created-gone"));
        else if (result.swap.suspect)
          await s.ctx.reply(t("flow-create-suspect", { id: result.swap.id }));
        else await sendDeposit(s, result.swap, t("flow-already-created"));
        return;
      case "pending":
        // The flow stays at Confirm: pressing it again answers "still checking" and never POSTs;
        // once reconciliation says nothing was created, it creates the swap.
        await s.ctx.reply(t(pendingSeen ? "flow-still-checking" : "flow-create-pending"), {
          reply_markup: confirmKeyboard,
        });
        pendingSeen = true;
        continue;
      case "suspect":
        await s.ctx.reply(suspectText(t, result.id, result.mismatches, toLabel));
        return;
      case "chat-share-spent":
        await s.ctx.reply(
          t("flow-create-chat-share", {
            count: result.created,
            seconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)),
          }),
          { reply_markup: confirmKeyboard },
        );
        continue;
      case "failed": {
        if ((result.refused || result.unauthorized) && s.severalExchanges) {
          // Nothing was created there, and its answer says so: the next offer, asked afresh, is
          // shown as a new summary to confirm; never a swap elsewhere without its Confirm.
          refusedAt.push(result.exchange);
          const exclude = [...refusedAt];
          const next = await s.conversation.external(() =>
            s.deps.confirm.nextOffer({ order, userId: s.userId ?? 0 }, exclude),
          );
          const refusal = refusalText(t, s.deps.exchanges.labelOf(result.exchange), result.failure);
          if (!next) {
            await s.ctx.reply(`${refusal}\n${t("flow-failover-none")}`);
            return;
          }
          quote = next;
          if (receive?.exact) amount = sendAmountOfQuote(quote);
          key = `${s.chatId}:${s.flow}:${quote.exchange}`;
          confirmValue = String(refusedAt.length);
          confirmKeyboard = keyboardOf(confirmValue);
          pendingSeen = false;
          const offered = t("flow-failover-next", {
            exchange: s.deps.exchanges.labelOf(quote.exchange),
          });
          await s.ctx.reply(summary(`${refusal}\n${offered}`), { reply_markup: confirmKeyboard });
          continue;
        }
        if (!result.retryable) {
          await s.ctx.reply(`${failureText(t, result.failure)}\n${t("flow-create-rejected")}`);
          return;
        }
        await s.ctx.reply(`${failureText(t, result.failure)}\n${t("flow-create-failed")}`, {
          reply_markup: confirmKeyboard,
        });
        break;
      }
    }
  }
}

/**
 * Which exchange refused the create and why: its own words when it gave a reason, else that it
 * cannot take the swap now (a refused key is the operator's problem, never shown).
 */
function refusalText(t: FlowSession["t"], exchange: string, failure: ExchangeFailure): string {
  return failure.kind === "rejected"
    ? t("flow-failover-refused", { exchange, reason: failure.message })
    : t("flow-failover-unavailable", { exchange });
}

/**
 * Why a created swap is withheld: a payout below the confirmed quote (a fixed one, an exact amount
 * to receive, a floating estimate far below) is named with both amounts (the user can get a fresh
 * quote); any other disagreement gets the general warning.
 */
function suspectText(
  t: FlowSession["t"],
  id: string,
  mismatches: readonly Mismatch[],
  toLabel: string,
): string {
  const [only] = mismatches;
  const cut = mismatches.length === 1 && only !== undefined && Number(only.got) > 0;
  if (cut && only.field === "amountOutEstimate") {
    return t("flow-create-float-worse", {
      id,
      quoted: only.expected,
      offered: only.got,
      to: toLabel,
    });
  }
  if (cut && only.field === "amountOut") {
    return t("flow-create-fixed-worse", {
      id,
      quoted: only.expected,
      offered: only.got,
      to: toLabel,
    });
  }
  return t("flow-create-suspect", { id });
}

/** The QR code of the deposit address, then the deposit message, which becomes the status card. */
async function sendDeposit(s: FlowSession, swap: DepositView, note?: string): Promise<void> {
  const { t } = s;
  // The QR code is a convenience: if it cannot be made or sent, the text below still must go.
  // Catching a Bot API error here is safe only because such calls go through `external`
  // (conversation-api.ts), which records the failure instead of leaking it (conversations #155).
  // A finished swap's address takes nothing more: no code to scan.
  if (!isFinal(swap.status)) {
    try {
      const qr = await depositQr(swap.depositAddress);
      await s.ctx.replyWithPhoto(new InputFile(qr, "deposit-address.png"), {
        caption: depositQrCaption(t, swap),
      });
    } catch (error) {
      s.deps.logger.warn({ err: error, transaction: swap.id }, "deposit QR code not sent");
    }
  }
  const text = depositText(t, swap, s.deps.exchanges);
  const card = await s.ctx.reply(note ? `${note}\n\n${text}` : text, {
    link_preview_options: { is_disabled: true },
    reply_markup: depositKeyboard(t, swap, { url: s.deps.webAppUrl, chatId: s.chatId }),
  });
  await s.conversation.external(() => s.deps.setStatusCard(swap.id, card.message_id));
}
