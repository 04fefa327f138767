import { type Clock, realClock } from "../lib/clock.ts";
import { isDue } from "./cadence.ts";
import { ListReads } from "./list-reads.ts";
import {
  newPassStats,
  type PassContext,
  type PassState,
  type PassStats,
  type Placed,
  type StatusPassOptions,
} from "./pass-parts.ts";
import { ReadsById } from "./reads-by-id.ts";
import { Receipts } from "./receipts.ts";
import { StuckNotices } from "./stuck-notices.ts";
import { parseUpstreamTime } from "./window-planner.ts";

const DEFAULT_FALLBACK_READS = 5;
const DEFAULT_READS_WITHOUT_LIST = 10;

/**
 * Finds status changes of open swaps within the shared read budget. The list endpoint carries
 * the status of a whole page per read, so a cycle reads the list windows that hold the swaps due
 * this cycle (list-reads.ts, window-planner.ts and cadence.ts) and fetches the detail only of
 * swaps whose status changed (receipts.ts), or that the list does not show (reads-by-id.ts; a 404
 * backs off and gives up: not-found.ts). Reads per cycle ≈ pages of the due swaps' windows +
 * changes, however many other transactions the API key's list holds. Stuck swaps are told once
 * (stuck-notices.ts). What the parts share (the settings, a pass's counts and working state) is
 * pass-parts.ts.
 *
 * The first cycle after a start reads every open swap, so that what changed while the bot was
 * down is found at once. Later cycles read hot swaps first; cold ones whose turn it is take what
 * is left of the interval, the stalest first.
 *
 * One pass is one cycle: what to read, the reads, what they store and the pushes they queue. The
 * loop that runs it every interval is status-tracker.ts.
 */
export class StatusPass implements PassContext {
  readonly clock: Clock;
  /** Whether a full first cycle has completed since the start. */
  private caughtUp = false;
  private readonly receipts = new Receipts(this);
  private readonly list = new ListReads(this, this.receipts);
  private readonly byId = new ReadsById(this);
  private readonly stuck = new StuckNotices(this);
  /** When the last pass finished (0: none yet): health checks read the lag from it. */
  lastPassAt = 0;

  constructor(readonly options: StatusPassOptions) {
    this.clock = options.clock ?? realClock;
  }

  /** After a start the first pass reads every open swap: what changed while the bot was down. */
  restart(): void {
    this.caughtUp = false;
  }

  /** One pass over the due swaps; `signal` aborts its waits for read budget. */
  async run(signal: AbortSignal): Promise<PassStats> {
    const startedAt = this.clock.now();
    const { store } = this.options;
    const pageSize = await this.list.pageSize();
    const open = await store.listOpen(this.options.exchangeId);
    const stats = newPassStats(open.length, pageSize);
    const byId = new Map(open.map((swap) => [swap.id, swap]));
    this.list.keepOnly(byId);
    this.byId.keepOnly(byId);
    this.stuck.keepOnly(byId);
    const positioned = open.map((swap) => ({
      swap,
      createdAtMs: parseUpstreamTime(swap.createdAt),
    }));
    const due = positioned.filter((one) => this.isDue(one, startedAt));
    stats.due = due.length;
    // A swap without a readable creation time cannot be placed in a window: details only.
    const listable = due.filter(
      (placed): placed is Placed & { createdAtMs: number } =>
        placed.createdAtMs !== undefined && !this.list.blind(placed.swap.id),
    );
    const cycle: PassState = {
      startedAt,
      signal,
      byId,
      seen: new Set(),
      missed: [],
      stats,
      pagesRead: 0,
      changed: new Set(),
      floorMs: positioned.reduce<number | undefined>(
        (oldest, { createdAtMs }) =>
          createdAtMs === undefined ? oldest : Math.min(oldest ?? createdAtMs, createdAtMs),
        undefined,
      ),
    };
    const listRead = due.length > 0 && (await this.list.read(cycle, listable, this.caughtUp));
    this.list.markBlind(cycle.missed);

    // Due swaps the list does not show (a window that lacked them, no readable creation time),
    // or every due swap when the list itself is unusable: reads by id, rationed, in turn.
    const listed = new Set(listable.map((placed) => placed.swap.id));
    const unlisted = due
      .map((placed) => placed.swap)
      .filter(
        (swap) =>
          !cycle.seen.has(swap.id) &&
          (!listRead || !listed.has(swap.id) || this.list.blind(swap.id)),
      );
    const ready = unlisted.filter((swap) => (swap.nextLookupAt ?? 0) <= startedAt);
    stats.backedOff = unlisted.length - ready.length;
    const slots = listRead
      ? (this.options.maxFallbackReads ?? DEFAULT_FALLBACK_READS)
      : (this.options.maxReadsWithoutList ?? DEFAULT_READS_WITHOUT_LIST);
    // Swaps answered 404 before never take a known swap's slot: they get what the known ones
    // leave, and one read a cycle of their own, so that their backoff and give-up move on.
    const known = this.byId.inTurn(ready.filter((swap) => swap.notFoundSince === null));
    const unknown = this.byId.inTurn(ready.filter((swap) => swap.notFoundSince !== null));
    const chosenKnown = known.slice(0, slots);
    const chosenUnknown = unknown.slice(0, Math.max(1, slots - chosenKnown.length));
    await this.byId.read(cycle, [...chosenKnown, ...chosenUnknown], listRead);
    // Checked as of the cycle's start: a cold swap's next turn is then never late.
    await store.markChecked([...cycle.seen], startedAt);
    if (listRead) this.caughtUp = true;
    await this.receipts.read(cycle);
    await this.stuck.tell(cycle, open);
    return this.finish(stats, startedAt);
  }

  /** Every swap in the first cycle after a start; else by cadence. */
  private isDue({ swap, createdAtMs }: Placed, now: number): boolean {
    if (!this.caughtUp) return true;
    const cadence = { intervalMs: this.options.intervalMs, ...this.options.cadence };
    return isDue(
      { status: swap.status, createdAtMs, lastCheckedAt: swap.lastCheckedAt },
      now,
      cadence,
    );
  }

  private finish(stats: PassStats, started: number): PassStats {
    stats.reads = stats.pages + stats.detailReads + stats.fallbackReads;
    stats.durationMs = this.clock.now() - started;
    this.lastPassAt = this.clock.now();
    this.options.onPass?.(stats);
    return stats;
  }
}
