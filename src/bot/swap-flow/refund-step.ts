import { InlineKeyboard } from "grammy";
import { coinLabel } from "../../frontends/coin-label.ts";
import { checkAddress } from "../../swaps/address-check.ts";
import { addressPatternOf } from "../../swaps/memo-networks.ts";
import { buttonWord } from "./button-word.ts";
import { askRefundMemo } from "./memo-step.ts";
import type { FlowSession, Side } from "./session.ts";

const SKIP_WORDS = new Set(["skip", "-", "no", "none", "пропустить"]);

/** The refund address and its memo, both optional. */
export interface Refund {
  address: string | undefined;
  memo: string | undefined;
}

/**
 * Step 6: the optional refund address. It is checked against the coin being sent, since that coin
 * comes back to it; on a send network that takes a memo, an optional refund memo follows.
 */
export async function askRefund(s: FlowSession, from: Side): Promise<Refund> {
  const address = await askRefundAddress(s, from);
  if (address === undefined) return { address, memo: undefined };
  return { address, memo: await askRefundMemo(s, from) };
}

async function askRefundAddress(s: FlowSession, from: Side): Promise<string | undefined> {
  const { t } = s;
  const fromLabel = coinLabel(from.coin.code, from.network);
  const skip = new InlineKeyboard().text(t("button-skip"), s.btn("skip"));
  await s.ctx.reply(t("flow-ask-refund", { from: fromLabel }), { reply_markup: skip });
  const localSkip = buttonWord(t("button-skip"));
  for (;;) {
    const input = await s.nextInput(["skip"]);
    const typed = input.kind === "text" ? input.text.trim().toLowerCase() : "";
    if (input.kind === "button" || SKIP_WORDS.has(typed)) return undefined;
    if (buttonWord(input.text) === localSkip) return undefined;
    const check = checkAddress(
      input.text,
      from.coin.code,
      from.network,
      addressPatternOf(from.coin, from.network),
    );
    if (check.ok) return check.address;
    const problem = t(`flow-address-problem-${check.reason}`, {
      coin: from.coin.code.toUpperCase(),
      network: from.network ?? "none",
    });
    await s.refuse(`${problem}\n${t("flow-refund-again", { coin: fromLabel })}`, {
      reply_markup: skip,
    });
  }
}
