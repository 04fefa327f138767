import { describeExchangeError, type ExchangeFailure } from "../bot/exchange-errors.ts";
import type { DepositView } from "../bot/shared/deposit-message.ts";
import type { CreateTransactionRequest, ExchangeClient } from "../exchange/client.ts";
import {
  ExchangeNetworkError,
  ExchangeSchemaError,
  ExchangeTimeoutError,
} from "../exchange/errors.ts";
import type { CreatedTransaction } from "../exchange/schemas.ts";
import { formatDecimal, MAX_FRACTION_DIGITS } from "../lib/decimal.ts";
import type { Logger } from "../logger.ts";

export interface CreateSwapInput {
  /** One key per confirmed summary: a second Confirm, or the same update again, finds it taken. */
  key: string;
  chatId: number;
  userId: number;
  request: CreateTransactionRequest;
}

export type CreateSwapResult =
  | { kind: "created"; swap: DepositView }
  | { kind: "already-created"; swap: DepositView | undefined }
  | { kind: "pending" }
  | { kind: "failed"; failure: ExchangeFailure; retryable: boolean };

/** The storage the swap service needs (implemented by the SQLite repositories). */
export interface SwapStore {
  claimIntent(
    input: CreateSwapInput,
  ): { claimed: true } | { claimed: false; state: string; transactionId: string | null };
  /** Records the created transaction and closes the intent, atomically. */
  recordCreated(input: CreateSwapInput, created: CreatedTransaction, view: DepositView): void;
  markIntentFailed(key: string, error: string): void;
  markIntentUnknown(key: string): void;
  findSwapView(chatId: number, transactionId: string): DepositView | undefined;
}

/**
 * Creates a swap at most once per confirmed summary: an intent row is claimed before the POST,
 * and the POST is never retried automatically. A timeout leaves the intent "unknown", which the
 * reconciler resolves by finding the transaction upstream.
 */
export class SwapService {
  constructor(
    private readonly deps: {
      exchange: ExchangeClient;
      store: SwapStore;
      logger: Logger;
      sandbox: boolean;
    },
  ) {}

  async create(input: CreateSwapInput): Promise<CreateSwapResult> {
    const claim = this.deps.store.claimIntent(input);
    if (!claim.claimed) {
      if (claim.state === "created" && claim.transactionId) {
        return {
          kind: "already-created",
          swap: this.deps.store.findSwapView(input.chatId, claim.transactionId),
        };
      }
      if (claim.state === "pending" || claim.state === "unknown") return { kind: "pending" };
    }
    let created: CreatedTransaction;
    try {
      created = await this.deps.exchange.createTransaction(input.request, { maxWaitMs: 10_000 });
    } catch (error) {
      if (
        error instanceof ExchangeTimeoutError ||
        error instanceof ExchangeNetworkError ||
        error instanceof ExchangeSchemaError
      ) {
        // The request may have reached the exchange (a 2xx we cannot read did: the swap exists
        // but we lack its deposit address): only reconciliation can tell.
        this.deps.store.markIntentUnknown(input.key);
        this.deps.logger.warn({ err: error, intent: input.key }, "swap creation outcome unknown");
        return { kind: "pending" };
      }
      const failure = describeExchangeError(error);
      this.deps.store.markIntentFailed(input.key, String(error));
      this.deps.logger.warn({ err: error, intent: input.key }, "swap creation failed");
      return { kind: "failed", failure, retryable: failure.kind !== "rejected" };
    }
    const view = toView(created, input.request, this.deps.sandbox);
    this.deps.store.recordCreated(input, created, view);
    this.deps.logger.info({ transaction: created.id, chat: input.chatId }, "swap created");
    return { kind: "created", swap: view };
  }
}

export function toView(
  created: CreatedTransaction,
  request: CreateTransactionRequest,
  sandbox: boolean,
): DepositView {
  return {
    id: created.id,
    coinFrom: created.coin_from || request.coinFrom,
    coinTo: created.coin_to || request.coinTo,
    networkFrom: request.networkFrom ?? null,
    networkTo: request.networkTo ?? null,
    amountIn: formatDecimal(created.amount_in, MAX_FRACTION_DIGITS),
    amountOutExpected: formatDecimal(created.amount_out_expected),
    rateType: created.rate_type ?? request.rateType ?? "float",
    depositAddress: created.deposit_address,
    withdrawalAddress: created.withdrawal_address || request.withdrawalAddress,
    status: created.status,
    sandbox,
  };
}
