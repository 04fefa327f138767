import type { DecimalString } from "../lib/decimal.ts";
import { KeyShare } from "../lib/key-share.ts";
import type { Logger } from "../lib/logger.ts";
import { ExchangeApiError, ExchangeBusyError } from "./exchange-errors.ts";
import type { CreatedSwap, ExchangePort } from "./exchange-port.ts";
import { type ExchangeSet, keyRefused } from "./exchange-set.ts";
import { describeExchangeError, type ExchangeFailure } from "./failures.ts";
import { recordFromCreated, recordFromDetail } from "./from-exchange.ts";
import { type Intent, type IntentInput, postOf, type SwapRecord } from "./intent.ts";
import { takesMemo } from "./memo-networks.ts";
import type { DepositView, Swap } from "./swap.ts";
import type { SwapStore } from "./swap-store.ts";
import {
  type Mismatch,
  memoDisagreement,
  payoutShortfall,
  verifyCreated,
  verifyDetail,
} from "./verify.ts";

/** Longest a POST waits for the create budget before it is refused as busy (nothing sent). */
const CREATE_BUDGET_WAIT_MS = 10_000;

/**
 * The longest a POST can be under way, from its claim to its end: the budget wait, then the
 * request's own deadline (EXCHANGE_TIMEOUT_MS, the body included). The reconciler's "this POST is
 * over" rests on it.
 */
export function longestPostMs(exchangeTimeoutMs: number): number {
  return CREATE_BUDGET_WAIT_MS + exchangeTimeoutMs;
}

/**
 * A confirmed summary. Its `fixedAmountOut` (the payout of the fixed quote the user confirmed) is
 * kept with the intent: an answer that promises less (beyond a small tolerance; an exact amount to
 * receive, none) is a different deal, never shown as the agreed one. `floatAmountOut`, the
 * estimate of a floating quote confirmed, holds the create answer to FLOAT_OUT_TOLERANCE (it is not
 * kept: the reconciler adopts a floating swap without it). Neither is sent upstream.
 */
type CreateSwapInput = IntentInput & { floatAmountOut?: DecimalString | undefined };

export type CreateSwapResult =
  | { kind: "created"; swap: DepositView }
  | { kind: "already-created"; swap: Swap | undefined }
  /** The outcome is not known yet (a POST in flight or being reconciled): never POST again. */
  | { kind: "pending" }
  /** Created, but the exchange's answers disagree with the order: nothing may be sent to it. */
  | { kind: "suspect"; id: string; mismatches: Mismatch[] }
  /**
   * Nothing was created at `exchange`: `refused` when its answer says no swap was made (a 4xx but
   * 401/429, a pair or an amount it does not take), so another exchange's offer may be shown for a
   * new Confirm; `unauthorized` when it refused the operator's key (it is taken out of the offers).
   */
  | {
      kind: "failed";
      failure: ExchangeFailure;
      retryable: boolean;
      exchange: string;
      refused: boolean;
      unauthorized: boolean;
    }
  /**
   * Nothing was created: this chat has created `created` swaps within the create budget's window,
   * its whole share; it may confirm again in `retryAfterMs`.
   */
  | { kind: "chat-share-spent"; created: number; retryAfterMs: number };

/** Told when a created swap cannot be trusted (the admins are alerted). */
export type SuspectReport = {
  swapId: string;
  chatId: number;
  mismatches: Mismatch[];
  /** The exchange that created it (its admin alerts name it); none: the first exchange's. */
  exchange?: string;
};

/**
 * Creates a swap at most once per confirmed summary, and only shows what matches the order: an
 * intent row is claimed before the POST; the POST is never retried automatically; an answer that
 * may hide a created transaction (timeout, broken connection, unreadable 2xx, 5xx) leaves the
 * intent unknown for the reconciler; a created answer is verified against the order (and, when it
 * disagrees, against a detail read) before its deposit address reaches anyone.
 */
export class SwapService {
  /** Each chat's share of each exchange's create budget (see chatShareOfCreates). */
  private readonly chatShares = new Map<string, KeyShare<number>>();
  /** The POSTs (`postOf`) of the intents this process claimed and is creating now. */
  private readonly underWay = new Set<string>();

  constructor(
    private readonly deps: {
      exchanges: ExchangeSet;
      store: SwapStore;
      logger: Logger;
      onSuspect?: (report: SuspectReport) => void;
      /**
       * The claimed intent's POST is over (or was never sent) and its outcome could not be
       * stored: a write failed, the intent stays pending. Nothing of it is running any more.
       */
      onUnrecorded?: (intent: Intent) => void;
      /** A create this call claimed ended so, at this exchange (the operator's counts). */
      onCreateEnded?: (exchange: string, result: CreateSwapResult) => void;
    },
  ) {
    for (const { id, port } of deps.exchanges.all) {
      const { limit, windowMs } = port.budgets.create;
      this.chatShares.set(id, new KeyShare(chatShareOfCreates(limit), windowMs));
    }
  }

