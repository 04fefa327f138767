import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { ExchangePort } from "../swaps/exchange-port.ts";
import type { OpenSwap } from "../swaps/swap.ts";
import type { TrackerStore } from "../swaps/tracker-store.ts";
import type { CadenceOptions } from "./cadence.ts";
import type { StuckThresholds } from "./stuck-swaps.ts";

/**
 * What the status pass (status-pass.ts) and its parts (list-reads.ts, reads-by-id.ts,
 * not-found.ts, receipts.ts, stuck-notices.ts) share: the pass's settings, its counts, its
 * working state. Declared here, apart from all of them, so that none imports another back.
 */

/** A pass's counts: what it found and what it read. */
export interface PassStats {
  open: number;
  /** Open swaps this pass had to read: every hot one, and the cold ones whose turn it was. */
  due: number;
  /** Of those, the ones read every pass (just created, confirming, exchanging). */
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
  /** Unlisted swaps not read by id this pass because a 404 put their next read off. */
  backedOff: number;
  /** Swaps given up this pass (unknown to the exchange for `giveUpAfterMs`). */
  givenUp: number;
  /** Cold swaps left for a later pass because this one had used up its interval. */
  deferred: number;
  /** Reads spent in this pass: pages + detail reads (completed swaps) + fallback reads. */
  reads: number;
  durationMs: number;
  pageCap: number;
}

/** A pass's counts before it reads anything. */
export function newPassStats(open: number, pageCap: number): PassStats {
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

/** One pass's working state: what each part is given to read and to add to. */
export interface PassState {
  startedAt: number;
  /** Aborts the pass's reads waiting for budget when the bot stops. */
  readonly signal: AbortSignal;
  byId: ReadonlyMap<string, OpenSwap>;
  seen: Set<string>;
  missed: string[];
  stats: PassStats;
  /**
   * The oldest open swap's creation time, due or not: where every window of the pass starts.
   * The list is newest first, so a lower start adds no read; it lets a page that reaches below
   * the due swaps show the swaps not yet due there too, read for free.
   */
  floorMs: number | undefined;
  /** List pages read so far. */
  pagesRead: number;
  /** Swaps whose new status this pass stored. */
  changed: Set<string>;
}

/** The status pass's settings: the tracker's (status-tracker.ts runs the pass with them). */
export interface StatusPassOptions {
  exchange: ExchangePort;
  /** The exchange `exchange` talks to (see `exchangeIdOf`): other exchanges' swaps are not read. */
  exchangeId: string;
  store: TrackerStore;
  logger: Logger;
  /** How often a pass starts: hot swaps are read every pass, cold ones on their turn. */
  intervalMs: number;
  /** Where the time is read (default: the real clock); tests move it. */
  clock?: Clock;
  /** When a waiting swap turns cold, and how stale a cold one may get (see cadence.ts). */
  cadence?: Omit<CadenceOptions, "intervalMs">;
  /** How far window bounds are widened for an upstream that rounds its timestamps. */
  slackMs?: number;
  /** Page size asked for first; the upstream may answer with fewer per page (its cap). */
  pageSize?: number;
  /** Open swaps the list does not show get a detail read; at most this many per pass. */
  maxFallbackReads?: number;
  /** Detail reads per pass when the list endpoint is unusable (default 10). */
  maxReadsWithoutList?: number;
  /**
   * After a 404 a swap is not read by id for as long as the exchange has not known it (so the
   * intervals double), at least `firstMs` and at most `maxMs`.
   */
  notFoundBackoff?: { firstMs?: number; maxMs?: number };
  /** A swap the exchange has answered 404 for since this long ago is given up (default 24 h). */
  giveUpAfterMs?: number;
  /** How long a swap may confirm, or exchange, before its chat is told (see stuck-swaps.ts). */
  stuckAfterMs?: StuckThresholds;
  /** Called with each pass's counts when it ends. */
  onPass?: (stats: PassStats) => void;
  /** Called after each stored change, so its push can go out at once. */
  onChange?: () => void;
}

/** What each of a pass's parts reads, the same for every pass: its settings and the clock. */
export interface PassContext {
  readonly options: StatusPassOptions;
  readonly clock: Clock;
}
