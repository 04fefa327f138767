import { type DecimalString, formatDecimal } from "../lib/decimal.ts";
import { type AmountFit, amountFit } from "./amount-fit.ts";
import { ExchangeApiError } from "./exchange-errors.ts";
import type { ExchangeQuote, QuoteRequest } from "./exchange-port.ts";
import { describeExchangeError, type ExchangeFailure } from "./failures.ts";
import type { SwapOrder } from "./swap.ts";
import type { CreateSwapResult, SwapService } from "./swap-service.ts";

/** A quote as the bot keeps it: when it was fetched tells whether a fixed rate is still honoured. */
interface HeldQuote extends ExchangeQuote {
  fetchedAt: number;
  /** The exchange that quoted it: the swap is created there. */
  exchange: string;
}

/** Where quotes come from (the coalesced, rationed quote service). */
interface QuoteSource {
  /**
   * `user`: whose share of the public budget an upstream quote is taken from; `exchange`: that
   * exchange's quote (none: the best offer).
   */
  quote(
    params: QuoteRequest,
    options?: { fresh?: boolean; user?: number; exchange?: string },
  ): Promise<HeldQuote>;
  /** Every exchange's offer but those excluded's, best first (QuoteService.offers). */
  offers(
    params: QuoteRequest,
    options: { fresh?: boolean; user?: number; exclude?: readonly string[] },
  ): Promise<{ ranked: HeldQuote[] }>;
  /** Whether a fixed-rate quote is too old to create a swap on without showing fresh numbers. */
  isStale(quote: HeldQuote): boolean;
}

/** A summary the user confirmed, in the chat or in the Mini App. */
export interface Summary {
  /** One key per summary: the same summary confirmed twice is one swap. */
  key: string;
  chatId: number;
  userId: number;
  order: SwapOrder;
  /**
   * What the summary showed: the quote (the chat keeps it) or only its rate (the page sends it).
   * Neither: the order is checked against a live quote and a fixed rate is taken as it is now.
   */
  shown: { quote: HeldQuote } | { rate: number } | undefined;
  /**
   * The exchange of the offer the summary showed (a shown quote names its own); none: the best
   * offer now.
   */
  exchange?: string;
}

export type ConfirmOutcome =
  | CreateSwapResult
  /** The fixed rate moved since the summary was shown: shown again, nothing created. */
  | { kind: "quote-moved"; quote: HeldQuote }
  /** The limits moved with the rate: this amount cannot be swapped now. Nothing created. */
  | { kind: "out-of-bounds"; fit: Exclude<AmountFit, "ok">; quote: HeldQuote }
  /** No quote could be had to check the order against. Nothing created. */
  | { kind: "quote-failed"; failure: ExchangeFailure };

/**
 * "Confirm a summary", the one money rule of both entry points (the chat's Confirm and the Mini
 * App's): a fixed quote too old to trust is asked again and, if it moved, shown again instead of
 * honoured; the amount must fit the pair's limits; the swap is created once and verified against
 * the order; a fixed-rate swap that pays less than the quote confirmed is never shown as agreed
 * (the confirmed payout is kept with the intent, so a swap the reconciler adopts is held to it too).
 */
export class ConfirmSummary {
  constructor(private readonly deps: { quotes: QuoteSource; swaps: Pick<SwapService, "create"> }) {}