  async create(asked: CreateSwapInput): Promise<CreateSwapResult> {
    const { store } = this.deps;
    // A quote kept by a flow of a release before exchanges were named names none: the first's.
    const input = { ...asked, exchange: asked.exchange || this.deps.exchanges.primary.id };
    const claim = await store.claim(input);
    if (!claim.claimed) {
      const { intent } = claim;
      if (intent.state === "created" && intent.transactionId) {
        return {
          kind: "already-created",
          swap: await store.getForChat(input.chatId, intent.transactionId),
        };
      }
      return { kind: "pending" };
    }
    const post = postOf(claim.intent);
    this.underWay.add(post);
    try {
      const result = await this.createClaimed(input);
      this.deps.onCreateEnded?.(input.exchange, result);
      return result;
    } catch (error) {
      // Whatever was sent has ended (the POST is awaited), unrecorded. The reconciler this wakes
      // runs later, after `finally` has taken the POST off the ones under way.
      this.deps.onUnrecorded?.(claim.intent);
      throw error;
    } finally {
      this.underWay.delete(post);
    }
  }

  /** Whether this process is creating the intent's swap now: its POST may be under way. */
  isCreating(intent: Pick<Intent, "key" | "createdAt">): boolean {
    return this.underWay.has(postOf(intent));
  }

  /** Creates the swap of an intent this call has claimed, and records the outcome. */
  private async createClaimed(input: CreateSwapInput): Promise<CreateSwapResult> {
    const { store, logger } = this.deps;
    const exchange = this.deps.exchanges.get(input.exchange);
    // An exchange no longer configured, or taken out of the offers (its key was refused): nothing
    // is sent, and another offer may be shown.
    const unusable = !exchange
      ? `exchange ${input.exchange} is not configured`
      : this.deps.exchanges.whyOut(exchange.id) !== undefined
        ? `exchange ${exchange.id} is out of the offers`
        : undefined;
    if (!exchange || unusable) {
      await store.markFailed(input.key, unusable ?? "no exchange");
      return {
        kind: "failed",
        failure: { kind: "unavailable" },
        retryable: false,
        exchange: exchange?.id ?? input.exchange,
        refused: true,
        unauthorized: false,
      };
    }
    // Checked after the claim: a Confirm tapped again on a swap already created is told so.
    const share = this.chatShares.get(exchange.id)!.take(input.chatId);
    if (!share.granted) {
      await store.markFailed(input.key, "the chat's share of creations is spent");
      logger.info({ chat: input.chatId, intent: input.key }, "chat's create share spent");
      return { kind: "chat-share-spent", created: share.used, retryAfterMs: share.retryInMs };
    }
    let created: CreatedSwap;
    try {
      created = await exchange.port.createTransaction(input.request, {
        maxWaitMs: CREATE_BUDGET_WAIT_MS,
      });
    } catch (error) {
      if (!provesNothingCreated(error)) {
        // The request may have reached the exchange: only reconciliation can tell.
        await store.markUnknown(input.key);
        logger.warn({ err: error, intent: input.key }, "swap creation outcome unknown");
        return { kind: "pending" };
      }
      const failure = describeExchangeError(error);
      await store.markFailed(input.key, String(error));
      logger.warn({ err: error, intent: input.key, exchange: exchange.id }, "swap creation failed");
      const status = error instanceof ExchangeApiError ? error.status : undefined;
      const unauthorized = status === 401 || status === 403;
      // The operator's key is refused: no user can swap there until it is fixed (the admins are
      // alerted by the exchange's AdminAlerts, which sees it out).
      if (unauthorized && this.deps.exchanges.takeOut(exchange.id, keyRefused(status))) {
        logger.error(
          { exchange: exchange.id, status },
          "exchange refused the API key: taken out of the offers",
        );
      }
      return {
        kind: "failed",
        failure,
        retryable: failure.kind !== "rejected",
        exchange: exchange.id,
        refused: status !== undefined && !unauthorized && status !== 429,
        unauthorized,
      };
    }
    const { record, mismatches } = await this.verified(input, created, exchange.port);
    await store.recordCreated(input.key, record);
    if (record.suspect) return { kind: "suspect", id: record.id, mismatches };
    logger.info({ transaction: record.id, chat: input.chatId }, "swap created");
    return { kind: "created", swap: { ...record, payoutMemo: record.payoutMemo ?? null } };
  }

