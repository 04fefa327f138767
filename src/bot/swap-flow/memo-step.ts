import { InlineKeyboard } from "grammy";
import { checkPayoutMemo, payoutMemoRule } from "../../swaps/memo-networks.ts";
import { coinLabel } from "../shared/quote-text.ts";
import { buttonWord } from "./button-word.ts";
import type { FlowSession, Side } from "./session.ts";

const SKIP_WORDS = new Set(["skip", "-", "no", "none", "no memo", "пропустить", "нет"]);

/**
 * Step 5, only for a receive network that takes a memo (XRP's destination tag, XLM, TON, ATOM
 * memos, ...): the payout memo the receiving wallet or exchange account needs, checked for the
 * network; the `No memo` button or `skip` goes on without one. Undefined: none.
 */
export async function askPayoutMemo(s: FlowSession, to: Side): Promise<string | undefined> {
  const rule = payoutMemoRule(to.coin, to.network);
  if (!rule) return undefined;
  const { t } = s;
  const toLabel = coinLabel(to.coin, to.network);
  const name = rule.label ?? t("flow-memo-default-name");
  const noMemo = new InlineKeyboard().text(t("button-no-memo"), s.btn("skip"));
  await s.ctx.reply(t("flow-ask-memo", { coin: toLabel, name }), { reply_markup: noMemo });
  const localNoMemo = buttonWord(t("button-no-memo"));
  const localSkip = buttonWord(t("button-skip"));
  for (;;) {
    const input = await s.nextInput(["skip"]);
    if (input.kind === "button" || SKIP_WORDS.has(input.text.trim().toLowerCase())) {
      return undefined;
    }
    const typed = buttonWord(input.text);
    if (typed === localNoMemo || typed === localSkip) return undefined;
    const check = checkPayoutMemo(input.text, to.coin, to.network, rule);
    if (check.ok) return check.memo;
    const problem = t(`flow-memo-problem-${check.reason}`, { name });
    await s.refuse(`${problem}\n${t("flow-memo-again", { coin: toLabel })}`, {
      reply_markup: noMemo,
    });
  }
}
