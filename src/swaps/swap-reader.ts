import type { Logger } from "../lib/logger.ts";
import { ExchangeBusyError } from "./exchange-errors.ts";
import type { ExchangeSet } from "./exchange-set.ts";
import { progressFromDetail } from "./from-exchange.ts";
import type { Swap } from "./swap.ts";
import type { SwapQueries } from "./swap-queries.ts";

export interface SwapView {
  swap: Swap;
  /** The state is the exchange's, read just now or a few seconds ago. */
  fresh: boolean;
  /** Created on another exchange than the bot's: never asked about, no longer followed. */
  elsewhere?: boolean;
  /**
   * Why it is not fresh: the exchange was not asked because the chat's share of reads is spent
   * ("share") or the users' share of the read budget is ("busy"), or it did not answer
   * ("unreachable"). Either way the state is as of `swap.lastCheckedAt`.
   */
  stale?: "share" | "busy" | "unreachable";
}

interface ReadOptions {
  /**
   * False when the chat's share of live reads is spent: the swap is then shown as the bot knows
   * it, without asking the exchange. Default true.
   */
  live?: boolean;
}

/**
 * A read this recent (the tracker's or a user's) answers `/status` and Refresh without a new one:
 * however often chats ask, their reads of a swap the tracker follows cost nothing.
 */
const RECENT_READ_MS = 5_000;

/**
 * The part of the users' share of reads that `/status` and Refresh leave to the reads deposit
 * instructions wait for (a new swap read back before its address is shown): however many chats
 * ask, a swap being created still gets its read.
 */
const KEPT_FOR_NEW_SWAPS = 1 / 6;

/**
 * Reads a chat's own swaps. Ownership is checked in the database first, so an id of another chat
 * is "not found" and never reaches the exchange (whose key can read every user's transactions).
 */
export class SwapReader {
  constructor(
    private readonly deps: {
      /** Each swap is read at its own exchange; one no longer configured is never asked about. */
      exchanges: ExchangeSet;
      swaps: SwapQueries;
      logger: Logger;
      /** Epoch ms on the clock the tracker stamps its reads with (its `lastCheckedAt`). */
      now: () => number;
      /** A status change was stored (its push can go out now). */
      onChange?: () => void;
    },
  ) {}

  async get(chatId: number, id?: string, options: ReadOptions = {}): Promise<SwapView | undefined> {
    const { swaps } = this.deps;
    const stored = id ? await swaps.getForChat(chatId, id) : await swaps.latestForChat(chatId);
    if (!stored) return undefined;
    const exchange = this.deps.exchanges.get(stored.exchange);
    if (!exchange) return { swap: stored, fresh: false, elsewhere: true };
    if (stored.lastCheckedAt !== null && this.deps.now() - stored.lastCheckedAt < RECENT_READ_MS) {
      return { swap: stored, fresh: true };
    }
    if (options.live === false) return { swap: stored, fresh: false, stale: "share" };
    const budget = exchange.port.budgets.read;
    if (budget.userAvailable() <= budget.userLimit * KEPT_FOR_NEW_SWAPS) {
      return { swap: stored, fresh: false, stale: "busy" };
    }
    try {
      const detail = await exchange.port.getTransaction(stored.id, { maxWaitMs: 5_000 });
      if (await swaps.applyProgress(stored.id, progressFromDetail(detail), this.deps.now())) {
        this.deps.onChange?.();
      }
      return { swap: (await swaps.getForChat(chatId, stored.id)) ?? stored, fresh: true };
    } catch (error) {
      this.deps.logger.warn({ err: error, transaction: stored.id }, "status: detail read failed");
      const stale = error instanceof ExchangeBusyError ? "busy" : "unreachable";
      return { swap: stored, fresh: false, stale };
    }
  }

  /** Whether the swap's exchange is configured (else it is no longer followed). */
  isHere(swap: Pick<Swap, "exchange">): boolean {
    return this.deps.exchanges.get(swap.exchange) !== undefined;
  }

  page(chatId: number, limit: number, offset: number) {
    return this.deps.swaps.pageForChat(chatId, { limit, offset });
  }
}
