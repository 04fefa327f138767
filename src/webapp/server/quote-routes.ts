import type { Hono } from "hono";
import { z } from "zod";
import { parseAmount, parseAmountWithUnit } from "../../lib/amount-input.ts";
import { QuoteShareSpent } from "../../quotes/quote.ts";
import { describeExchangeError } from "../../swaps/failures.ts";
import {
  type Answers,
  amountRefusal,
  offersProblem,
  pageCoin,
  pageOffers,
  pageQuote,
} from "./answers.ts";
import type { Env, WebAppDeps } from "./deps.ts";
import { jsonMade } from "./json-answers.ts";
import { named, pairFromQuery, pairQuery, pickCoins, rateTypeQuery, side } from "./pair-input.ts";
import { priceOf } from "./pricing.ts";
import { type Asked, QuoteAnswers, type Refused } from "./quote-answers.ts";

const quoteQuery = pairQuery.extend({
  amount: z.string().max(40),
  rateType: rateTypeQuery,
  side,
  /** The exchange the user chose among the offers: its offer is the quote, while it makes one. */
  exchange: z.string().max(40).optional(),
  /** Exchanges that refused this swap (comma-separated): not asked for it again. */
  exclude: z
    .string()
    .max(200)
    .optional()
    .transform((list) => (list ? list.split(",").slice(0, 20) : [])),
});
type QuoteRequest = z.infer<typeof quoteQuery>;

/** The catalog and the quotes: GET /coins, /limits, /quote. */
export function quoteRoutes(api: Hono<Env>, deps: WebAppDeps, say: Answers): void {
  const { catalog, quotes, exchanges } = deps;
  const { t, bad } = say;

  api.get("/coins", (c) => {
    const q = z
      .string()
      .max(40)
      .safeParse(c.req.query("q") ?? "");
    if (!q.success) return c.json(bad(t(c, "webapp-pick-coin")), 400);
    const found = q.data.trim()
      ? catalog.search(q.data, 30).map((hit) => hit.coin)
      : catalog.all().slice(0, 60);
    return c.json({ coins: found.map(pageCoin) });
  });

  api.get("/limits", async (c) => {
    const query = pairQuery.safeParse(c.req.query());
    if (!query.success) return c.json(bad(t(c, "webapp-pick-coin")), 400);
    const limits = await quotes.limits(
      pairFromQuery(named(catalog, query.data)),
      1_500,
      c.get("user").id,
    );
    return c.json({ limits: limits ?? null });
  });

  const remembered = new QuoteAnswers<QuoteRequest>(catalog);
  /** The chat's sentence on how dollars were priced, without its leading emoji (a page's hint). */
  const dollarsNote = (c: Parameters<typeof t>[0], vars: Record<string, string>) =>
    t(c, "flow-amount-dollars", vars).replace(/^\p{Extended_Pictographic}\uFE0F?\s*/u, "");
  /** The query read as the route takes it (zod at the boundary), or what is wrong with it. */
  const readQuery = (query: Record<string, string>): Asked<QuoteRequest> | Refused => {
    const parsed = quoteQuery.safeParse(query);
    if (!parsed.success) return { problem: "webapp-pick-coin" };
    const request = named(catalog, parsed.data);
    const coins = pickCoins(catalog, request.from, request.to);
    if (typeof coins === "string") return { problem: coins };
    // A number alone is of the side the page's "I want to receive" says; `5 eth`, `$100` or
    // `100 usd` say their own unit, as in the chat's amount step.
    const plain = parseAmount(request.amount);
    const amount = plain.ok
      ? { ok: true as const, unit: request.side, value: plain.value }
      : parseAmountWithUnit(request.amount, { send: request.from, receive: request.to });
    if (!amount.ok) {
      return amount.reason === "unknown-unit"
        ? {
            problem: "amount-unknown-unit",
            field: "amount",
            vars: {
              unit: amount.unit,
              from: request.from.toUpperCase(),
              to: request.to.toUpperCase(),
            },
          }
        : refused(request.amount, amount);
    }
    return { request, amount: amount.value, unit: amount.unit, coins };
  };

  api.get("/quote", async (c) => {
    const url = c.req.url;
    const asked = remembered.read(url.slice(url.indexOf("?") + 1), () => readQuery(c.req.query()));
    if ("problem" in asked) return c.json(bad(t(c, asked.problem, asked.vars), asked.field), 400);
    const { request: q, amount, unit } = asked;
    try {
      // The user's share of the public budget (QuoteService): a cached answer costs none.
      const user = c.get("user").id;
      const priced = await priceOf(deps, say, c, q, { unit, value: amount }, q.rateType, user, {
        exchange: q.exchange,
        exclude: q.exclude,
      });
      if (!priced.ok) return c.json(bad(priced.problem, "amount"), 400);
      const { send, quote, dollars, offers } = priced;
      const locale = c.get("locale");
      // The answer is made of every offer: remembered with the best one's quote, under a key
      // naming each (a new quote at any exchange is a new answer).
      const each = offers
        .map((o) => `${o.quote.exchange}:${o.quote.fetchedAt}:${o.send}`)
        .join(",");
      const key = `${locale} ${q.rateType} ${q.from} ${send} ${unit} ${amount} ${dollars?.price ?? ""} ${quote.exchange} ${each}`;
      const made = remembered.answer(offers[0]!.quote, key, () =>
        JSON.stringify({
          quote: pageQuote(quote, q.rateType, send, exchanges),
          offers: pageOffers(offers, q.rateType, exchanges),
          // The amount is refused only when no exchange's limits take it (the union's are named).
          problem: offersProblem(say, c, offers, send, q.from),
          // What was typed, read: the page's order is of that unit (dollars become the amount
          // to send they bought), and how dollars were priced, said as the chat says it.
          asked: { unit, value: amount },
          note: dollars
            ? dollarsNote(c, {
                dollars: dollars.amount,
                amount: send,
                from: q.from.toUpperCase(),
                price: dollars.price,
                coin: dollars.coin,
              })
            : null,
        }),
      );
      return jsonMade(c, made);
    } catch (error) {
      if (error instanceof QuoteShareSpent) {
        return c.json({ error: "busy", message: t(c, "webapp-slow-down") }, 429);
      }
      return c.json(...say.failure(c, describeExchangeError(error)));
    }
  });
}

/** A typed amount the page cannot take, named as the chat names it (an ambiguous one: both readings). */
function refused(typed: string, amount: Parameters<typeof amountRefusal>[1]) {
  const [problem, vars] = amountRefusal(typed, amount);
  return { problem, ...(vars ? { vars } : {}), field: "amount" };
}
