import { InlineKeyboard } from "grammy";
import { coinNetworks } from "../../catalog/networks.ts";
import { coinLabel } from "../../frontends/coin-label.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import type { Quote } from "../../quotes/quote.ts";
import { checkAddress, networksOfAddress } from "../../swaps/address-check.ts";
import { amountFit } from "../../swaps/amount-fit.ts";
import { addressPatternOf } from "../../swaps/memo-networks.ts";
import type { RateType } from "../../swaps/swap.ts";
import { failureText } from "../shared/failure-text.ts";
import { quoteText } from "../shared/quote-text.ts";
import { type AmountChoice, receiveLine } from "./amount-step.ts";
import type { FlowSession, QuoteResult, Side } from "./session.ts";

/**
 * Step 4: the quote, switchable between floating and fixed, with warnings near the limits, and the
 * payout address, checked for the received coin (and its network).
 */
export async function askAddress(
  s: FlowSession,
  from: Side,
  to: Side,
  choice: AmountChoice,
): Promise<{
  address: string;
  quote: Quote;
  amount: DecimalString;
  receive: AmountChoice["receive"];
}> {
  const { t } = s;
  let { quote, amount, receive } = choice;
  const fromLabel = coinLabel(from.coin.code, from.network);
  // The receive network may change here (an address of another of the coin's networks).
  let toLabel = coinLabel(to.coin.code, to.network);
  /** The network this step offered to switch to, for the address that was typed (the session's). */
  let offer: { network: string; address: string } | undefined;
  const quoteLines = () => {
    const holds = s.deps.quotes.fixedHoldsMs;
    const worked = [
      choice.dollarsNote,
      receive && receiveLine(t, receive, amount, { from: fromLabel, to: toLabel }),
    ].filter((line): line is string => Boolean(line));
    const lines = [...worked, quoteText(t, quote, amount, fromLabel, toLabel, holds).text];
    const value = Number(amount);
    if (value < quote.minimum * 1.1) lines.push(t("flow-near-min"));
    else if (quote.maximum > 0 && value > quote.maximum * 0.9) lines.push(t("flow-near-max"));
    return lines.join("\n");
  };
  const render = () => `${quoteLines()}\n\n${t("flow-ask-address", { to: toLabel })}`;
  const keyboard = () => {
    const option = (type: RateType, key: string) =>
      quote.rateType === type || (type === "float" && !quote.rateType)
        ? t("button-selected", { label: t(key) })
        : t(key);
    return new InlineKeyboard()
      .text(option("float", "button-rate-float"), s.btn("rate", "float"))
      .text(option("fixed", "button-rate-fixed"), s.btn("rate", "fixed"));
  };
  const again = () => t("flow-address-again", { coin: toLabel });
  /**
   * The swap quoted again on new terms (another rate type, or the receive coin's other network):
   * the amount to receive priced again when there is one, else the same amount to send. When it
   * cannot be quoted or its limits refuse the amount, says so and gives undefined: the step goes
   * on with the terms it had.
   */
  const quoteAgain = async (target: Side, targetLabel: string, rateType: RateType) => {
    const result = receive
      ? await requote(s, { from, to: target }, receive.amount, rateType)
      : await s
          .quote({ from, to: target }, amount, rateType)
          .then((r) => (r.ok ? { ...r, send: amount, exact: false } : r));
    if (!result.ok) {
      await s.ctx.reply(`${failureText(t, result.failure)}\n${again()}`);
      return undefined;
    }
    if (amountFit(result.send, result.quote) !== "ok") {
      const { text } = quoteText(t, result.quote, result.send, fromLabel, targetLabel);
      await s.ctx.reply(`${text}\n${again()}`);
      return undefined;
    }
    return result;
  };
  const message = await s.ctx.reply(render(), { reply_markup: keyboard() });
  for (;;) {
    const input = await s.nextInput(["rate", "anet"]);
    if (input.kind === "button" && input.step === "anet") {
      // Only the switch this step offered last, for the address typed then (the press's data
      // names a network; the address is the session's own).
      if (!offer || input.value.toUpperCase() !== offer.network) continue;
      const rateType: RateType = quote.rateType ?? "float";
      const target: Side = { ...to, network: offer.network, defaulted: false };
      const targetLabel = coinLabel(to.coin.code, target.network);
      const result = await quoteAgain(target, targetLabel, rateType);
      if (!result) continue;
      const { send } = result;
      const check = checkAddress(
        offer.address,
        to.coin.code,
        target.network,
        addressPatternOf(to.coin, target.network),
      );
      if (!check.ok) continue;
      to.network = target.network;
      to.defaulted = false;
      toLabel = targetLabel;
      amount = send;
      quote = { ...result.quote, rateType };
      if (receive) receive = { amount: receive.amount, exact: result.exact };
      const switched = t("flow-network-switched", {
        coin: to.coin.code.toUpperCase(),
        network: offer.network,
        address: check.address,
      });
      await s.ctx.reply(`${switched}\n${quoteLines()}`);
      return { address: check.address, quote, amount, receive };
    }
    if (input.kind === "button") {
      const rateType: RateType = input.value === "fixed" ? "fixed" : "float";
      if ((quote.rateType ?? "float") === rateType) continue;
      // An amount to receive is priced again at the new rate type: the amount to send follows
      // (fixed, quoted by the exchange: exactly that amount is received).
      const result = await quoteAgain(to, toLabel, rateType);
      if (!result) continue;
      const { send } = result;
      amount = send;
      quote = { ...result.quote, rateType };
      // Whether the exchange quoted the amount to receive itself may change with the rate type
      // (ChangeNOW reverses fixed-rate quotes only).
      if (receive) receive = { amount: receive.amount, exact: result.exact };
      await s.ctx.api.editMessageText(s.chatId, message.message_id, render(), {
        reply_markup: keyboard(),
      });
      continue;
    }
    const check = checkAddress(
      input.text,
      to.coin.code,
      to.network,
      addressPatternOf(to.coin, to.network),
    );
    if (!check.ok) {
      const coin = to.coin.code.toUpperCase();
      const problem = t(`flow-address-problem-${check.reason}`, {
        coin,
        // "not a valid ETH address on ETH" says nothing more.
        network: to.network && to.network !== coin ? to.network : "none",
      });
      // An address of another of the coin's networks: say which, and how to get paid there.
      const [other] =
        check.reason === "format" && to.network
          ? networksOfAddress(input.text, to.coin.code, coinNetworks(to.coin))
          : [];
      offer = other ? { network: other, address: input.text.trim() } : undefined;
      const hint = other
        ? `\n${t("flow-address-other-network", { coin, other, network: to.network ?? "" })}`
        : "";
      const switchTo = other
        ? {
            reply_markup: new InlineKeyboard().text(
              t("button-switch-network", { network: other }),
              s.btn("anet", other),
            ),
          }
        : undefined;
      await s.refuse(`${problem}${hint}\n${again()}`, switchTo);
      continue;
    }
    return { address: check.address, quote, amount, receive };
  }
}

/**
 * An amount to receive at another rate type: the exchange's reverse quote where it has one, else
 * the amount to send worked out from that rate type's rate, quoted.
 */
async function requote(
  s: FlowSession,
  side: { from: Side; to: Side },
  receive: DecimalString,
  rateType: RateType,
): Promise<
  | { ok: true; quote: Quote; send: DecimalString; exact: boolean }
  | Extract<QuoteResult, { ok: false }>
> {
  const priced = await s.priceAmount(side, { unit: "receive", value: receive }, rateType);
  if (!priced.ok) return priced;
  if (!priced.priced.ok) return { ok: false, failure: { kind: "unavailable" } };
  const { send, quote } = priced.priced;
  if (quote) return { ok: true, quote, send, exact: true };
  const result = await s.quote(side, send, rateType);
  return result.ok ? { ...result, send, exact: false } : result;
}
