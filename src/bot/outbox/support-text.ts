import type { TranslateFunction } from "@grammyjs/i18n";
import { coinLabel } from "../../frontends/coin-label.ts";
import {
  DEFAULT_EXPLORER_TABLE,
  type ExplorerTable,
  explorerLinkOf,
} from "../../frontends/explorers.ts";
import { swapExchangeView } from "../../frontends/swap-exchange.ts";
import { cutWhole, wholeLength } from "../../lib/whole-characters.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import { isHeld } from "../../swaps/status.ts";
import type { Ticket } from "../../swaps/support-ports.ts";
import type { Swap } from "../../swaps/swap.ts";
import { escapeHtml } from "../html.ts";
import { formatTime } from "../shared/format-time.ts";
import { statusName } from "../shared/status-name.ts";

/**
 * What the support desk's messages say: the ticket as the support chat first sees it (who wrote,
 * the ticket's swap and the user's words), the later messages' headings, and support's answers
 * as the user sees them. The user's and support's words are theirs: escaped, never interpreted.
 */

/**
 * Telegram takes 4096 characters a message: the user's or support's words go in pieces of this
 * many (cut at a line or a space where one is near), each under its heading.
 */
const PIECE = 3_500;
/** Longer words than this do not go into the ticket's first message but right after it. */
export const INLINE_WORDS = 1_500;

/**
 * The words in pieces that fit a message with a heading; one piece when they are short. A cut
 * falls at a line or a space near the end, else between whole characters (never inside an emoji).
 */
export function pieces(words: string): string[] {
  const out: string[] = [];
  let rest = words;
  while (rest.length > PIECE) {
    const cut = Math.max(rest.lastIndexOf("\n", PIECE), rest.lastIndexOf(" ", PIECE));
    const at = cut > PIECE / 2 ? cut : wholeLength(rest, PIECE);
    out.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^[\n ]/, "");
  }
  out.push(rest);
  return out;
}

/** "Anna (@anna)": the name a ticket shows for its author. */
function authorName(ticket: Pick<Ticket, "userName" | "username">): string {
  return ticket.username ? `${ticket.userName} (@${ticket.username})` : ticket.userName;
}

/** The ticket's first message in the support chat. */
export function ticketText(
  t: TranslateFunction,
  ticket: Ticket,
  swap: Swap | undefined,
  history: ReadonlyArray<{ status: string; at: number }>,
  words: string | null,
  options: {
    forum: boolean;
    explorers?: ExplorerTable;
    /** Name the swap's exchange, its order id and page (support answers per exchange). */
    exchanges: ExchangeSet;
  },
): string {
  const parts = [
    t("support-ticket-header", { ticket: ticket.id }),
    t("support-ticket-from", {
      name: authorName(ticket),
      id: String(ticket.userId),
      language: ticket.language ?? "—",
    }),
    swap
      ? swapFacts(t, swap, history, {
          explorers: options.explorers ?? DEFAULT_EXPLORER_TABLE,
          exchanges: options.exchanges,
        })
      : t("support-ticket-no-swap"),
    `${t("support-ticket-words")}\n${
      words === null
        ? t("support-ticket-no-words")
        : words.length > INLINE_WORDS
          ? t("support-ticket-words-below")
          : escapeHtml(words)
    }`,
    t(options.forum ? "support-ticket-how-forum" : "support-ticket-how"),
  ];
  return parts.join("\n\n");
}

/** Everything support needs of the ticket's swap (and nothing of the chat's other swaps). */
function swapFacts(
  t: TranslateFunction,
  swap: Swap,
  history: ReadonlyArray<{ status: string; at: number }>,
  { explorers, exchanges }: { explorers: ExplorerTable; exchanges: ExchangeSet },
): string {
  // Always named, with one exchange too: the team asks that exchange about this order id.
  const exchange = swapExchangeView(exchanges, swap);
  const lines = [
    t("support-ticket-swap", {
      id: swap.id,
      status: statusName(t, swap.status),
      raw: swap.status,
      created: formatTime(swap.createdAt),
      amountIn: swap.amountIn,
      from: coinLabel(swap.coinFrom, swap.networkFrom),
      amountOut: swap.amountOut ?? swap.amountOutExpected,
      to: coinLabel(swap.coinTo, swap.networkTo),
      rateType: t(swap.rateType === "fixed" ? "rate-type-fixed" : "rate-type-float"),
      deposit: swap.depositAddress,
      withdrawal: swap.withdrawalAddress,
      refund: swap.refundAddress ?? "—",
    }),
    exchange.link
      ? t("support-ticket-exchange-tracked", {
          exchange: exchange.label,
          id: swap.id,
          link: exchange.link,
        })
      : t("support-ticket-exchange", { exchange: exchange.label, id: swap.id }),
  ];
  if (swap.depositMemo) lines.push(t("support-ticket-deposit-memo", { memo: swap.depositMemo }));
  if (isHeld(swap.status)) {
    const none = "—";
    lines.push(
      t("support-ticket-held", { asks: swap.holdAsks ?? none, link: swap.holdLink ?? none }),
    );
  }
  for (const side of ["deposit", "payout"] as const) {
    const found = explorerLinkOf(explorers, swap, side);
    if (!found) continue;
    lines.push(
      found.link
        ? t(`support-ticket-hash-${side}-linked`, { hash: found.hash, ...found.link })
        : t(`support-ticket-hash-${side}`, { hash: found.hash }),
    );
  }
  if (history.length > 0) {
    const steps = history.map((h) =>
      t("support-ticket-step", { status: statusName(t, h.status), at: formatTime(h.at) }),
    );
    lines.push(t("support-ticket-history", { history: steps.join(" → ") }));
  }
  return lines.join("\n");
}

/** The heading of a later message of the user in the support chat. */
export function followUpText(t: TranslateFunction, ticket: Ticket, words: string | null): string {
  const heading = t("support-ticket-follow-up", { ticket: ticket.id, name: authorName(ticket) });
  return words === null ? heading : `${heading}\n${escapeHtml(words)}`;
}

/** Support's answer as the user sees it: marked as support's, coming through this bot. */
export function answerText(t: TranslateFunction, ticket: Ticket, words: string | null): string {
  const heading = t("support-answer", { ticket: ticket.id });
  return words === null ? heading : `${heading}\n\n${escapeHtml(words)}`;
}

/** The forum topic of a ticket. */
export function topicName(t: TranslateFunction, ticket: Ticket): string {
  return cutWhole(t("support-topic-name", { ticket: ticket.id, name: ticket.userName }), 128);
}
