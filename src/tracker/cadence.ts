/**
 * How often an open swap is read, by how likely it is to change. A swap just created, or whose
 * deposit is confirming or being exchanged, moves within minutes and its user is watching: it is
 * read every cycle. One that has waited for its deposit for more than an hour rarely moves (most
 * deposits come within half an hour): it is read less often, yet often enough that its push, when
 * it does move, lands within `maxStalenessMs`.
 */

export interface CadenceOptions {
  intervalMs: number;
  /** A swap waiting for its deposit longer than this is read less often (default one hour). */
  longWaitAfterMs?: number;
  /** The longest a long-waiting swap's change may go unpushed (default two minutes). */
  maxStalenessMs?: number;
}

interface CadenceSwap {
  status: string;
  /** Undefined when the upstream's created_at could not be read. */
  createdAtMs: number | undefined;
  lastCheckedAt: number | null;
}

type Heat = "hot" | "cold";

const LONG_WAIT_AFTER_MS = 60 * 60_000;
const MAX_STALENESS_MS = 2 * 60_000;

/** Whether a swap is read every cycle (hot) or on its turn (cold). */
export function heatOf(swap: CadenceSwap, now: number, options: CadenceOptions): Heat {
  if (swap.status !== "wait" || swap.createdAtMs === undefined) return "hot";
  const longWait = options.longWaitAfterMs ?? LONG_WAIT_AFTER_MS;
  return now - swap.createdAtMs > longWait ? "cold" : "hot";
}

/**
 * How long a cold swap goes unread. The cycle that finds it due may start up to one interval
 * later and read it some seconds in, so the period leaves two intervals of the staleness
 * allowed; with a long interval, cold swaps are simply read every cycle.
 */
export function coldPeriodMs(options: CadenceOptions): number {
  const maxStaleness = options.maxStalenessMs ?? MAX_STALENESS_MS;
  return Math.max(options.intervalMs, maxStaleness - 2 * options.intervalMs);
}

/** Whether the cycle starting at `now` must read this swap. */
export function isDue(swap: CadenceSwap, now: number, options: CadenceOptions): boolean {
  if (heatOf(swap, now, options) === "hot") return true;
  return swap.lastCheckedAt === null || now - swap.lastCheckedAt >= coldPeriodMs(options);
}
