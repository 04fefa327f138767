import { InlineKeyboard } from "grammy";
import { parseAmount } from "../../lib/amount-input.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import type { Quote } from "../../quotes/quote-service.ts";
import { failureText } from "../shared/failure-text.ts";
import {
  coinLabel,
  limitsRefusal,
  limitsText,
  quoteText,
  quoteVariables,
} from "../shared/quote-text.ts";
import { amountProblem } from "../shared/resolve-text.ts";
import { networkLine, networkRow } from "./keyboards.ts";
import type { FlowSession, Side } from "./session.ts";

/**
 * Step 3: the amount of the sent coin, checked against a live floating quote (its limits); the
 * prompt shows the pair's limits when they can be had at once, and offers the received coin's
 * networks.
 */
export async function askAmount(
  s: FlowSession,
  from: Side,
  to: Side,
): Promise<{ amount: DecimalString; quote: Quote }> {
  const { t } = s;
  const labels = () => ({
    from: coinLabel(from.coin, from.network),
    to: coinLabel(to.coin, to.network),
  });
  const limitsLine = async (ask = true) => {
    const limits = await s.limits({ from, to }, ask);
    return limits ? `\n${limitsText(t, limits, labels().from)}` : "";
  };
  const prompt = async () =>
    t("flow-ask-amount", labels()) + (await limitsLine()) + networkLine(s, to);
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
    const amount = parseAmount(input.text);
    if (!amount.ok) {
      // Only limits already known: typing junk again and again must not spend the budget.
      const limits = await limitsLine(false);
      await s.refuse(`${amountProblem(t, input.text, amount)}\n${again}${limits}`);
      continue;
    }
    // Limits a recent quote stated refuse it: no quote is asked (nor budget spent) for it.
    const result = await s.quoteUnlessRefused({ from, to }, amount.value);
    if (result.ok === "refused") {
      await s.refuse(limitsRefusal(t, result.refusal, amount.value, labels().from));
      continue;
    }
    if (!result.ok) {
      await s.ctx.reply(`${failureText(t, result.failure)}\n${again}`);
      continue;
    }
    const { fit, text } = quoteText(t, result.quote, amount.value, labels().from, labels().to);
    if (fit !== "ok") {
      const vars = quoteVariables(t, result.quote, amount.value, labels().from, labels().to);
      await s.refuse(`${text}\n${t("flow-amount-range", vars)}`);
      continue;
    }
    return { amount: amount.value, quote: result.quote };
  }
}
