import type { Clock } from "../lib/clock.ts";
import type { OpenSwap } from "../swaps/swap.ts";
import type { StatusPassOptions } from "./status-pass.ts";

export interface CycleStats {
  open: number;
  /** Open swaps this cycle had to read: every hot one, and the cold ones whose turn it was. */
  due: number;
  /** Of those, the ones read every cycle (just created, confirming, exchanging). */
  hot: number;
  /** List windows opened (each costs at least one page). */
  windows: number;
  pages: number;
  changes: number;
  /** Reads of the detail of swaps whose change was pushed (the receipts: hashes, amounts). */
  detailReads: number;
  /** Reads by id of swaps the list did not show (every answer counts, a 404 included). */
  fallbackReads: number;
  /** Of those, the ones the exchange answered 404. */
  notFound: number;
  /** Unlisted swaps not read by id this cycle because a 404 put their next read off. */
  backedOff: number;
  /** Swaps given up this cycle (unknown to the exchange for `giveUpAfterMs`). */
  givenUp: number;
  /** Cold swaps left for a later cycle because this one had used up its interval. */
  deferred: number;
  /** Reads spent in this cycle: pages + detail reads (completed swaps) + fallback reads. */
  reads: number;
  durationMs: number;
  pageCap: number;
}

/** A cycle's counts before it reads anything. */
export function newCycleStats(open: number, pageCap: number): CycleStats {
  return {
    open,
    due: 0,
    hot: 0,
    windows: 0,
    pages: 0,
    changes: 0,
    detailReads: 0,
    fallbackReads: 0,
    notFound: 0,
    backedOff: 0,
    givenUp: 0,
    deferred: 0,
    reads: 0,
    durationMs: 0,
    pageCap,
  };
}

/** An open swap placed by its creation time (undefined: the upstream's time is unreadable). */
export interface Placed {
  swap: OpenSwap;
  createdAtMs: number | undefined;
}

/** One cycle's working state. */
export interface Cycle {
  startedAt: number;
  byId: ReadonlyMap<string, OpenSwap>;
  seen: Set<string>;
  missed: string[];
  stats: CycleStats;
  /**
   * The oldest open swap's creation time, due or not: where every window of the cycle starts.
   * The list is newest first, so a lower start adds no read; it lets a page that reaches below
   * the due swaps show the swaps not yet due there too, read for free.
   */
  floorMs: number | undefined;
  /** List pages read so far. */
  pagesRead: number;
  /** Swaps whose new status this cycle stored. */
  changed: Set<string>;
}

/** What each of a pass's parts reads: its settings, the clock, the signal of the pass under way. */
export interface PassContext {
  readonly options: StatusPassOptions;
  readonly clock: Clock;
  /** Aborts a read waiting for budget when the bot stops. */
  readonly signal: AbortSignal;
}
