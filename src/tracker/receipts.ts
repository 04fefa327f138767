import { ExchangeApiError } from "../swaps/exchange-errors.ts";
import { progressFromDetail } from "../swaps/from-exchange.ts";
import type { PassContext, PassState } from "./pass-parts.ts";

/** A receipt whose detail read failed this many times is left to /status. */
const RECEIPT_TRIES = 3;

/**
 * Statuses whose push and card show fields only the detail has: the deposit hash (confirming: the
 * deposit was seen, with its explorer link), the payout hash, the refund address. The push goes
 * out first; the detail is read after it (the receipts).
 */
export const NEEDS_DETAIL: ReadonlySet<string> = new Set(["confirmation", "success", "refunded"]);

/**
 * Swaps whose change was pushed before their detail was read (hashes, final amounts), oldest
 * first, with the reads of it that failed.
 */
export class Receipts {
  private readonly waiting = new Map<string, number>();

  constructor(private readonly pass: PassContext) {}

  /** A change the list showed: its detail is read after the push when its status needs it. */
  changed(id: string, status: string): void {
    if (NEEDS_DETAIL.has(status)) this.waiting.set(id, this.waiting.get(id) ?? 0);
  }

  /**
   * Reads the detail of swaps whose change was pushed without it, oldest first, in what is left
   * of the interval (at least one a cycle): the receipt edits their card, and a complete swap's
   * payout becomes a message of its own when its push went out without it. A failing read ends
   * this cycle's receipts; after RECEIPT_TRIES the hashes are left to /status.
   */
  async read(cycle: PassState): Promise<void> {
    const { exchange, store, logger, intervalMs, onChange } = this.pass.options;
    const deadline = cycle.startedAt + intervalMs;
    let read = 0;
    for (const [id, failures] of this.waiting) {
      if (read > 0 && this.pass.clock.now() >= deadline) return;
      read++;
      cycle.stats.detailReads++;
      this.waiting.delete(id);
      const signal = cycle.signal;
      try {
        const detail = await exchange.getTransaction(id, { background: true, signal });
        if (await store.applyReceipt(id, progressFromDetail(detail), this.pass.clock.now())) {
          onChange?.();
        }
      } catch (error) {
        if (signal.aborted) throw error;
        logger.warn({ err: error, transaction: id }, "tracker: detail read failed");
        const final = error instanceof ExchangeApiError && error.status < 500;
        if (!final && failures + 1 < RECEIPT_TRIES) this.waiting.set(id, failures + 1);
        return;
      }
    }
  }
}
