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
import { kycLegend, offerButtonText, offerLine, quoteText } from "../shared/quote-text.ts";
import { type AmountChoice, receiveLine } from "./amount-step.ts";
import type { FlowSession, OffersResult, Side } from "./session.ts";

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
  let { quote, amount, receive, offers } = choice;
  /** The exchange whose offer the user tapped: kept on new terms while it quotes; none: the best. */
  let chosen: string | undefined;
  /** A line said once, on the next render: the chosen exchange no longer quotes the new terms. */
  let note: string | undefined;
  const fromLabel = coinLabel(from.coin.code, from.network);
  // The receive network may change here (an address of another of the coin's networks).
  let toLabel = coinLabel(to.coin.code, to.network);
  /** The network this step offered to switch to, for the address that was typed (the session's). */
  let offer: { network: string; address: string } | undefined;
  /** The offers the user may pick instead of the one shown: those whose limits take the amount. */
  const others = () =>
    s.severalExchanges
      ? offers.filter((other) => other !== quote && amountFit(amount, other) === "ok")
      : [];
  const quoteLines = () => {
    const holds = s.deps.quotes.fixedHoldsMs;
    const worked = [
      choice.dollarsNote,
      receive && receiveLine(t, receive, amount, { from: fromLabel, to: toLabel }),
    ].filter((line): line is string => Boolean(line));
    const lines = [...worked, quoteText(t, quote, amount, fromLabel, toLabel, holds).text];
    if (s.severalExchanges) {
      const taking = offers.filter((other) => amountFit(amount, other) === "ok").length;
      const best = quote === offers[0] ? taking : undefined;
      lines.push(offerLine(t, quote, s.deps.exchanges, best));
    }
    const value = Number(amount);
    if (value < quote.minimum * 1.1) lines.push(t("flow-near-min"));
    else if (quote.maximum > 0 && value > quote.maximum * 0.9) lines.push(t("flow-near-max"));
    return lines.join("\n");
  };
  /** The KYC letters' legend, on the quote message of a flow that shows a rated offer. */
  const legend = () => {
    if (!s.severalExchanges) return "";
    const rated = [quote, ...others()].some((q) => s.deps.exchanges.get(q.exchange)?.kyc);
    return rated ? `\n${kycLegend(t)}` : "";
  };
  const render = () => {
    const said = note ? `${note}\n` : "";
    note = undefined;
    return `${said}${quoteLines()}${legend()}\n\n${t("flow-ask-address", { to: toLabel })}`;
  };
  const keyboard = () => {
    const option = (type: RateType, key: string) =>
      quote.rateType === type || (type === "float" && !quote.rateType)
        ? t("button-selected", { label: t(key) })
        : t(key);
    const keys = new InlineKeyboard()
      .text(option("float", "button-rate-float"), s.btn("rate", "float"))
      .text(option("fixed", "button-rate-fixed"), s.btn("rate", "fixed"));
    const coin = to.coin.code.toUpperCase();
    for (const other of others()) {
      keys
        .row()
        .text(
          offerButtonText(t, other, s.deps.exchanges, coin),
          s.btn("offer", String(offers.indexOf(other))),
        );
    }
    return keys;
  };
  const again = () => t("flow-address-again", { coin: toLabel });
  /**
   * The swap quoted again on new terms (another rate type, or the receive coin's other network) at
   * every exchange: the amount to receive priced again when there is one, else the same amount to
   * send. The offer is the chosen exchange's while it still quotes, else the best (`lost` says so).
   * When nothing can be quoted or the offer's limits refuse the amount, says so and gives
   * undefined: the step goes on with the terms it had.
   */
  const quoteAgain = async (target: Side, targetLabel: string, rateType: RateType) => {
    const result = await offersAgain(s, { from, to: target }, amount, receive, rateType);
    if (!result.ok) {
      await s.ctx.reply(`${failureText(t, result.failure)}\n${again()}`);
      return undefined;
    }
    const kept = chosen
      ? result.offers.find((q) => q.exchange === chosen && amountFit(result.send, q) === "ok")
      : undefined;
    const picked = kept ?? result.offers[0]!;
    if (amountFit(result.send, picked) !== "ok") {
      const { text } = quoteText(t, picked, result.send, fromLabel, targetLabel);
      await s.ctx.reply(`${text}\n${again()}`);
      return undefined;
    }
    const lost =
      chosen !== undefined && !kept
        ? t("flow-offer-gone", {
            exchange: s.deps.exchanges.labelOf(chosen),
            best: s.deps.exchanges.labelOf(picked.exchange),
          })
        : undefined;
    return { ...result, quote: { ...picked, rateType }, lost };
  };
  /** Takes new terms: their offers, the one shown, the amount to send. */
  const adopt = (result: NonNullable<Awaited<ReturnType<typeof quoteAgain>>>) => {
    offers = result.offers.map((q) => (q.exchange === result.quote.exchange ? result.quote : q));
    quote = offers.find((q) => q.exchange === result.quote.exchange) ?? result.quote;
    amount = result.send;
    if (result.lost) chosen = undefined;
    // Whether the exchange quoted the amount to receive itself may change with the rate type
    // (ChangeNOW reverses fixed-rate quotes only).
    if (receive) receive = { amount: receive.amount, exact: result.exact };
    note = result.lost;
  };
  const message = await s.ctx.reply(render(), { reply_markup: keyboard() });
  for (;;) {
    const input = await s.nextInput(["rate", "anet", "offer"]);
    if (input.kind === "button" && input.step === "offer") {
      // Only an offer this step shows as a button (the press's data is its index among them).
      const picked = offers[Number(input.value)];
      if (!picked || !others().includes(picked)) continue;
      quote = picked;
      chosen = picked.exchange;
      await s.ctx.api.editMessageText(s.chatId, message.message_id, render(), {
        reply_markup: keyboard(),
      });
      continue;
    }
    if (input.kind === "button" && input.step === "anet") {
      // Only the switch this step offered last, for the address typed then (the press's data
      // names a network; the address is the session's own).
      if (!offer || input.value.toUpperCase() !== offer.network) continue;
      const rateType: RateType = quote.rateType ?? "float";
      const target: Side = { ...to, network: offer.network, defaulted: false };
      const targetLabel = coinLabel(to.coin.code, target.network);
      const result = await quoteAgain(target, targetLabel, rateType);
      if (!result) continue;
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
      adopt(result);
      const switched = t("flow-network-switched", {
        coin: to.coin.code.toUpperCase(),
        network: offer.network,
        address: check.address,
      });
      const said = note ? `\n${note}` : "";
      note = undefined;
      await s.ctx.reply(`${switched}${said}\n${quoteLines()}`);
      return { address: check.address, quote, amount, receive };
    }
    if (input.kind === "button") {
      const rateType: RateType = input.value === "fixed" ? "fixed" : "float";
      if ((quote.rateType ?? "float") === rateType) continue;
      // An amount to receive is priced again at the new rate type: the amount to send follows
      // (fixed, quoted by the exchange: exactly that amount is received).
      const result = await quoteAgain(to, toLabel, rateType);
      if (!result) continue;
      adopt(result);
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
 * Every exchange's offers on new terms: an amount to receive priced again at the rate type (the
 * exchange's reverse quote where it has one: that quote alone), else the amount to send quoted.
 */
async function offersAgain(
  s: FlowSession,
  side: { from: Side; to: Side },
  amount: DecimalString,
  receive: AmountChoice["receive"],
  rateType: RateType,
): Promise<
  | { ok: true; offers: Quote[]; send: DecimalString; exact: boolean }
  | Extract<OffersResult, { ok: false }>
> {
  let send = amount;
  if (receive) {
    const priced = await s.priceAmount(side, { unit: "receive", value: receive.amount }, rateType);
    if (!priced.ok) return priced;
    if (!priced.priced.ok) return { ok: false, failure: { kind: "unavailable" } };
    const { quote } = priced.priced;
    if (quote) return { ok: true, offers: [quote], send: priced.priced.send, exact: true };
    send = priced.priced.send;
  }
  const result = await s.offers(side, send, rateType);
  return result.ok ? { ...result, send, exact: false } : result;
}
