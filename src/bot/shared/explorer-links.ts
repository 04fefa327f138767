import type { TranslateFunction } from "@grammyjs/i18n";
import {
  type ExplorerTable,
  explorerLinkOf,
  type Receipted,
  type TxSide,
} from "../../frontends/explorers.ts";
import type { Swap } from "../../swaps/swap.ts";

/** "Deposit transaction: <hash> · explorer", the hash copyable; no link for an unknown network. */
function depositLine(t: TranslateFunction, table: ExplorerTable, swap: Receipted) {
  const found = explorerLinkOf(table, swap, "deposit");
  if (!found) return undefined;
  const { hash, link } = found;
  return link ? t("tx-deposit-linked", { hash, ...link }) : t("tx-deposit", { hash });
}

/** "🔍 Payout transaction on etherscan.io", for texts that already show the hash. */
function explorerLine(t: TranslateFunction, table: ExplorerTable, swap: Receipted, side: TxSide) {
  const link = explorerLinkOf(table, swap, side)?.link;
  return link ? t(`tx-explorer-${side}`, link) : undefined;
}

/**
 * What a push or the status card adds about a swap's transactions, as of `status`: the deposit
 * once it was seen, and on success the payout's explorer link (the text names its hash already).
 * A refund's hash is left alone: the API does not say on which chain it went.
 */
export function receiptText(
  t: TranslateFunction,
  table: ExplorerTable,
  swap: Receipted,
  status: string,
): string | undefined {
  const lines =
    status === "confirmation" || status === "exchanging" || status === "refunded"
      ? [depositLine(t, table, swap)]
      : status === "success"
        ? [depositLine(t, table, swap), explorerLine(t, table, swap, "payout")]
        : [];
  const text = lines.filter((line) => line !== undefined).join("\n");
  return text || undefined;
}

/** The explorer links /status adds under its card (which lists both hashes already). */
export function explorerLinks(
  t: TranslateFunction,
  table: ExplorerTable,
  swap: Receipted & Pick<Swap, "status">,
): string | undefined {
  const lines = [
    explorerLine(t, table, swap, "deposit"),
    swap.status === "success" ? explorerLine(t, table, swap, "payout") : undefined,
  ].filter((line) => line !== undefined);
  return lines.join("\n") || undefined;
}

/** `text` with `extra` after a blank line, when there is any. */
export function withReceipt(text: string, extra: string | undefined): string {
  return extra ? `${text}\n\n${extra}` : text;
}
