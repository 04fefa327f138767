import { InlineKeyboard } from "grammy";
import { coinNetworks } from "../../catalog/networks.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import type { Quote } from "../../quotes/quote-service.ts";
import { checkAddress, networksOfAddress } from "../../swaps/address-check.ts";
import { addressPatternOf } from "../../swaps/memo-networks.ts";
import type { RateType } from "../../swaps/swap.ts";
import { failureText } from "../shared/failure-text.ts";
import { amountFit, coinLabel, quoteText } from "../shared/quote-text.ts";
import type { FlowSession, Side } from "./session.ts";

/**
 * Step 4: the quote, switchable between floating and fixed, with warnings near the limits, and the
 * payout address, checked for the received coin (and its network).
 */
export async function askAddress(
  s: FlowSession,
  from: Side,
  to: Side,
  amount: DecimalString,
  start: Quote,
): Promise<{ address: string; quote: Quote }> {
  const { t } = s;
  let quote = start;
  const fromLabel = coinLabel(from.coin, from.network);
  const toLabel = coinLabel(to.coin, to.network);
  const render = () => {
    const holds = s.deps.quotes.fixedHoldsMs;
    const lines = [quoteText(t, quote, amount, fromLabel, toLabel, holds).text];
    const value = Number(amount);
    if (value < quote.minimum * 1.1) lines.push(t("flow-near-min"));
    else if (quote.maximum > 0 && value > quote.maximum * 0.9) lines.push(t("flow-near-max"));
    return `${lines.join("\n")}\n\n${t("flow-ask-address", { to: toLabel })}`;
  };
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
  const message = await s.ctx.reply(render(), { reply_markup: keyboard() });
  for (;;) {
    const input = await s.nextInput(["rate"]);
    if (input.kind === "button") {
      const rateType: RateType = input.value === "fixed" ? "fixed" : "float";
      if ((quote.rateType ?? "float") === rateType) continue;
      const result = await s.quote({ from, to }, amount, rateType);
      if (!result.ok) {
        await s.ctx.reply(`${failureText(t, result.failure)}\n${again()}`);
        continue;
      }
      if (amountFit(amount, result.quote) !== "ok") {
        const { text } = quoteText(t, result.quote, amount, fromLabel, toLabel);
        await s.ctx.reply(`${text}\n${again()}`);
        continue;
      }
      quote = { ...result.quote, rateType };
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
      const hint = other
        ? `\n${t("flow-address-other-network", { coin, other, network: to.network ?? "" })}`
        : "";
      await s.refuse(`${problem}${hint}\n${again()}`);
      continue;
    }
    return { address: check.address, quote };
  }
}
