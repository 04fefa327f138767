import type { Hono } from "hono";
import { z } from "zod";
import { coinNetworks } from "../../catalog/networks.ts";
import { parseAmount } from "../../lib/amount-input.ts";
import { compareDecimal, type DecimalString, formatDecimal } from "../../lib/decimal.ts";
import { QuoteShareSpent } from "../../quotes/quote.ts";
import { checkAddress, networksOfAddress } from "../../swaps/address-check.ts";
import { describeExchangeError, type ExchangeFailure } from "../../swaps/failures.ts";
import { addressPatternOf, checkPayoutMemo, payoutMemoRule } from "../../swaps/memo-networks.ts";
import type { CreateSwapResult } from "../../swaps/swap-service.ts";
import { type Answers, amountRefusal, type Localized, pageOffers, pageQuote } from "./answers.ts";
import type { Env, WebAppDeps } from "./deps.ts";
import {
  limitsOf,
  named,
  pairFromQuery,
  pairQuery,
  pickCoins,
  rateTypeQuery,
  side,
} from "./pair-input.ts";
import { priceOf } from "./pricing.ts";
import { pageSwap } from "./swap-view.ts";

const addressBody = pairQuery.extend({
  payout: z.string().max(200),
  /** Memo networks only (see pageCoin's `memoNetworks`). */
  payoutMemo: z.string().max(200).optional(),
  refund: z.string().max(200).optional(),
  /** With a refund address on a send network that takes a memo. */
  refundMemo: z.string().max(200).optional(),
});
/** The body of POST /swaps, with the exchanges a user may name: those configured, never others. */
const createBodyOf = (configured: (id: string) => boolean) => {
  const exchange = z.string().max(40).refine(configured);
  return createBody.extend({
    /** The exchange of the offer the summary showed: created there only. */
    exchange: exchange.optional(),
    /** Exchanges that refused this swap: the next offer after a refusal is not theirs. */
    exclude: z.array(exchange).max(20).optional(),
  });
};
const createBody = addressBody.extend({
  /** Random per summary, made by the page: the same summary confirmed twice is one swap. */
  key: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/),
  amount: z.string().max(40),
  rateType: rateTypeQuery,
  /** The fixed rate the summary showed: a moved rate is shown again before anything is created. */
  seenRate: z.number().optional(),
  side,
  /** With `side: receive`: the amount to send the summary showed (the quote's `fromAmount`). */
  sendAmount: z.string().max(40).optional(),
});
type AddressBody = z.infer<typeof addressBody>;
type CreateBody = z.infer<ReturnType<typeof createBodyOf>>;

/** A refused create's answer: who refused and why, and the next offer when there is one. */
interface RefusalAnswer {
  error: "refused";
  message: string;
  refused: { exchange: string; label: string };
  /** Every exchange that refused this swap: the page sends them back with the next Confirm. */
  excluded: string[];
  quote?: ReturnType<typeof pageQuote>;
  offers?: ReturnType<typeof pageOffers>;
}

