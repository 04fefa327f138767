import type { ExchangeClient } from "../exchange/client.ts";
import type { Logger } from "../lib/logger.ts";
import { progressFromDetail } from "./from-exchange.ts";
import type { SwapQueries } from "./ports.ts";
import type { Swap } from "./swap.ts";

export interface SwapView {
  swap: Swap;
  /** False when the exchange could not be asked: the data is as of `swap.lastCheckedAt`. */
  fresh: boolean;
  /** Created on another exchange than the bot's: never asked about, no longer followed. */
  elsewhere?: boolean;
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
      /** The exchange `exchange` talks to: another exchange's swaps are never asked about. */
      exchangeId: string;
      logger: Logger;
      /** A status change was stored (its push can go out now). */
      onChange?: () => void;
    },
  ) {}

  async get(chatId: number, id?: string): Promise<SwapView | undefined> {
    const { swaps } = this.deps;
    const stored = id ? await swaps.getForChat(chatId, id) : await swaps.latestForChat(chatId);
    if (!stored) return undefined;
    if (!this.isHere(stored)) return { swap: stored, fresh: false, elsewhere: true };
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

  /** Whether the swap was created on the exchange the bot talks to (else it is not followed). */
  isHere(swap: Pick<Swap, "exchange">): boolean {
    return swap.exchange === this.deps.exchangeId;
  }

  page(chatId: number, limit: number, offset: number) {
    return this.deps.swaps.pageForChat(chatId, { limit, offset });
  }
}
