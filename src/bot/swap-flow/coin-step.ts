import { InlineKeyboard } from "grammy";
import { coinLabel } from "../../frontends/coin-label.ts";
import { isNumber } from "../../lib/amount-input.ts";
import { resolveCoin } from "../shared/coin-input.ts";
import { coinProblem } from "../shared/resolve-text.ts";
import { networkLine, networkRow, popularKeyboard } from "./keyboards.ts";
import { type FlowSession, type Side, withDefaultNetwork } from "./session.ts";

/**
 * Steps 1 and 2: the coin to send, then the coin to receive (whose prompt also offers the sent
 * coin's networks). Typed codes, names and typos are resolved through the catalog; an ambiguous or
 * unknown one gets its candidates as buttons.
 */
export async function pickCoin(s: FlowSession, step: "from" | "to", other?: Side): Promise<Side> {
  const { t } = s;
  const prompt = () =>
    step === "from" || !other
      ? t("flow-ask-from")
      : t("flow-ask-to", { from: coinLabel(other.coin.code, other.network) }) +
        networkLine(s, other);
  const keyboard = () => {
    const k = popularKeyboard(s, step, other?.coin);
    return step === "to" && other ? networkRow(s, k, "fnet", other) : k;
  };
  let message = await s.ctx.reply(prompt(), { reply_markup: keyboard() });
  for (;;) {
    const input = await s.nextInput(step === "to" ? ["to", "fnet"] : ["from"]);
    if (input.kind === "button" && input.step === "fnet" && other) {
      const network = input.value.toUpperCase();
      // The chosen network tapped again: the same text would get Telegram's "message is not
      // modified", an error that must not be caught inside a conversation (docs/design.md §11, #155).
      if (network === other.network) continue;
      other.network = network;
      other.defaulted = false;
      await s.ctx.api.editMessageText(s.chatId, message.message_id, prompt(), {
        reply_markup: keyboard(),
      });
      continue;
    }
    if (input.kind === "text" && isNumber(input.text) && !s.deps.catalog.byCode(input.text)) {
      // Someone typing the amount early: say so instead of searching names for the digits.
      const problem = t("coin-number", { input: input.text.slice(0, 40) });
      message = await s.refuse(`${problem}\n\n${prompt()}`, { reply_markup: keyboard() });
      continue;
    }
    let picked: Side | undefined;
    if (input.kind === "button") {
      const coin = s.deps.catalog.byCode(input.value);
      if (coin) picked = { coin, network: undefined };
    } else {
      const resolution = resolveCoin(s.deps.catalog, input.text);
      if (resolution.kind === "found") {
        picked = { coin: resolution.coin, network: resolution.network };
      } else {
        const problem = coinProblem(t, input.text, resolution);
        const options =
          resolution.kind === "ambiguous" ? resolution.options : resolution.suggestions;
        const choices = new InlineKeyboard();
        for (const coin of options.slice(0, 6)) {
          choices.text(`${coin.code.toUpperCase()} · ${coin.name}`, s.btn(step, coin.code)).row();
        }
        message = await s.refuse(`${problem}\n\n${prompt()}`, {
          reply_markup: options.length > 0 ? choices : keyboard(),
        });
        continue;
      }
    }
    if (!picked) {
      message = await s.refuse(prompt(), { reply_markup: keyboard() });
      continue;
    }
    if (other && picked.coin.code === other.coin.code && picked.network === other.network) {
      message = await s.refuse(
        `${t("coin-same", { coin: coinLabel(picked.coin.code, picked.network) })}\n\n${prompt()}`,
        { reply_markup: keyboard() },
      );
      continue;
    }
    return withDefaultNetwork(picked);
  }
}
