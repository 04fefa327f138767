import { InlineKeyboard } from "grammy";
import { coinLabel } from "../../frontends/coin-label.ts";
import { checkPayoutMemo, payoutMemoRule } from "../../swaps/memo-networks.ts";
import { buttonWord } from "./button-word.ts";
import type { FlowSession, Side } from "./session.ts";

const SKIP_WORDS = new Set(["skip", "-", "no", "none", "no memo", "пропустить", "нет"]);

/**
 * Step 5, only for a receive network that takes a memo (XRP's destination tag, XLM, TON, ATOM
 * memos, ...): the payout memo the receiving wallet or exchange account needs, checked for the
 * network; the `No memo` button or `skip` goes on without one. Undefined: none.
 */
export function askPayoutMemo(s: FlowSession, to: Side): Promise<string | undefined> {
  return askMemo(s, to, { ask: "flow-ask-memo", again: "flow-memo-again" });
}

/**
 * After a refund address, only for a send network that takes a memo: the optional refund memo
 * (`refundExtraId`), checked as the payout memo is. Undefined: none.
 */
export function askRefundMemo(s: FlowSession, from: Side): Promise<string | undefined> {
  return askMemo(s, from, { ask: "flow-ask-refund-memo", again: "flow-refund-memo-again" });
}

/** A memo for `side`'s network (its rule), or undefined: skipped, or a network without memos. */
async function askMemo(
  s: FlowSession,
  side: Side,
  keys: { ask: string; again: string },
): Promise<string | undefined> {
  const rule = payoutMemoRule(side.coin, side.network);
  if (!rule) return undefined;
  const { t } = s;
  const coinText = coinLabel(side.coin.code, side.network);
  const name = rule.label ?? t("flow-memo-default-name");
  const noMemo = new InlineKeyboard().text(t("button-no-memo"), s.btn("skip"));
  await s.ctx.reply(t(keys.ask, { coin: coinText, name }), { reply_markup: noMemo });
  const localNoMemo = buttonWord(t("button-no-memo"));
  const localSkip = buttonWord(t("button-skip"));
  for (;;) {
    const input = await s.nextInput(["skip"]);
    if (input.kind === "button" || SKIP_WORDS.has(input.text.trim().toLowerCase())) {
      return undefined;
    }
    const typed = buttonWord(input.text);
    if (typed === localNoMemo || typed === localSkip) return undefined;
    const check = checkPayoutMemo(input.text, side.coin, side.network, rule);
    if (check.ok) return check.memo;
    const problem = t(`flow-memo-problem-${check.reason}`, { name });
    await s.refuse(`${problem}\n${t(keys.again, { coin: coinText })}`, {
      reply_markup: noMemo,
    });
  }
}
