import type { Hono } from "hono";
import { z } from "zod";
import { parseAmount } from "../../lib/amount-input.ts";
import { checkAddress } from "../../swaps/address-check.ts";
import { addressPatternOf, checkPayoutMemo, payoutMemoRule } from "../../swaps/memo-networks.ts";
import { type Answers, type Localized, pageQuote } from "./answers.ts";
import type { Env, WebAppDeps } from "./api.ts";
import { limitsOf, named, pair, pairQuery, pickCoins, rateType } from "./pair-input.ts";
import { pageSwap } from "./swap-view.ts";

const addressBody = pairQuery.extend({
  payout: z.string().max(200),
  /** Memo networks only (see pageCoin's `memoNetworks`). */
  payoutMemo: z.string().max(200).optional(),
  refund: z.string().max(200).optional(),
});
const createBody = addressBody.extend({
  /** Random per summary, made by the page: the same summary confirmed twice is one swap. */
  key: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/),
  amount: z.string().max(40),
  rateType,
  /** The fixed rate the summary showed: a moved rate is shown again before anything is created. */
  seenRate: z.number().optional(),
});
type AddressBody = z.infer<typeof addressBody>;

/** Checking the addresses (POST /check) and creating a swap (POST /swaps), by the chat's rules. */
export function createRoutes(api: Hono<Env>, deps: WebAppDeps, say: Answers): void {
  const { catalog, quotes } = deps;
  const { t, bad } = say;

  api.post("/check", async (c) => {
    const body = addressBody.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json(bad(t(c, "webapp-error")), 400);
    return c.json({ problems: addressProblems(c, named(catalog, body.data)) });
  });

  api.post("/swaps", async (c) => {
    const body = createBody.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json(bad(t(c, "webapp-error")), 400);
    const b = named(catalog, body.data);
    const coins = pickCoins(catalog, b.from, b.to);
    if (typeof coins === "string") return c.json(bad(t(c, coins)), 400);
    const amount = parseAmount(b.amount);
    if (!amount.ok) return c.json(bad(t(c, "webapp-amount-invalid"), "amount"), 400);
    const problems = addressProblems(c, b);
    if (problems.payout || problems.payoutMemo || problems.refund) {
      const first = problems.payout ?? problems.payoutMemo ?? problems.refund ?? "";
      return c.json({ ...bad(first), problems }, 400);
    }
    const payoutMemo = memoOf(b);
    const user = c.get("user");
    // An amount the pair's known limits refuse costs no quote.
    const refusal = quotes.knownRefusal(pair(b), amount.value);
    if (refusal)
      return c.json(
        bad(say.fitProblem(c, amount.value, refusal.limits, b.from) ?? "", "amount"),
        400,
      );
    // The chat's own rule ("confirm a summary", in the core): the amount is checked against a
    // live quote, a fixed rate older than the exchange honours is fetched again (and shown again
    // if it moved), the swap is created once and held to the fixed payout confirmed.
    const result = await deps.confirm.confirm({
      key: `${user.id}:web:${b.key}`,
      chatId: user.id,
      userId: user.id,
      order: {
        coinFrom: b.from,
        coinTo: b.to,
        networkFrom: b.networkFrom,
        networkTo: b.networkTo,
        amount: amount.value,
        withdrawalAddress: b.payout.trim(),
        ...(payoutMemo ? { payoutMemo } : {}),
        rateType: b.rateType,
        refundAddress: b.refund?.trim() || undefined,
      },
      shown: b.seenRate !== undefined ? { rate: b.seenRate } : undefined,
    });
    switch (result.kind) {
      case "quote-failed":
        return c.json(...say.failure(c, result.failure));
      case "out-of-bounds":
        return c.json(
          bad(say.fitProblem(c, amount.value, limitsOf(result.quote), b.from) ?? "", "amount"),
          400,
        );
      case "quote-moved":
        return c.json(
          {
            error: "quote-moved",
            message: t(c, "webapp-quote-moved"),
            quote: pageQuote(result.quote, "fixed"),
          },
          409,
        );
      case "created": {
        await deps.announce(user.id, result.swap, c.get("locale")).catch((error: unknown) => {
          deps.logger.warn({ err: error, transaction: result.swap.id }, "deposit message not sent");
        });
        const stored = await deps.swapQueries.getForChat(user.id, result.swap.id);
        return c.json(
          { swap: stored ? pageSwap(stored, deps.explorers) : null, id: result.swap.id },
          201,
        );
      }
      case "already-created":
        return c.json(
          {
            swap: result.swap ? pageSwap(result.swap, deps.explorers) : null,
            message: t(c, "webapp-already"),
          },
          200,
        );
      case "pending":
        return c.json({ error: "pending", message: t(c, "webapp-pending") }, 202);
      case "suspect":
        return c.json({ error: "suspect", message: t(c, "webapp-suspect"), id: result.id }, 409);
      case "chat-share-spent":
        // The same per-chat share of the create budget as the chat's Confirm (one chat's swaps).
        return c.json(
          {
            error: "busy",
            message: t(c, "flow-create-chat-share", {
              count: result.created,
              seconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)),
            }),
          },
          429,
        );
      case "failed":
        return c.json(...say.failure(c, result.failure));
    }
  });

  function addressProblems(
    c: Localized,
    b: AddressBody,
  ): { payout?: string; payoutMemo?: string; refund?: string } {
    const problem = (input: string, coin: string, net: string | undefined) => {
      const known = catalog.byCode(coin);
      const check = checkAddress(input, coin, net, known ? addressPatternOf(known, net) : null);
      if (check.ok) return undefined;
      return t(c, `flow-address-problem-${check.reason}`, {
        coin: coin.toUpperCase(),
        network: net && net !== coin.toUpperCase() ? net : "none",
      });
    };
    const payout = problem(b.payout, b.to, b.networkTo);
    const refund = b.refund?.trim() ? problem(b.refund, b.from, b.networkFrom) : undefined;
    const payoutMemo = memoProblem(b);
    return {
      ...(payout ? { payout } : {}),
      ...(payoutMemo ? { payoutMemo } : {}),
      ...(refund ? { refund } : {}),
    };

    function memoProblem(body: AddressBody): string | undefined {
      const memo = body.payoutMemo?.trim();
      const coin = catalog.byCode(body.to);
      const rule = coin ? payoutMemoRule(coin, body.networkTo) : undefined;
      if (!memo || !coin || !rule) return undefined;
      const check = checkPayoutMemo(memo, coin, body.networkTo, rule);
      if (check.ok) return undefined;
      return t(c, `flow-memo-problem-${check.reason}`, {
        name: rule.label ?? t(c, "flow-memo-default-name"),
      });
    }
  }

  /** The payout memo to send: only for a network that takes one, as the user typed it. */
  function memoOf(b: AddressBody): string | undefined {
    const memo = b.payoutMemo?.trim();
    const coin = catalog.byCode(b.to);
    return memo && coin && payoutMemoRule(coin, b.networkTo) ? memo : undefined;
  }
}