  /**
   * The swap to record for a POST answer: as answered when it matches the order; as the detail
   * says when the answer was off but the detail matches; otherwise marked suspect (tracked, never
   * shown as a deposit instruction).
   */
  private async verified(
    input: CreateSwapInput,
    created: CreatedSwap,
    port: ExchangePort,
  ): Promise<{ record: SwapRecord; mismatches: Mismatch[] }> {
    const { logger } = this.deps;
    const exchangeId = input.exchange;
    const order = input.request;
    const quoted = input.fixedAmountOut ?? input.floatAmountOut;
    const short = quoted
      ? payoutShortfall(order, quoted, String(created.amountOutExpected))
      : undefined;
    const mismatches = [...verifyCreated(order, created), ...(short ? [short] : [])];
    // A deposit memo is part of the address, and one the answer alone states cannot be checked
    // against the order: the detail must give the same. A deposit on a memo network without a
    // memo in the answer is read back too (the answer may have left it out, and an address shown
    // without its memo loses the deposit).
    const memoToConfirm =
      created.depositMemo !== null ||
      takesMemo({ code: order.coinFrom }, created.networkFrom ?? order.networkFrom);
    if (mismatches.length === 0 && !memoToConfirm) {
      return { record: recordFromCreated(created, order, { exchange: exchangeId }), mismatches };
    }
    logger.warn(
      { transaction: created.id, chat: input.chatId, order, answer: created, mismatches },
      mismatches.length > 0
        ? "create answer disagrees with the order; reading the transaction back"
        : "deposit memo to confirm; reading the transaction back",
    );
    const checked = await resolveByDetail(port, created.id, order, {
      exchangeId,
      logger,
      // An answer without a memo is not compared: the detail's memo is the one to show.
      createdMemo: created.depositMemo ?? undefined,
      quotedAmountOut: quoted ?? undefined,
    });
    if (checked.record) return { record: checked.record, mismatches: [] };
    if (!checked.mismatches && mismatches.length === 0) {
      // Only the memo was to be confirmed and the read failed: the answer matched the order.
      return { record: recordFromCreated(created, order, { exchange: exchangeId }), mismatches };
    }
    const all = checked.mismatches ?? mismatches;
    logger.error(
      { transaction: created.id, chat: input.chatId, order, mismatches: all },
      "created swap does not match the order: deposit address withheld",
    );
    this.deps.onSuspect?.({
      swapId: created.id,
      chatId: input.chatId,
      mismatches: all,
      exchange: exchangeId,
    });
    return {
      record: recordFromCreated(created, order, { exchange: exchangeId, suspect: true }),
      mismatches: all,
    };
  }
}

/**
 * How many swaps one chat may create per window of the create budget: 5, and never more than half
 * of the budget, so one chat cannot take every creation of the minute (at a budget of 1: that 1).
 */
export function chatShareOfCreates(createPerMin: number): number {
  return Math.max(1, Math.min(5, Math.floor(createPerMin / 2)));
}

/**
 * Reads a transaction back once and returns the record when the detail matches the order, or the
 * detail's own mismatches (undefined when the read itself failed). Given the create answer's memo,
 * the detail must give the same one; given the fixed quote's payout, it must not fall short of it.
 */
async function resolveByDetail(
  exchange: ExchangePort,
  id: string,
  order: CreateSwapInput["request"],
  options: {
    exchangeId: string;
    logger: Logger;
    signal?: AbortSignal;
    createdMemo?: string | null;
    /** The payout of the quote confirmed: the detail must not fall short of it (see verify.ts). */
    quotedAmountOut?: DecimalString | undefined;
  },
): Promise<{ record?: SwapRecord; mismatches?: Mismatch[] }> {
  try {
    const detail = await exchange.getTransaction(id, {
      maxWaitMs: 5_000,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const record = recordFromDetail(detail, order, { exchange: options.exchangeId });
    const mismatches = [
      ...verifyDetail(order, detail),
      options.createdMemo !== undefined
        ? memoDisagreement(options.createdMemo, detail.depositMemo)
        : undefined,
      options.quotedAmountOut
        ? payoutShortfall(order, options.quotedAmountOut, record.amountOutExpected)
        : undefined,
    ].filter((m): m is Mismatch => m !== undefined);
    if (mismatches.length === 0) return { record };
    options.logger.warn({ transaction: id, detail, mismatches }, "detail disagrees with the order");
    return { mismatches };
  } catch (error) {
    options.logger.warn({ err: error, transaction: id }, "detail read of a new swap failed");
    return {};
  }
}

/**
 * Only an answer that the exchange refused the request (a 4xx), or a request that never left
 * (our own budget), proves that nothing was created. A 5xx may come from a proxy after the
 * exchange created the swap; a timeout, a broken connection or an unreadable 2xx may hide one.
 */
function provesNothingCreated(error: unknown): boolean {
  if (error instanceof ExchangeBusyError) return true;
  return (
    error instanceof ExchangeApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408
  );
}
