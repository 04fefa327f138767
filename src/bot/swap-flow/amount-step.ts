import { InlineKeyboard } from "grammy";
import { coinLabel } from "../../frontends/coin-label.ts";
import { parseAmountWithUnit } from "../../lib/amount-input.ts";
import { type DecimalString, formatDecimal } from "../../lib/decimal.ts";
import type { Quote } from "../../quotes/quote.ts";
import { failureText } from "../shared/failure-text.ts";
import {
  amountRange,
  limitsRefusal,
  limitsText,
  offersRefusal,
  quoteText,
  quoteVariables,
} from "../shared/quote-text.ts";
import { amountProblem } from "../shared/resolve-text.ts";
import { networkLine, networkRow } from "./keyboards.ts";
import type { FlowSession, Side } from "./session.ts";

/** What the amount step settled: the amount to send, its quote, and how the user put it. */
export interface AmountChoice {
  /** The amount to send (typed, or worked out from an amount to receive or in dollars). */
  amount: DecimalString;
  /** The best offer (or an amount to receive's reverse quote). */
  quote: Quote;
  /**
   * Every exchange's offer for the amount, best first (`quote` among them); an amount to receive
   * the exchange quoted itself: its quote alone.
   */
  offers: Quote[];
  /**
   * An amount to receive: what was asked, and whether the exchange quoted it itself (`exact`: a
   * reverse quote, re-asked with the rate type) or the amount to send was worked out from the rate.
   */
  receive?: { amount: DecimalString; exact: boolean };
  /** How dollars were priced ("$100 ≈ 0.0012 BTC at 1 BTC ≈ 83000 USDT"), for the quote message. */
  dollarsNote?: string;
}

/**
 * Step 3: the amount of the sent coin, checked against a live floating quote (its limits); the
 * prompt shows the pair's limits when they can be had at once, and offers the received coin's
 * networks. `5 eth` (the received coin's code) is an amount to receive, `$100` or `100 usd` an
 * amount worth that many dollars (docs/behaviour.md, "What users get").
 */
export async function askAmount(s: FlowSession, from: Side, to: Side): Promise<AmountChoice> {
  const { t } = s;
  const labels = () => ({
    from: coinLabel(from.coin.code, from.network),
    to: coinLabel(to.coin.code, to.network),
  });
  const limitsLine = async (ask = true) => {
    const limits = await s.limits({ from, to }, ask);
    return limits ? `\n${limitsText(t, limits, labels().from)}` : "";
  };
  const prompt = async () =>
    `${t("flow-ask-amount", labels())}\n${otherUnits()}${await limitsLine()}${networkLine(s, to)}`;
  const otherUnits = () =>
    t("flow-amount-other-units", { to: labels().to, code: to.coin.code.toUpperCase() });
  const keyboard = () => networkRow(s, new InlineKeyboard(), "tnet", to);
  const message = await s.ctx.reply(await prompt(), { reply_markup: keyboard() });
  for (;;) {
    const input = await s.nextInput(["tnet"]);
    if (input.kind === "button") {
      const network = input.value.toUpperCase();
      // Tapped again: nothing to change (see the coin step).
      if (network === to.network) continue;
      to.network = network;
      to.defaulted = false;
      await s.ctx.api.editMessageText(s.chatId, message.message_id, await prompt(), {
        reply_markup: keyboard(),
      });
      continue;
    }
    const again = t("flow-amount-again", { from: labels().from });
    const codes = { send: from.coin.code, receive: to.coin.code };
    const typed = parseAmountWithUnit(input.text, codes);
    if (!typed.ok) {
      // Only limits already known: typing junk again and again must not spend the budget.
      const limits = await limitsLine(false);
      const problem =
        typed.reason === "unknown-unit"
          ? t("amount-unknown-unit", {
              unit: typed.unit,
              from: from.coin.code.toUpperCase(),
              to: to.coin.code.toUpperCase(),
            })
          : amountProblem(t, input.text, typed);
      await s.refuse(`${problem}\n${again}${limits}`);
      continue;
    }
    let amount = typed.value;
    let receive: AmountChoice["receive"];
    let dollarsNote: string | undefined;
    let reverse: Quote | undefined;
    if (typed.unit !== "send") {
      const priced = await s.priceAmount({ from, to }, typed, "float");
      if (!priced.ok) {
        await s.ctx.reply(`${failureText(t, priced.failure)}\n${again}`);
        continue;
      }
      const result = priced.priced;
      if (!result.ok) {
        await s.refuse(`${t(`amount-${result.problem}`, { from: labels().from })}\n${again}`);
        continue;
      }
      amount = result.send;
      reverse = result.quote;
      if (result.receive) receive = { amount: result.receive, exact: reverse !== undefined };
      if (result.dollars) {
        dollarsNote = t("flow-amount-dollars", {
          dollars: result.dollars.amount,
          amount,
          from: labels().from,
          price: result.dollars.price,
          coin: result.dollars.coin,
        });
      }
    }
    const worked = [dollarsNote, receive && receiveLine(t, receive, amount, labels())]
      .filter(Boolean)
      .map((line) => `${line}\n`)
      .join("");
    // Limits a recent quote stated refuse it: no quote is asked (nor budget spent) for it.
    const result = reverse
      ? { ok: true as const, offers: [reverse] }
      : await s.offersUnlessRefused({ from, to }, amount);
    if (result.ok === "refused") {
      const refusal = limitsRefusal(t, result.refusal, amount, labels().from, s.deps.exchanges);
      await s.refuse(worked + refusal);
      continue;
    }
    if (!result.ok) {
      await s.ctx.reply(`${worked}${failureText(t, result.failure)}\n${again}`);
      continue;
    }
    const [best] = result.offers as [Quote, ...Quote[]];
    const { fit, text } = quoteText(t, best, amount, labels().from, labels().to);
    if (fit !== "ok") {
      // No offer takes the amount: the limits named are every exchange's (see offersRefusal).
      const union = result.offers.length > 1 ? offersRefusal(result.offers, amount) : undefined;
      if (union) {
        await s.refuse(worked + limitsRefusal(t, union, amount, labels().from, s.deps.exchanges));
        continue;
      }
      const vars = quoteVariables(t, best, amount, labels().from, labels().to);
      await s.refuse(`${worked}${text}\n${amountRange(t, vars)}`);
      continue;
    }
    return {
      amount,
      quote: best,
      offers: result.offers,
      ...(receive ? { receive } : {}),
      ...(dollarsNote ? { dollarsNote } : {}),
    };
  }
}

/**
 * "To receive 5 ETH, send 0.16 BTC": the amount an amount to receive takes; worked out from the
 * rate (no reverse quote), the payout is an estimate and the line says so.
 */
export function receiveLine(
  t: FlowSession["t"],
  receive: NonNullable<AmountChoice["receive"]>,
  amount: DecimalString,
  labels: { from: string; to: string },
): string {
  return t("flow-amount-receive", {
    receive: receive.amount,
    to: labels.to,
    amount,
    from: labels.from,
    how: receive.exact ? "exact" : "rate",
  });
}

/** The amount to send a quote of an amount to receive names. */
export function sendAmountOfQuote(quote: Quote): DecimalString {
  return formatDecimal(quote.sendAmount);
}
