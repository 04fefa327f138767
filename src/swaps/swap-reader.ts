import type { ExchangeClient } from "../exchange/client.ts";
import type { TransactionDetail } from "../exchange/schemas.ts";
import { formatDecimal } from "../lib/decimal.ts";
import type { Logger } from "../logger.ts";
import type { SwapDetailUpdate, SwapRecord } from "./types.ts";

/** The queries of the transactions repository this reader needs. */
export interface SwapQueries {
  getForChat(chatId: number, id: string): SwapRecord | undefined;
  latestForChat(chatId: number): SwapRecord | undefined;
  pageForChat(
    chatId: number,
    page: { limit: number; offset: number },
  ): {
    items: SwapRecord[];
    total: number;
  };
  /** Stores the detail; a status change also queues its notification (one SQLite transaction). */
  applyDetail(id: string, update: SwapDetailUpdate, at: number): boolean;
}

export interface SwapView {
  swap: SwapRecord;
  /** False when the exchange could not be asked: the data is as of `swap.lastCheckedAt`. */
  fresh: boolean;
}

/**
 * Reads a chat's own swaps. Ownership is checked in the database first, so an id of another chat
 * is "not found" and never reaches the exchange (whose key can read every user's transactions).
 */
export class SwapReader {
  constructor(
    private readonly deps: {
      exchange: ExchangeClient;
      swaps: SwapQueries;
      logger: Logger;
      /** A status change was stored (its push can go out now). */
      onChange?: () => void;
    },
  ) {}

  async get(chatId: number, id?: string): Promise<SwapView | undefined> {
    const stored = id
      ? this.deps.swaps.getForChat(chatId, id)
      : this.deps.swaps.latestForChat(chatId);
    if (!stored) return undefined;
    try {
      const detail = await this.deps.exchange.getTransaction(stored.id, { maxWaitMs: 5_000 });
      const now = Date.now();
      if (this.deps.swaps.applyDetail(stored.id, detailUpdate(detail), now)) this.deps.onChange?.();
      return { swap: this.deps.swaps.getForChat(chatId, stored.id) ?? stored, fresh: true };
    } catch (error) {
      this.deps.logger.warn({ err: error, transaction: stored.id }, "status: detail read failed");
      return { swap: stored, fresh: false };
    }
  }

  page(chatId: number, limit: number, offset: number) {
    return this.deps.swaps.pageForChat(chatId, { limit, offset });
  }
}

export function detailUpdate(detail: TransactionDetail): SwapDetailUpdate {
  return {
    status: detail.status,
    amountOut:
      detail.amount_out !== null && detail.amount_out !== undefined && detail.amount_out > 0
        ? formatDecimal(detail.amount_out)
        : null,
    rate: detail.rate !== null && detail.rate !== undefined ? formatDecimal(detail.rate, 12) : null,
    txHashIn: detail.tx_hash_in,
    txHashOut: detail.tx_hash_out,
    refundAddress: detail.refund_address,
    networkFrom: detail.network_from,
    networkTo: detail.network_to,
  };
}
