import type { Conversation } from "@grammyjs/conversations";
import type { CoinCatalog } from "../../catalog/catalog.ts";
import { dollarCoin } from "../../catalog/dollar-coin.ts";
import { defaultNetwork } from "../../catalog/networks.ts";
import type { Coin } from "../../catalog/search.ts";
import type { Awaitable } from "../../lib/awaitable.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import type { Logger } from "../../lib/logger.ts";
import { type AskedAmount, type SendAmount, sendAmountOf } from "../../quotes/amount-pricing.ts";
import type { KnownRefusal, Pair, PairLimits, Quote } from "../../quotes/quote.ts";
import type { QuoteService } from "../../quotes/quote-service.ts";
import type { ConfirmSummary } from "../../swaps/confirm-summary.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import { describeExchangeError, type ExchangeFailure } from "../../swaps/failures.ts";
import type { RateType } from "../../swaps/swap.ts";
import type { BotContext, FlowContext } from "../context.ts";
import { type FlowStep, flowButton } from "./buttons.ts";

export interface FlowDeps {
  catalog: CoinCatalog;
  quotes: QuoteService;
  /** The exchanges offered: their labels and KYC ratings name each offer. */
  exchanges: ExchangeSet;
  /** "Confirm a summary", the core's use case the Mini App calls too. */
  confirm: ConfirmSummary;
  /** Remembers which message is the swap's status card, to edit it as the swap moves on. */
  setStatusCard(transactionId: string, messageId: number): Awaitable<void>;
  logger: Logger;
  /** The Mini App's public URL: deposit messages get a button that opens the swap there. */
  webAppUrl?: string;
}

export type FlowConversation = Conversation<BotContext, FlowContext>;

/**
 * One side of the swap: a coin and its network: the one the user picked, or for a coin with several
 * the exchange's default (`defaulted`), named and asked for like a picked one.
 */
export interface Side {
  coin: Coin;
  network: string | undefined;
  defaulted?: boolean;
}

/** The side as the swap will really run: a coin with several networks gets its default named. */
export function withDefaultNetwork(side: Side): Side {
  if (side.network) return side;
  const network = defaultNetwork(side.coin);
  return network ? { ...side, network, defaulted: true } : side;
}

type Input =
  | { kind: "text"; text: string; ctx: FlowContext }
  | { kind: "button"; step: FlowStep; value: string; ctx: FlowContext };

/**
 * How long a prompt that shows the pair's limits may wait for an exchange that does not know them
 * yet: about a round trip to a nearby server. A slower answer is shown on the next prompt.
 */
const LIMITS_WAIT_MS = 400;

/**
 * Bad answers at one step before the flow gives up: every input lengthens the replay log that each
 * later step replays, and ten misses in a row mean the user needs a fresh start, not an eleventh
 * "type it again".
 */
const MAX_BAD_ANSWERS = 10;

type ReplyOptions = Parameters<FlowContext["reply"]>[1];

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; failure: ExchangeFailure };

/** Every exchange's offer, best first (QuoteService.offers' `ranked`); never empty. */
export type OffersResult = { ok: true; offers: Quote[] } | { ok: false; failure: ExchangeFailure };

type PricedResult = { ok: true; priced: SendAmount } | { ok: false; failure: ExchangeFailure };

/**
 * What every step of one exchange conversation shares: the user, the latest update's context
 * (replies go through it), this flow's buttons, and the two ways out to the world: the user's
 * next input and a quote.
 */
export class FlowSession {
  private current: FlowContext;
  /** The step nextInput last served (its accepted buttons), and its bad answers so far. */
  private step = "";
  private badAnswers = 0;
  readonly chatId: number;
  readonly userId: number | undefined;

  private constructor(
    readonly deps: FlowDeps,
    readonly conversation: FlowConversation,
    first: FlowContext,
    /** Random per flow: buttons of an older flow are recognised as stale. */
    readonly flow: string,
  ) {
    this.current = first;
    this.chatId = first.chat?.id ?? 0;
    this.userId = first.from?.id;
  }

  static async open(deps: FlowDeps, conversation: FlowConversation, first: FlowContext) {
    const flow = await conversation.external(() => Math.random().toString(36).slice(2, 10));
    return new FlowSession(deps, conversation, first, flow);
  }

  /** The context of the latest update of this flow. */
  get ctx(): FlowContext {
    return this.current;
  }

  readonly t: FlowContext["t"] = (key, vars) => this.current.t(key, vars);

  btn(step: FlowStep, value = ""): string {
    return flowButton.pack({ flow: this.flow, step, value });
  }

