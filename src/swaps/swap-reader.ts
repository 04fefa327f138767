import type { ExchangeClient } from "../exchange/client.ts";
import type { Logger } from "../lib/logger.ts";
import { progressFromDetail } from "./from-exchange.ts";
import type { SwapQueries } from "./ports.ts";
import type { Swap } from "./swap.ts";

export interface SwapView {
  swap: Swap;
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
    const { swaps } = this.deps;
    const stored = id ? await swaps.getForChat(chatId, id) : await swaps.latestForChat(chatId);
    if (!stored) return undefined;
    try {
      const detail = await this.deps.exchange.getTransaction(stored.id, { maxWaitMs: 5_000 });
      if (await swaps.applyProgress(stored.id, progressFromDetail(detail), Date.now())) {
        this.deps.onChange?.();
      }
      return { swap: (await swaps.getForChat(chatId, stored.id)) ?? stored, fresh: true };
    } catch (error) {
      this.deps.logger.warn({ err: error, transaction: stored.id }, "status: detail read failed");
      return { swap: stored, fresh: false };
    }
  }

  page(chatId: number, limit: number, offset: number) {
    return this.deps.swaps.pageForChat(chatId, { limit, offset });
  }
}
