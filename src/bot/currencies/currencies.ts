import { InlineKeyboard } from "grammy";
import type { CoinCatalog } from "../../catalog/catalog.ts";
import { normalize } from "../../catalog/normalize.ts";
import type { Coin, MatchKind } from "../../catalog/search.ts";
import { cbField, defineCallback, MAX_CALLBACK_BYTES, truncateUtf8 } from "../callback-data.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../html.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { ignoreNotModified } from "../shared/not-modified.ts";

const PAGE_SIZE = 15;
const MAX_PAGE = 9_999;
/** What is left of a paging button's 64 bytes for the query once "cur:9999:" is written. */
const QUERY_BYTES = MAX_CALLBACK_BYTES - `cur:${MAX_PAGE}:`.length;

const pageButton = defineCallback("cur", {
  page: cbField.int(MAX_PAGE),
  query: cbField.text(QUERY_BYTES),
});

/**
 * The query as the search reads it (case, accents, emoji and punctuation folded away: search
 * results are the same), cut to what a paging button carries, so every page searches the same.
 */
function searchKey(text: string): string {
  return truncateUtf8(normalize(text), QUERY_BYTES).trim();
}

/**
 * What a search hit is to the reader: the coin asked for (its whole code or name), a coin that
 * contains what was typed, or one that only looks like it (a typo's worth away).
 */
type Group = "exact" | "match" | "similar";

interface Listed {
  coin: Coin;
  group: Group;
}

function groupOf(kind: MatchKind): Group {
  if (kind === "code" || kind === "name") return "exact";
  return kind === "fuzzy" ? "similar" : "match";
}

export function createCurrenciesFeature(deps: { catalog: CoinCatalog }) {
  const feature = new LeanComposer<BotContext>();

  const render = (ctx: BotContext, query: string, page: number) => {
    const listed: Listed[] = query
      ? deps.catalog.search(query, 200).map((hit) => ({ coin: hit.coin, group: groupOf(hit.kind) }))
      : deps.catalog.all().map((coin) => ({ coin, group: "match" }));
    if (listed.length === 0) {
      return {
        text: ctx.t(query ? "currencies-empty" : "currencies-empty-catalog", { query }),
        keyboard: undefined,
      };
    }
    const pages = Math.min(Math.ceil(listed.length / PAGE_SIZE), MAX_PAGE);
    const current = Math.min(Math.max(page, 1), pages);
    const count = (group: Group) => listed.filter((item) => item.group === group).length;
    const exact = count("exact");
    const matches = exact + count("match");
    const similar = count("similar");
    const title = !query
      ? ctx.t("currencies-title", { total: listed.length, page: current, pages })
      : ctx.t(matches > 0 ? "currencies-title-search" : "currencies-title-similar", {
          query,
          total: matches > 0 ? matches : similar,
          page: current,
          pages,
        });
    // A section's heading, where it tells something the title does not: the exact match apart
    // from what merely contains the query, and both apart from what only looks like it.
    const heading = (group: Group): string | undefined => {
      if (!query) return undefined;
      if (group === "exact" && matches + similar > exact) {
        return ctx.t("currencies-section-exact", { count: exact });
      }
      if (group === "match" && exact > 0) {
        return ctx.t("currencies-section-also", { count: matches - exact });
      }
      if (group === "similar" && matches > 0) {
        return ctx.t("currencies-section-similar", { count: similar });
      }
      return undefined;
    };
    const lines = pageLines(listed.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE), heading);
    const keyboard = new InlineKeyboard();
    if (current > 1) {
      keyboard.text(ctx.t("button-prev"), pageButton.pack({ page: current - 1, query }));
    }
    if (current < pages) {
      keyboard.text(ctx.t("button-next"), pageButton.pack({ page: current + 1, query }));
    }
    const text = [title, "", ...lines, "", ctx.t("currencies-hint")].join("\n");
    return { text, keyboard: current > 1 || current < pages ? keyboard : undefined };
  };

  feature.command("currencies", async (ctx) => {
    const typed = ctx.match.trim();
    const query = searchKey(typed);
    // Nothing searchable in it (only emoji, say): that matches no coin, not every coin.
    if (typed && !query)
      return ctx.reply(ctx.t("currencies-empty", { query: truncateUtf8(typed, QUERY_BYTES) }));
    const { text, keyboard } = render(ctx, query, 1);
    await ctx.reply(text, { reply_markup: keyboard });
  });

  feature.callbackQuery(pageButton.filter, async (ctx) => {
    const data = pageButton.unpack(ctx.callbackQuery.data);
    if (!data) return ctx.answerCallbackQuery({ text: ctx.t("button-expired") });
    const { text, keyboard } = render(ctx, searchKey(data.query), data.page);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(text, { reply_markup: keyboard }).catch(ignoreNotModified);
  });

  return feature;
}

/** A page's coins, each section's heading before its first coin on the page (again on a later page). */
function pageLines(shown: Listed[], heading: (group: Group) => string | undefined): string[] {
  const lines: string[] = [];
  for (const [i, item] of shown.entries()) {
    const line = i === 0 || shown[i - 1]?.group !== item.group ? heading(item.group) : undefined;
    if (line !== undefined) lines.push(...(i === 0 ? [] : [""]), line);
    lines.push(coinLine(item.coin));
  }
  return lines;
}

function coinLine(coin: Coin): string {
  const notes = coin.notes ? ` · <i>${escapeHtml(truncate(coin.notes, 60))}</i>` : "";
  return `<code>${escapeHtml(coin.code.toUpperCase())}</code> ${escapeHtml(coin.name)}${notes}`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