  /** The next text or button press of this flow's user; stale or foreign presses are refused. */
  async nextInput(accepted: FlowStep[]): Promise<Input> {
    // Every step accepts its own set of buttons, so the set names the step.
    const step = accepted.join();
    if (step !== this.step) {
      this.step = step;
      this.badAnswers = 0;
    }
    for (;;) {
      const next = await this.conversation.wait();
      this.current = next;
      const query = next.callbackQuery;
      if (query) {
        const data = flowButton.unpack(query.data);
        if (
          !data ||
          data.flow !== this.flow ||
          !accepted.includes(data.step) ||
          query.from.id !== this.userId
        ) {
          await next.answerCallbackQuery({ text: next.t("flow-step-over") });
          continue;
        }
        await next.answerCallbackQuery();
        return { kind: "button", step: data.step, value: data.value, ctx: next };
      }
      if (next.from?.id !== this.userId) {
        // Someone else talking in a group: not an answer to this flow.
        await this.conversation.skip({ next: true });
      }
      const text = next.message?.text;
      if (text !== undefined) return { kind: "text", text: text.trim(), ctx: next };
      await this.refuse(next.t("flow-not-understood"));
    }
  }

  /**
   * Answers an input the step cannot use (the text names the problem and asks again). The
   * MAX_BAD_ANSWERS-th at one step ends the flow instead, pointing to /exchange.
   */
  async refuse(text: string, options?: ReplyOptions): ReturnType<FlowContext["reply"]> {
    this.badAnswers++;
    if (this.badAnswers >= MAX_BAD_ANSWERS) {
      await this.ctx.reply(this.t("flow-too-many-tries", { count: MAX_BAD_ANSWERS }));
      return this.conversation.halt();
    }
    return this.ctx.reply(text, options);
  }

  /**
   * A quote through the quote service, within the user's share of the public budget; failures
   * come back as results (they must replay).
   */
  quote(
    side: { from: Side; to: Side },
    amount: DecimalString,
    rateType: RateType,
    fresh = false,
  ): Promise<QuoteResult> {
    return this.conversation.external(() => this.ask(side, amount, rateType, fresh));
  }

  private async ask(
    side: { from: Side; to: Side },
    amount: DecimalString,
    rateType: RateType,
    fresh: boolean,
  ): Promise<QuoteResult> {
    try {
      const quote = await this.deps.quotes.quote(
        { ...pairOf(side), amount, rateType },
        { fresh, ...this.asker() },
      );
      return { ok: true, quote };
    } catch (error) {
      return { ok: false, failure: describeExchangeError(error) };
    }
  }

  /**
   * The pair's amount limits, if known or quickly had (QuoteService.limits), or with `ask` false
   * only if already known; never a failure.
   */
  limits(side: { from: Side; to: Side }, ask = true): Promise<PairLimits | undefined> {
    const pair = pairOf(side);
    return this.conversation.external(() =>
      ask
        ? this.deps.quotes.limits(pair, LIMITS_WAIT_MS, this.userId)
        : this.deps.quotes.knownLimits(pair),
    );
  }

  /**
   * Every exchange's offer for the amount (QuoteService.offers), best first, within the user's
   * share at each; failures come back as results (they must replay).
   */
  offers(
    side: { from: Side; to: Side },
    amount: DecimalString,
    rateType: RateType,
  ): Promise<OffersResult> {
    return this.conversation.external(() => this.askOffers(side, amount, rateType));
  }

  /**
   * The floating offers for the amount, unless the pair's known limits already refuse it at every
   * exchange (then no quote is asked, nor budget spent).
   */
  offersUnlessRefused(
    side: { from: Side; to: Side },
    amount: DecimalString,
  ): Promise<OffersResult | { ok: "refused"; refusal: KnownRefusal }> {
    return this.conversation.external(async () => {
      const refusal = this.deps.quotes.knownRefusal(pairOf(side), amount);
      if (refusal) return { ok: "refused" as const, refusal };
      return this.askOffers(side, amount, "float");
    });
  }

  private async askOffers(
    side: { from: Side; to: Side },
    amount: DecimalString,
    rateType: RateType,
  ): Promise<OffersResult> {
    try {
      const { ranked } = await this.deps.quotes.offers(
        { ...pairOf(side), amount, rateType },
        this.asker(),
      );
      return { ok: true, offers: ranked };
    } catch (error) {
      return { ok: false, failure: describeExchangeError(error) };
    }
  }

  /** Whether the user sees offers of several exchanges (one exchange: the messages name none). */
  get severalExchanges(): boolean {
    return this.deps.exchanges.all.length > 1;
  }

  /**
   * The amount to send for an amount to receive or in dollars (quotes/amount-pricing.ts), within
   * the user's share of the public budget; failures come back as results.
   */
  priceAmount(
    side: { from: Side; to: Side },
    asked: AskedAmount,
    rateType: RateType,
  ): Promise<PricedResult> {
    return this.conversation.external(async (): Promise<PricedResult> => {
      try {
        const priced = await sendAmountOf(this.deps.quotes, pairOf(side), asked, {
          rateType,
          dollarCoin: dollarCoin(this.deps.catalog),
          ...this.asker(),
        });
        return { ok: true, priced };
      } catch (error) {
        return { ok: false, failure: describeExchangeError(error) };
      }
    });
  }

  private asker(): { user?: number } {
    return this.userId === undefined ? {} : { user: this.userId };
  }
}

function pairOf(side: { from: Side; to: Side }): Pair {
  return {
    coinFrom: side.from.coin.code,
    coinTo: side.to.coin.code,
    networkFrom: side.from.network,
    networkTo: side.to.network,
  };
}
