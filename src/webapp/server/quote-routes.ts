import type { Hono } from "hono";
import { z } from "zod";
import { parseAmount } from "../../lib/amount-input.ts";
import { QuoteShareSpent } from "../../quotes/quote-service.ts";
import { describeExchangeError } from "../../swaps/failures.ts";
import { type Answers, pageCoin, pageQuote } from "./answers.ts";
import type { Env, WebAppDeps } from "./api.ts";
import { limitsOf, named, pair, pairQuery, pickCoins, rateType, side } from "./pair-input.ts";
import { priceOf } from "./pricing.ts";

const quoteQuery = pairQuery.extend({ amount: z.string().max(40), rateType, side });

/** The catalog and the quotes: GET /coins, /limits, /quote. */
export function quoteRoutes(api: Hono<Env>, deps: WebAppDeps, say: Answers): void {
  const { catalog, quotes } = deps;
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
    const limits = await quotes.limits(pair(named(catalog, query.data)), 1_500, c.get("user").id);
    return c.json({ limits: limits ?? null });
  });

  api.get("/quote", async (c) => {
    const query = quoteQuery.safeParse(c.req.query());
    if (!query.success) return c.json(bad(t(c, "webapp-pick-coin")), 400);
    const q = named(catalog, query.data);
    const coins = pickCoins(catalog, q.from, q.to);
    if (typeof coins === "string") return c.json(bad(t(c, coins)), 400);
    const amount = parseAmount(q.amount);
    if (!amount.ok) return c.json(bad(t(c, "webapp-amount-invalid"), "amount"), 400);
    try {
      // The user's share of the public budget (QuoteService): a cached answer costs none.
      const priced = await priceOf(deps, say, c, q, amount.value, q.rateType, c.get("user").id);
      if (!priced.ok) return c.json(bad(priced.problem, "amount"), 400);
      const { send, quote } = priced;
      return c.json({
        quote: pageQuote(quote, q.rateType, send),
        problem: say.fitProblem(c, send, limitsOf(quote), q.from),
      });
    } catch (error) {
      if (error instanceof QuoteShareSpent) {
        return c.json({ error: "busy", message: t(c, "webapp-slow-down") }, 429);
      }
      return c.json(...say.failure(c, describeExchangeError(error)));
    }
  });
}
