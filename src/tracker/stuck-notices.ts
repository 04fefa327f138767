import type { OpenSwap } from "../swaps/swap.ts";
import type { PassContext, PassState } from "./pass-parts.ts";
import { DEFAULT_STUCK_AFTER_MS, stuckSwaps } from "./stuck-swaps.ts";

/**
 * Swaps that stayed confirming or exchanging far longer than usual get one message saying so:
 * an outbox row, once per swap and state (the outbox refuses a second one, also after a
 * restart). A swap that moved on this cycle is not stuck.
 */
export class StuckNotices {
  /** The state each stuck swap's chat was last told about (the outbox keeps it across restarts). */
  private readonly told = new Map<string, string>();

  constructor(private readonly pass: PassContext) {}

  /** Forgets the swaps no longer open. */
  keepOnly(open: ReadonlyMap<string, OpenSwap>): void {
    for (const id of this.told.keys()) if (!open.has(id)) this.told.delete(id);
  }

  async tell(cycle: PassState, open: readonly OpenSwap[]): Promise<void> {
    const { clock, options } = this.pass;
    const thresholds = options.stuckAfterMs ?? DEFAULT_STUCK_AFTER_MS;
    for (const swap of stuckSwaps(open, clock.now(), thresholds)) {
      if (cycle.changed.has(swap.id) || this.told.get(swap.id) === swap.status) continue;
      if (await options.store.queueStuck(swap, clock.now())) options.onChange?.();
      this.told.set(swap.id, swap.status);
    }
  }
}
