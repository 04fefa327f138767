/**
 * Which parts of the transaction list a tracker cycle reads. The list holds every transaction of
 * the API key (a website sharing it, the bot's own finished swaps), newest first, filtered by
 * `dateFrom`/`dateTo`; reading it from the oldest open swap on costs a page per `size`
 * transactions created since, however few of them are open.
 *
 * The planner reads only windows that hold due swaps. A window ends just after the newest due
 * swap not yet seen (a group starts there) and is read page by page while the next due swap lies
 * within reach of the next page, judged by this page's density, or while one more page finishes
 * the window by its `count` (the groups merge: that saves a read). A due swap further down opens
 * a new window, skipping the transactions in between. Each read thus covers the `size`
 * transactions below the newest uncovered due swap, which is the fewest reads that show them all.
 * Pure: the tracker does the reading.
 */

/** A swap this cycle must see, placed by the upstream's creation time. */
export interface DueSwap {
  id: string;
  createdAtMs: number;
}

/** `GET /transactions?dateFrom=…&dateTo=…`, both inclusive; no dateTo: up to now. */
export interface ListWindow {
  dateFrom: string;
  dateTo: string | undefined;
}

interface ListItemTime {
  id: string;
  createdAt: string;
}

export interface WindowPlannerOptions {
  /**
   * How far every bound is widened. An upstream that shows its creation time rounded to the second but
   * filters on the exact time (or the other way round) is off by up to a second.
   */
  slackMs: number;
  /**
   * Windows start no later than this: the oldest open swap, when the planner is given only some
   * of them (hot ones first, due ones only), so that a page reaching below them shows the others
   * too. The list is newest first: a lower start costs no read.
   */
  floorMs?: number;
}

/** The slack that covers an upstream rounding its timestamps to the second. */
export const DEFAULT_SLACK_MS = 1_000;

/**
 * The upstream's ISO 8601 time in epoch ms, or undefined when it is not one. The spec's times are
 * UTC: one written without a zone is read as UTC, not as the bot's local time.
 */
export function parseUpstreamTime(value: string): number | undefined {
  // The common case, read for every open swap every cycle: a plain UTC time.
  if (value.endsWith("Z") && value.includes("T")) {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return ms;
  }
  const text = value.trim().replace(" ", "T");
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) || !text.includes("T") ? text : `${text}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : ms;
}

const floorSecond = (ms: number) => Math.floor(ms / 1_000) * 1_000;
const ceilSecond = (ms: number) => Math.ceil(ms / 1_000) * 1_000;

export class WindowPlanner {
  /** Due swaps not yet seen nor given up on, newest first. */
  private pending: DueSwap[];
  private readonly missedIds: string[] = [];
  /** Every window starts here: the oldest due swap, widened to the whole second below. */
  private readonly fromMs: number;
  /** The swap the current window was opened for. */
  private top: DueSwap | undefined;
  /** Windows opened so far. */
  windows = 0;

  constructor(
    swaps: readonly DueSwap[],
    private readonly options: WindowPlannerOptions,
  ) {
    this.pending = [...swaps].sort((a, b) => b.createdAtMs - a.createdAtMs);
    const oldest = Math.min(
      this.pending.at(-1)?.createdAtMs ?? Number.POSITIVE_INFINITY,
      options.floorMs ?? Number.POSITIVE_INFINITY,
    );
    this.fromMs = Number.isFinite(oldest) ? floorSecond(oldest - options.slackMs) : 0;
  }

  /** The next window to read, or undefined once every due swap was seen or given up on. */
  next(): ListWindow | undefined {
    // A window answers for the swap it was opened for: one that ended without showing it (an
    // upstream ignoring dateTo, a read cut short) must not open the same window again.
    if (this.top && this.pending[0] === this.top) this.giveUp([this.top]);
    const top = this.pending[0];
    this.top = top;
    if (!top) return undefined;
    this.windows++;
    return {
      dateFrom: new Date(this.fromMs).toISOString(),
      dateTo: new Date(ceilSecond(top.createdAtMs + this.options.slackMs)).toISOString(),
    };
  }

  /**
   * Takes one page of the current window (its items, the window's `count` and how many items of
   * it were read so far). Returns whether the window's next page is the way on: when the next due
   * swap lies within half this page's span below it (the next page, as dense, reaches it), or one
   * more page finishes the window anyway. Otherwise the next window skips ahead to that swap.
   */
  page(items: readonly ListItemTime[], progress: { count: number; fetched: number }): boolean {
    const shown = new Set(items.map((item) => item.id));
    this.pending = this.pending.filter((swap) => !shown.has(swap.id));
    const remaining = progress.count - progress.fetched;
    if (items.length === 0 || remaining <= 0) {
      // The window was read to its start, the oldest due swap: what it did not show, it lacks.
      this.giveUp(this.pending);
      return false;
    }
    let bottom = Number.POSITIVE_INFINITY;
    let top = Number.NEGATIVE_INFINITY;
    for (const item of items) {
      const at = parseUpstreamTime(item.createdAt);
      if (at === undefined) continue;
      bottom = Math.min(bottom, at);
      top = Math.max(top, at);
    }
    // A page whose times cannot be read says nothing of where it ends: read on.
    if (!Number.isFinite(bottom)) return this.pending.length > 0;
    const { slackMs } = this.options;
    // Due swaps above this page's oldest item lay in what the window has read.
    this.giveUp(this.pending.filter((swap) => swap.createdAtMs > bottom + slackMs));
    const next = this.pending[0];
    if (!next) return false;
    const reach = Math.max(slackMs, (top - bottom) / 2);
    return next.createdAtMs >= bottom - reach || remaining <= items.length;
  }

  /** Due swaps their window did not show: each needs a detail read. */
  missed(): string[] {
    return [...this.missedIds];
  }

  private giveUp(swaps: readonly DueSwap[]): void {
    if (swaps.length === 0) return;
    const gone = new Set(swaps);
    for (const swap of swaps) this.missedIds.push(swap.id);
    this.pending = this.pending.filter((swap) => !gone.has(swap));
  }
}
