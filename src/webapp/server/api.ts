import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import QRCode from "qrcode";
import { z } from "zod";
import type { CoinCatalog } from "../../catalog/catalog.ts";
import { coinNetworks, defaultNetwork } from "../../catalog/networks.ts";
import type { Coin } from "../../catalog/search.ts";
import { parseAmount } from "../../lib/amount-input.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import { textDirection } from "../../lib/languages.ts";
import type { Logger } from "../../lib/logger.ts";
import { limitsFit } from "../../quotes/amount-fit.ts";
import {
  type PairLimits,
  type Quote,
  type QuoteService,
  QuoteShareSpent,
} from "../../quotes/quote-service.ts";
import { checkAddress } from "../../swaps/address-check.ts";
import type { ConfirmSummary } from "../../swaps/confirm-summary.ts";
import type { ExplorerTable } from "../../swaps/explorers.ts";
import { describeExchangeError, type ExchangeFailure } from "../../swaps/failures.ts";
import { addressPatternOf, checkPayoutMemo, payoutMemoRule } from "../../swaps/memo-networks.ts";
import type { SwapQueries } from "../../swaps/ports.ts";
import type { DepositView, RateType } from "../../swaps/swap.ts";
import { servesPage } from "../page-versions.ts";
import { gzipJson } from "./gzip-json.ts";
import { InitDataChecker, type WebAppUser } from "./init-data.ts";
import { pageSwap } from "./swap-view.ts";
import { type PageLocale, PageTexts } from "./texts.ts";

export interface WebAppDeps {
  botToken: string;
  catalog: CoinCatalog;
  quotes: QuoteService;
  /** "Confirm a summary", the core's use case the chat calls too. */
  confirm: ConfirmSummary;
  /** The chat's swaps as the database has them: a viewer never costs an exchange read. */
  swapQueries: Pick<SwapQueries, "getForChat" | "pageForChat">;
  texts: PageTexts;
  sandbox: boolean;
  /** Where a swap's transactions can be looked at (EXPLORER_URLS over the defaults). */
  explorers?: ExplorerTable;
  logger: Logger;
  /**
   * The chat's support link (`https://t.me/<bot>?start=support`), when the operator has support
   * (a desk or a contact); the page adds `-<swap id>`.
   */
  supportLink?: () => string | undefined;
  /** Sends the deposit message of a swap created in the page to the user's chat. */
  announce(chatId: number, swap: DepositView, locale: PageLocale): Promise<void>;
  now?: () => number;
}

type Env = { Variables: { user: WebAppUser; locale: PageLocale } };

const PAGE_SIZE = 20;

const code = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{1,15}$/);
const network = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{2,15}$/)
  .optional()
  .or(z.literal("").transform(() => undefined));
const rateType = z.enum(["float", "fixed"]).default("float");
const pairQuery = z.object({
  from: code,
  to: code,
  networkFrom: network,
  networkTo: network,
});
const quoteQuery = pairQuery.extend({ amount: z.string().max(40), rateType });
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
const swapId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const listQuery = z.object({ offset: z.coerce.number().int().min(0).max(100_000).default(0) });

/**
 * The Mini App's JSON API: the chat's rules over the same core. Every call carries Telegram's
 * init data (`Authorization: tma <raw>`), checked with the bot token; the user's swaps are those
 * of their private chat (chat id = user id).
 */
