import type { TranslateFunction } from "@grammyjs/i18n";
import type { SwapExchangeView } from "../../frontends/swap-exchange.ts";
import type { Swap } from "../../swaps/swap.ts";
import { escapeHtml } from "../html.ts";

/**
 * The swap's exchange, right under the line that shows the swap's id (the exchange's own order
 * id: "Transaction id: ID"), with a link to the exchange's page of the swap where it has one; at
 * the end when the text shows no id. A text whose exchange is not named (`shown` undefined, see
 * namedSwapExchange) is left as it is.
 */
export function withExchangeLine(
  t: TranslateFunction,
  text: string,
  swap: Pick<Swap, "id">,
  shown: SwapExchangeView | undefined,
): string {
  if (!shown) return text;
  const line = shown.link
    ? t("swap-exchange-tracked", { exchange: shown.label, link: shown.link })
    : t("swap-exchange-line", { exchange: shown.label });
  const at = text.indexOf(`<code>${escapeHtml(swap.id)}</code>`);
  const end = at < 0 ? -1 : text.indexOf("\n", at);
  return end < 0 ? `${text}\n${line}` : `${text.slice(0, end)}\n${line}${text.slice(end)}`;
}
