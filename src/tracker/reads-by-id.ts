import { ExchangeApiError } from "../swaps/exchange-errors.ts";
import { progressFromDetail } from "../swaps/from-exchange.ts";
import type { OpenSwap } from "../swaps/swap.ts";
import { backOffOrGiveUp } from "./not-found.ts";
import type { PassContext, PassState } from "./pass-parts.ts";

/**
 * Reads by id of the swaps the list cannot show, in turn: every answer (a 404, a 5xx, a timeout)
 * moves the swap to the back, so every swap gets its turn.
 */
export class ReadsById {
  /** When each swap read by id last got an answer, as a sequence number. */
  private readonly answered = new Map<string, number>();
  private answers = 0;

  constructor(private readonly pass: PassContext) {}

  /** Forgets the swaps no longer open. */
  keepOnly(open: ReadonlyMap<string, OpenSwap>): void {
    for (const id of this.answered.keys()) if (!open.has(id)) this.answered.delete(id);
  }

  /**
   * The order of reads by id: the swap whose last answer is the oldest first (never answered
   * first, the longest unchecked among those).
   */
  inTurn(swaps: readonly OpenSwap[]): OpenSwap[] {
    const turn = (swap: OpenSwap) => this.answered.get(swap.id) ?? 0;
    return [...swaps].sort(
      (a, b) => turn(a) - turn(b) || (a.lastCheckedAt ?? 0) - (b.lastCheckedAt ?? 0),
    );
  }

  /**
   * Reads `swaps` by id. A 404 puts the swap's next read off, and gives it up once the exchange
   * has not known it for a day (not-found.ts). A 5xx or a timeout ends this cycle's reads by id
   * (the others keep their turn); it fails the cycle (which then backs off) only when nothing
   * else of the exchange answered this cycle.
   */
  async read(cycle: PassState, swaps: readonly OpenSwap[], listRead: boolean): Promise<void> {
    const { exchange, store, logger } = this.pass.options;
    let answered = listRead;
    for (const swap of swaps) {
      cycle.stats.fallbackReads++;
      const signal = cycle.signal;
      try {
        const detail = await exchange.getTransaction(swap.id, { background: true, signal });
        this.answered.set(swap.id, ++this.answers);
        answered = true;
        if (await store.applyProgress(swap.id, progressFromDetail(detail), this.pass.clock.now())) {
          cycle.changed.add(swap.id);
        }
        cycle.seen.add(swap.id);
        this.pass.options.onChange?.();
      } catch (error) {
        if (signal.aborted) throw error;
        this.answered.set(swap.id, ++this.answers);
        if (error instanceof ExchangeApiError && error.status === 404) {
          answered = true;
          cycle.stats.notFound++;
          await backOffOrGiveUp(this.pass, swap, cycle.stats);
        } else if (error instanceof ExchangeApiError && error.status < 500) {
          answered = true;
          logger.warn({ err: error, transaction: swap.id }, "tracker: read by id refused");
        } else {
          logger.warn({ err: error, transaction: swap.id }, "tracker: read by id failed");
          if (!answered) throw error;
          return;
        }
      }
    }
  }
}