/** Checking the addresses (POST /check) and creating a swap (POST /swaps), by the chat's rules. */
export function creationRoutes(api: Hono<Env>, deps: WebAppDeps, say: Answers): void {
  const { catalog, quotes, exchanges } = deps;
  const { t, bad } = say;
  const createRequest = createBodyOf((id) => exchanges.get(id) !== undefined);

  api.post("/check", async (c) => {
    const body = addressBody.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json(bad(t(c, "webapp-error")), 400);
    const b = named(catalog, body.data);
    const problems = addressProblems(c, b);
    const other = problems.payout ? otherNetwork(b) : undefined;
    if (!other) return c.json({ problems });
    // An address of another of the coin's networks: said, with the switch to it (as the chat).
    const coin = b.to.toUpperCase();
    const hint = t(c, "flow-address-other-network", { coin, other, network: b.networkTo ?? "" });
    return c.json({
      problems: { ...problems, payout: `${problems.payout} ${hint}` },
      switchTo: { network: other, label: t(c, "button-switch-network", { network: other }) },
    });
  });

  api.post("/swaps", async (c) => {
    const body = createRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json(bad(t(c, "webapp-error")), 400);
    const b = named(catalog, body.data);
    const coins = pickCoins(catalog, b.from, b.to);
    if (typeof coins === "string") return c.json(bad(t(c, coins)), 400);
    const amount = parseAmount(b.amount);
    if (!amount.ok) return c.json(bad(t(c, ...amountRefusal(b.amount, amount)), "amount"), 400);
    const problems = addressProblems(c, b);
    if (problems.payout || problems.payoutMemo || problems.refund || problems.refundMemo) {
      const first =
        problems.payout ?? problems.payoutMemo ?? problems.refund ?? problems.refundMemo ?? "";
      return c.json({ ...bad(first), problems }, 400);
    }
    const payoutMemo = memoOf(b);
    const refundMemo = refundMemoOf(b);
    const user = c.get("user");
    // An amount to receive: the amount to send it takes now must be the one the summary showed
    // (else the new numbers are shown again, as a moved fixed rate is), and a fixed one the
    // exchange quoted goes upstream as such (exactly that is paid out).
    let send = amount.value;
    let receiveAmount: DecimalString | undefined;
    let chosen = b.exchange;
    if (b.side === "receive") {
      try {
        const priced = await priceOf(
          deps,
          say,
          c,
          b,
          { unit: "receive", value: amount.value },
          b.rateType,
          user.id,
          { exchange: b.exchange, ...(b.exclude ? { exclude: b.exclude } : {}) },
        );
        if (!priced.ok) return c.json(bad(priced.problem, "amount"), 400);
        const shown = parseAmount(b.sendAmount ?? "");
        // The exchange chosen no longer quotes it: its numbers were the summary's, so the best
        // offer now is shown for a Confirm of its own, never created at unseen.
        const elsewhere = b.exchange !== undefined && priced.quote.exchange !== b.exchange;
        if (elsewhere || !shown.ok || compareDecimal(shown.value, priced.send) !== 0) {
          const quote = pageQuote(priced.quote, b.rateType, priced.send, exchanges);
          return c.json({ error: "quote-moved", message: t(c, "webapp-quote-moved"), quote }, 409);
        }
        send = priced.send;
        chosen = priced.quote.exchange;
        if (priced.exact && b.rateType === "fixed") receiveAmount = amount.value;
      } catch (error) {
        if (error instanceof QuoteShareSpent) {
          return c.json({ error: "busy", message: t(c, "webapp-slow-down") }, 429);
        }
        return c.json(...say.failure(c, describeExchangeError(error)));
      }
    }
    // An amount the pair's known limits refuse costs no quote.
    const refusal = quotes.knownRefusal(pairFromQuery(b), send);
    if (refusal)
      return c.json(bad(say.fitProblem(c, send, refusal.limits, b.from) ?? "", "amount"), 400);
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
        amount: send,
        ...(receiveAmount !== undefined ? { receiveAmount } : {}),
        withdrawalAddress: b.payout.trim(),
        ...(payoutMemo ? { payoutMemo } : {}),
        rateType: b.rateType,
        refundAddress: b.refund?.trim() || undefined,
        ...(refundMemo ? { refundMemo } : {}),
      },
      shown: b.seenRate !== undefined ? { rate: b.seenRate } : undefined,
      ...(chosen !== undefined ? { exchange: chosen } : {}),
    });
    switch (result.kind) {
      case "quote-failed":
        return c.json(...say.failure(c, result.failure));
      case "out-of-bounds":
        return c.json(
          bad(say.fitProblem(c, send, limitsOf(result.quote), b.from) ?? "", "amount"),
          400,
        );
      case "quote-moved":
        return c.json(
          {
            error: "quote-moved",
            message: t(c, "webapp-quote-moved"),
            quote: pageQuote(
              result.quote,
              "fixed",
              receiveAmount !== undefined ? formatDecimal(result.quote.sendAmount) : send,
              exchanges,
            ),
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
      case "failed": {
        if (!result.refused && !result.unauthorized) {
          return c.json(...say.failure(c, result.failure));
        }
        const [answer, status] = await refusedAnswer(c, b, amount.value, result, user.id);
        return c.json(answer, status);
      }
    }
  });

  /**
   * An exchange refused the create outright (no swap made there): said, naming it and its words,
   * with the next exchange's offer freshly quoted for a summary of its own (its own Confirm: never
   * a create elsewhere on numbers the user did not see). No next offer: said so.
   */
  async function refusedAnswer(
    c: Localized,
    b: CreateBody,
    typed: DecimalString,
    result: Extract<CreateSwapResult, { kind: "failed" }>,
    user: number,
  ): Promise<[RefusalAnswer, 400 | 409]> {
    const excluded = [...new Set([...(b.exclude ?? []), result.exchange])];
    const refused = { exchange: result.exchange, label: exchanges.labelOf(result.exchange) };
    const said = t(c, "webapp-exchange-refused", {
      exchange: refused.label,
      reason: reasonOf(c, result.failure),
    });
    try {
      const next = await priceOf(
        deps,
        say,
        c,
        b,
        { unit: b.side, value: typed },
        b.rateType,
        user,
        {
          exclude: excluded,
          fresh: true,
        },
      );
      if (next.ok) {
        const label = exchanges.labelOf(next.quote.exchange);
        return [
          {
            error: "refused",
            message: `${said} ${t(c, "webapp-next-offer", { next: label })}`,
            refused,
            excluded,
            quote: pageQuote(next.quote, b.rateType, next.send, exchanges),
            offers: pageOffers(next.offers, b.rateType, exchanges),
          },
          409,
        ];
      }
    } catch (error) {
      deps.logger.info({ err: error, excluded }, "no next offer after a refused create");
    }
    return [
      { error: "refused", message: `${said} ${t(c, "webapp-no-next-offer")}`, refused, excluded },
      400,
    ];
  }

  /** An exchange's refusal in its own words, or the chat's sentence for it, as a sentence. */
  function reasonOf(c: Localized, failure: ExchangeFailure): string {
    const words =
      failure.kind === "rejected"
        ? failure.message.trim()
        : say.failure(c, failure)[0].message.replace(/^\p{Extended_Pictographic}\uFE0F?\s*/u, "");
    return /[.!?。]$/u.test(words) ? words : `${words}.`;
  }

  function addressProblems(
    c: Localized,
    b: AddressBody,
  ): { payout?: string; payoutMemo?: string; refund?: string; refundMemo?: string } {
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
    const payoutMemo = memoProblem(b.payoutMemo, b.to, b.networkTo);
    const refundMemo = b.refund?.trim()
      ? memoProblem(b.refundMemo, b.from, b.networkFrom)
      : undefined;
    return {
      ...(payout ? { payout } : {}),
      ...(payoutMemo ? { payoutMemo } : {}),
      ...(refund ? { refund } : {}),
      ...(refundMemo ? { refundMemo } : {}),
    };

    function memoProblem(
      typed: string | undefined,
      code: string,
      network: string | undefined,
    ): string | undefined {
      const memo = typed?.trim();
      const coin = catalog.byCode(code);
      const rule = coin ? payoutMemoRule(coin, network) : undefined;
      if (!memo || !coin || !rule) return undefined;
      const check = checkPayoutMemo(memo, coin, network, rule);
      if (check.ok) return undefined;
      return t(c, `flow-memo-problem-${check.reason}`, {
        name: rule.label ?? t(c, "flow-memo-default-name"),
      });
    }
  }

  /** The other network of the receive coin a payout address refused on its own belongs to. */
  function otherNetwork(b: AddressBody): string | undefined {
    const coin = catalog.byCode(b.to);
    if (!coin || !b.networkTo) return undefined;
    const check = checkAddress(b.payout, b.to, b.networkTo, addressPatternOf(coin, b.networkTo));
    if (check.ok || check.reason !== "format") return undefined;
    return networksOfAddress(b.payout, b.to, coinNetworks(coin)).find((n) => n !== b.networkTo);
  }

  /** The payout memo to send: only for a network that takes one, as the user typed it. */
  function memoOf(b: AddressBody): string | undefined {
    const memo = b.payoutMemo?.trim();
    const coin = catalog.byCode(b.to);
    return memo && coin && payoutMemoRule(coin, b.networkTo) ? memo : undefined;
  }

  /** The refund memo to send: with a refund address on a send network that takes one. */
  function refundMemoOf(b: AddressBody): string | undefined {
    const memo = b.refundMemo?.trim();
    const coin = catalog.byCode(b.from);
    return memo && b.refund?.trim() && coin && payoutMemoRule(coin, b.networkFrom)
      ? memo
      : undefined;
  }
}