  async confirm(summary: Summary): Promise<ConfirmOutcome> {
    const { order } = summary;
    const rateType = order.rateType ?? "float";
    const params = paramsOf(order);
    const shown = summary.shown && "quote" in summary.shown ? summary.shown.quote : undefined;
    let quote = shown;
    const chosen = shown?.exchange ?? summary.exchange;
    const at = chosen === undefined ? {} : { exchange: chosen };
    try {
      const user = summary.userId;
      if (!quote) quote = await this.deps.quotes.quote(params, { user, ...at });
      if (rateType === "fixed" && this.deps.quotes.isStale(quote)) {
        // Asked again at the same exchange: a summary is confirmed at the exchange it named.
        quote = await this.deps.quotes.quote(params, {
          fresh: true,
          user,
          exchange: quote.exchange,
        });
      }
    } catch (error) {
      const failure = describeExchangeError(error);
      if (chosen !== undefined && keyRefusedBy(error)) {
        // The chosen exchange refused the operator's key (it is out of the offers now): nothing
        // was created, and asking it again cannot help. Another exchange's offer may be shown.
        return {
          kind: "failed",
          failure,
          retryable: false,
          exchange: chosen,
          refused: false,
          unauthorized: true,
        };
      }
      return { kind: "quote-failed", failure };
    }
    if (quote !== shown) {
      // A quote asked for now: the amount must still fit, and a fixed rate must be the one shown.
      quote = { ...quote, rateType };
      const fit = amountFit(order.amount, quote);
      if (fit !== "ok") return { kind: "out-of-bounds", fit, quote };
      if (rateType === "fixed" && moved(summary.shown, quote))
        return { kind: "quote-moved", quote };
    }
    return this.deps.swaps.create({
      key: summary.key,
      chatId: summary.chatId,
      userId: summary.userId,
      exchange: quote.exchange,
      // A fixed quote the exchange named is created at by its id (the exchange's rate id).
      request: rateType === "fixed" && quote.quoteId ? { ...order, quoteId: quote.quoteId } : order,
      // The quote the summary showed is the deal: a create answer promising less is not it (a
      // fixed payout within a small tolerance, an exact amount to receive in full, a floating
      // estimate within what the market may move meanwhile: verify.ts).
      ...(rateType === "fixed"
        ? { fixedAmountOut: payoutOf(quote) }
        : { floatAmountOut: payoutOf(quote) }),
    });
  }

  /**
   * Failover (docs/design.md §4, "Failover"): the best offer for the summary's order now, asked
   * afresh at every exchange but `exclude` (those that refused this summary), for a new summary to
   * confirm; undefined when no other exchange offers it (none quotes the pair, or none takes the
   * amount). It creates nothing: only a Confirm of its numbers does.
   */
  async nextOffer(
    summary: Pick<Summary, "order" | "userId">,
    exclude: readonly string[],
  ): Promise<HeldQuote | undefined> {
    const params = paramsOf(summary.order);
    let ranked: HeldQuote[];
    try {
      ({ ranked } = await this.deps.quotes.offers(params, {
        fresh: true,
        user: summary.userId,
        exclude,
      }));
    } catch {
      return undefined;
    }
    const best = ranked.find((quote) => !exclude.includes(quote.exchange));
    if (!best) return undefined;
    const quote = { ...best, rateType: params.rateType ?? "float" };
    const sent =
      params.receiveAmount !== undefined ? formatDecimal(quote.sendAmount) : params.amount;
    return amountFit(sent, quote) === "ok" ? quote : undefined;
  }
}

/** The quote request of an order. */
function paramsOf(order: SwapOrder): QuoteRequest {
  return {
    coinFrom: order.coinFrom,
    coinTo: order.coinTo,
    networkFrom: order.networkFrom,
    networkTo: order.networkTo,
    amount: order.amount,
    ...(order.receiveAmount !== undefined ? { receiveAmount: order.receiveAmount } : {}),
    rateType: order.rateType ?? "float",
  };
}

/** Whether the exchange refused the operator's key (401, 403). */
function keyRefusedBy(error: unknown): boolean {
  return error instanceof ExchangeApiError && (error.status === 401 || error.status === 403);
}

/** Whether the quote differs from what the summary showed (nothing shown: it did not move). */
function moved(shown: Summary["shown"], quote: HeldQuote): boolean {
  if (!shown) return false;
  if ("rate" in shown) return shown.rate !== quote.rate;
  return shown.quote.receiveAmount !== quote.receiveAmount || shown.quote.rate !== quote.rate;
}

function payoutOf(quote: HeldQuote): DecimalString {
  return formatDecimal(quote.receiveAmount);
}