export function createApi(deps: WebAppDeps): Hono<Env> {
  const { catalog, quotes, texts } = deps;
  const initData = new InitDataChecker(deps.botToken, deps.now);
  const api = new Hono<Env>();

  // Answers name addresses and swaps: no cache (a shared proxy's, the WebView's) may keep them.
  // Set before the answer is made, so that it is made with it: set on a made answer, hono has
  // @hono/node-server rebuild it as a whole web Response with a body stream (half a request's CPU).
  api.use((c, next) => {
    c.header("Cache-Control", "no-store");
    return next();
  });
  api.use(gzipJson);
  api.use(async (c, next) => {
    const raw = /^tma (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    const check = initData.check(raw);
    if (!check.ok) {
      const locale = PageTexts.localeOf(unverifiedLanguage(raw));
      return c.json(
        { error: "unauthorized", message: texts.t(locale, "webapp-open-from-telegram") },
        401,
      );
    }
    c.set("user", check.user);
    c.set("locale", PageTexts.localeOf(check.user.languageCode));
    // A page opened before an upgrade that this server no longer serves (page-versions.ts).
    if (!servesPage(c.req.header("x-page-version"))) {
      return c.json({ error: "updated", message: texts.t(c.get("locale"), "webapp-updated") }, 409);
    }
    await next();
  });
  // Not for a GET or HEAD (no body): the middleware asks for the request's body stream, which
  // makes @hono/node-server build a whole web Request (and an AbortController) for the request.
  const limitBody = bodyLimit({
    maxSize: 4 * 1024,
    onError: (c) => c.json({ error: "too-large" }, 413),
  });
  api.use((c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next),
  );

  const t = (c: { get(key: "locale"): PageLocale }, id: string, vars?: Record<string, string>) =>
    texts.t(c.get("locale"), id, vars);
  const bad = (message: string, field?: string) => ({ error: "invalid", message, field });

  api.get("/session", (c) =>
    c.json({
      locale: c.get("locale"),
      dir: textDirection(c.get("locale")),
      texts: texts.all(c.get("locale")),
      sandbox: deps.sandbox,
      firstName: c.get("user").firstName,
      supportLink: deps.supportLink?.() ?? null,
    }),
  );

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
    const limits = await quotes.limits(pair(named(query.data)), 1_500, c.get("user").id);
    return c.json({ limits: limits ?? null });
  });

  api.get("/quote", async (c) => {
    const query = quoteQuery.safeParse(c.req.query());
    if (!query.success) return c.json(bad(t(c, "webapp-pick-coin")), 400);
    const q = named(query.data);
    const coins = pickCoins(q.from, q.to);
    if (typeof coins === "string") return c.json(bad(t(c, coins)), 400);
    const amount = parseAmount(q.amount);
    if (!amount.ok) return c.json(bad(t(c, "webapp-amount-invalid"), "amount"), 400);
    try {
      // The user's share of the public budget (QuoteService): a cached answer costs none.
      const quote = await quotes.quote(
        { ...pair(q), amount: amount.value, rateType: q.rateType },
        { user: c.get("user").id },
      );
      return c.json({
        quote: pageQuote(quote, q.rateType),
        problem: fitProblem(c, amount.value, limitsOf(quote), q.from),
      });
    } catch (error) {
      if (error instanceof QuoteShareSpent) {
        return c.json({ error: "busy", message: t(c, "webapp-slow-down") }, 429);
      }
      return c.json(...failureAnswer(texts, c.get("locale"), describeExchangeError(error)));
    }
  });

  api.post("/check", async (c) => {
    const body = addressBody.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json(bad(t(c, "webapp-error")), 400);
    return c.json({ problems: addressProblems(c, named(body.data)) });
  });

  api.post("/swaps", async (c) => {
    const body = createBody.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json(bad(t(c, "webapp-error")), 400);
    const b = named(body.data);
    const coins = pickCoins(b.from, b.to);
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
      return c.json(bad(fitProblem(c, amount.value, refusal.limits, b.from) ?? "", "amount"), 400);
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
        return c.json(...failureAnswer(texts, c.get("locale"), result.failure));
      case "out-of-bounds":
        return c.json(
          bad(fitProblem(c, amount.value, limitsOf(result.quote), b.from) ?? "", "amount"),
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
            message: texts.t(c.get("locale"), "flow-create-chat-share", {
              count: result.created,
              seconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)),
            }),
          },
          429,
        );
      case "failed":
        return c.json(...failureAnswer(texts, c.get("locale"), result.failure));
    }
  });

  api.get("/swaps", async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) return c.json(bad(t(c, "webapp-error")), 400);
    const page = await deps.swapQueries.pageForChat(c.get("user").id, {
      limit: PAGE_SIZE,
      offset: query.data.offset,
    });
    return c.json({
      items: page.items.map((swap) => pageSwap(swap, deps.explorers)),
      total: page.total,
    });
  });

  api.get("/swaps/:id", async (c) => {
    const found = await ownSwap(c.get("user").id, c.req.param("id"));
    if (!found) return c.json({ error: "not-found", message: t(c, "webapp-not-found") }, 404);
    return c.json({ swap: pageSwap(found, deps.explorers) });
  });

  api.get("/swaps/:id/qr", async (c) => {
    const found = await ownSwap(c.get("user").id, c.req.param("id"));
    if (!found) return c.json({ error: "not-found", message: t(c, "webapp-not-found") }, 404);
    const view = pageSwap(found, deps.explorers);
    if (!view.depositAddress || view.final) return c.json({ svg: null });
    const svg = await QRCode.toString(view.depositAddress, {
      type: "svg",
      margin: 2,
      errorCorrectionLevel: "M",
    });
    return c.json({ svg });
  });

  return api;

  function ownSwap(userId: number, id: string) {
    const parsed = swapId.safeParse(id);
    return parsed.success ? deps.swapQueries.getForChat(userId, parsed.data) : undefined;
  }

  /**
   * The networks the swap will really use: a side left on "default" (an older page sends none)
   * gets its coin's default named, as in the chat, so the address is checked against it and the
   * exchange is asked for it by name.
   */
  function named<T extends { from: string; to: string; networkFrom?: string; networkTo?: string }>(
    q: T,
  ): T {
    const fallback = (code: string) => {
      const coin = catalog.byCode(code);
      return coin ? defaultNetwork(coin) : undefined;
    };
    return {
      ...q,
      networkFrom: q.networkFrom ?? fallback(q.from),
      networkTo: q.networkTo ?? fallback(q.to),
    };
  }

  function pickCoins(from: string, to: string): { from: Coin; to: Coin } | string {
    const a = catalog.byCode(from);
    const b = catalog.byCode(to);
    if (!a || !b) return "webapp-pick-coin";
    if (a.code === b.code) return "webapp-same-coin";
    return { from: a, to: b };
  }

  function addressProblems(
    c: { get(key: "locale"): PageLocale },
    b: z.infer<typeof addressBody>,
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

    function memoProblem(body: z.infer<typeof addressBody>): string | undefined {
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
  function memoOf(b: z.infer<typeof addressBody>): string | undefined {
    const memo = b.payoutMemo?.trim();
    const coin = catalog.byCode(b.to);
    return memo && coin && payoutMemoRule(coin, b.networkTo) ? memo : undefined;
  }

  function fitProblem(
    c: { get(key: "locale"): PageLocale },
    amount: DecimalString,
    limits: PairLimits,
    coin: string,
  ): string | undefined {
    const fit = limitsFit(amount, limits);
    if (fit === "below-min") {
      return t(c, "webapp-amount-below", { min: String(limits.min), coin: coin.toUpperCase() });
    }
    if (fit === "above-max") {
      return t(c, "webapp-amount-above", { max: String(limits.max), coin: coin.toUpperCase() });
    }
    return undefined;
  }
}

function pair(q: z.infer<typeof pairQuery>) {
  return { coinFrom: q.from, coinTo: q.to, networkFrom: q.networkFrom, networkTo: q.networkTo };
}

function limitsOf(quote: Pick<Quote, "minimum" | "maximum">): PairLimits {
  return { min: quote.minimum, max: quote.maximum };
}

function pageCoin(coin: Coin) {
  const networks = coinNetworks(coin);
  return {
    code: coin.code,
    name: coin.name,
    networks,
    defaultNetwork: defaultNetwork(coin),
    // Where a payout takes a memo: "" (no network chosen) and the networks that do.
    memoNetworks: ["", ...networks].filter((n) => payoutMemoRule(coin, n || undefined)),
  };
}

function pageQuote(quote: Quote, rateType: RateType) {
  return {
    toAmount: quote.receiveAmount,
    rate: quote.rate,
    minAmount: quote.minimum,
    maxAmount: quote.maximum,
    rateType,
    message: quote.note ?? null,
  };
}

/** Only to pick the language of the "open it from Telegram" answer: nothing else trusts it. */
function unverifiedLanguage(raw: string | undefined): string | undefined {
  try {
    const user = new URLSearchParams(raw ?? "").get("user");
    const parsed = z
      .object({ language_code: z.string().max(10) })
      .safeParse(JSON.parse(user ?? "null"));
    return parsed.success ? parsed.data.language_code : undefined;
  } catch {
    return undefined;
  }
}

/** An exchange failure as the chat words it (exchange-errors.ts), with its HTTP status. */
function failureAnswer(
  texts: PageTexts,
  locale: PageLocale,
  f: ExchangeFailure,
): [{ error: string; message: string }, 400 | 429 | 502] {
  switch (f.kind) {
    case "busy": {
      const seconds = String(Math.max(1, Math.ceil(f.retryAfterMs / 1000)));
      return [{ error: "busy", message: texts.t(locale, "exchange-busy", { seconds }) }, 429];
    }
    case "rejected":
      return [
        { error: "rejected", message: texts.t(locale, "exchange-rejected", { reason: f.message }) },
        400,
      ];
    case "not-found":
      return [{ error: "rejected", message: texts.t(locale, "exchange-not-found") }, 400];
    case "unavailable":
      return [{ error: "unavailable", message: texts.t(locale, "exchange-unavailable") }, 502];
  }
}
