import type { TranslateFunction } from "@grammyjs/i18n";
import { DEFAULT_EXPLORER_TABLE, type ExplorerTable } from "../../frontends/explorers.ts";
import { namedSwapExchange } from "../../frontends/swap-exchange.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import type { OutboxEntry } from "../../swaps/outbox.ts";
import type { Swap } from "../../swaps/swap.ts";
import { depositText } from "../shared/deposit-message.ts";
import { withExchangeLine } from "../shared/exchange-line.ts";
import { receiptText, withReceipt } from "../shared/explorer-links.ts";
import { payoutText, pushText, stuckText } from "../shared/push-text.ts";
import { statusName } from "../shared/status-name.ts";

/**
 * How the notifier's texts show a swap: the block explorers of its hashes (the default table when
 * not given) and the exchanges that name its exchange (none: not named).
 */
export interface OutboxShowing {
  explorers?: ExplorerTable;
  exchanges?: ExchangeSet;
}

/**
 * What an outbox row says to its chat, in the chat's language: the rendering half of the notifier
 * (delivery.ts sends it). `swap` is the row's swap as stored now, when it has one.
 */
export function outboxText(
  t: TranslateFunction,
  entry: OutboxEntry,
  swap: Swap | undefined,
  { explorers = DEFAULT_EXPLORER_TABLE, exchanges }: OutboxShowing = {},
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
      return `${t("reconcile-found")}\n\n${depositText(t, swap, exchanges)}`;
    // These two tell the user to ask the exchange's support: which exchange, with several.
    case "given-up": {
      const text = t("push-given-up", { id: swap?.id ?? entry.transactionId ?? "" });
      return swap ? withExchangeLine(t, text, swap, namedSwapExchange(exchanges, swap)) : text;
    }
    case "stuck": {
      if (!swap) throw new Error(`stuck entry ${entry.id} without a swap`);
      const text = stuckText(t, swap, entry.status ?? swap.status);
      return withExchangeLine(t, text, swap, namedSwapExchange(exchanges, swap));
    }
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
  { explorers = DEFAULT_EXPLORER_TABLE, exchanges }: OutboxShowing = {},
): string {
  return withReceipt(depositText(t, swap, exchanges), receiptText(t, explorers, swap, swap.status));
}
