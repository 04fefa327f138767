import type { TranslateFunction } from "@grammyjs/i18n";
import { DEFAULT_EXPLORER_TABLE, type ExplorerTable } from "../../frontends/explorers.ts";
import type { OutboxEntry } from "../../swaps/outbox.ts";
import type { Swap } from "../../swaps/swap.ts";
import { depositText } from "../shared/deposit-message.ts";
import { receiptText, withReceipt } from "../shared/explorer-links.ts";
import { payoutText, pushText, stuckText } from "../shared/push-text.ts";
import { statusName } from "../shared/status-name.ts";

/**
 * What an outbox row says to its chat, in the chat's language: the rendering half of the notifier
 * (delivery.ts sends it). `swap` is the row's swap as stored now, when it has one.
 */
export function outboxText(
  t: TranslateFunction,
  entry: OutboxEntry,
  swap: Swap | undefined,
  explorers: ExplorerTable = DEFAULT_EXPLORER_TABLE,
): string {
  if (entry.receipt === "message" && swap) {
    return payoutText(t, swap, receiptText(t, explorers, swap, "success"));
  }
  switch (entry.kind) {
    case "not-created":
      return t("reconcile-not-created");
    case "suspect":
      return t("swap-suspect", { id: swap?.id ?? "" });
    case "deposit":
      if (!swap) throw new Error(`deposit entry ${entry.id} without a swap`);
      return `${t("reconcile-found")}\n\n${depositText(t, swap)}`;
    case "given-up":
      return t("push-given-up", { id: swap?.id ?? entry.transactionId ?? "" });
    case "stuck":
      if (!swap) throw new Error(`stuck entry ${entry.id} without a swap`);
      return stuckText(t, swap, entry.status ?? swap.status);
    case "status": {
      if (!swap) throw new Error(`status entry ${entry.id} without a swap`);
      const status = entry.status ?? swap.status;
      return swap.suspect
        ? t("push-suspect", { id: swap.id, status: statusName(t, entry.status ?? "") })
        : pushText(t, swap, status, receiptText(t, explorers, swap, status));
    }
  }
}

/** The swap's card, its deposit message edited as it moves: deposit text and transactions. */
export function depositCardText(
  t: TranslateFunction,
  swap: Swap,
  explorers: ExplorerTable = DEFAULT_EXPLORER_TABLE,
): string {
  return withReceipt(depositText(t, swap), receiptText(t, explorers, swap, swap.status));
}
