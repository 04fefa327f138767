import { ExchangeApiError, ExchangeSchemaError } from "../exchange/errors.ts";
import { readPages } from "../exchange/paging.ts";
import { type Clock, realClock } from "../lib/clock.ts";
import { formatDecimal } from "../lib/decimal.ts";
import type { Logger } from "../lib/logger.ts";
import type { ExchangePort, ListedSwap as TransactionListItem } from "../swaps/exchange-port.ts";
import { progressFromDetail } from "../swaps/from-exchange.ts";
import type { TrackerStore } from "../swaps/ports.ts";
import type { OpenSwap } from "../swaps/swap.ts";
import { type CadenceOptions, heatOf, isDue } from "./cadence.ts";
import { DEFAULT_STUCK_AFTER_MS, type StuckThresholds, stuckSwaps } from "./stuck-swaps.ts";
import {
  DEFAULT_SLACK_MS,
  type DueSwap,
  parseUpstreamTime,
  WindowPlanner,
} from "./window-planner.ts";

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
  /** Open swaps the list does not show get a detail read; at most this many per cycle. */
  maxFallbackReads?: number;
  /** Detail reads per cycle when the list endpoint is unusable (default 10). */
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
  onCycle?: (stats: CycleStats) => void;
  /** Called after each stored change, so its push can go out at once. */
  onChange?: () => void;
}

/**
 * Asked for until the upstream shows its real cap (the spec does not give it): the larger the
 * pages it allows, the fewer reads a cycle costs.
 */
const DEFAULT_PAGE_SIZE = 500;

const DEFAULT_FALLBACK_READS = 5;
const NOT_FOUND_FIRST_MS = 30_000;
const NOT_FOUND_MAX_MS = 60 * 60_000;
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
const DEFAULT_READS_WITHOUT_LIST = 10;
/** An unusable list is tried again every this many cycles, in case the upstream fixed it. */
const LIST_RETRY_EVERY = 10;
/** A receipt whose detail read failed this many times is left to /status. */
const RECEIPT_TRIES = 3;

/** The list endpoint refused or garbled while the upstream answers: an outage is not this. */
function listUnusable(error: unknown): boolean {
  if (error instanceof ExchangeSchemaError) return true;
  return (
    error instanceof ExchangeApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 408, 429].includes(error.status)
  );
}

/**
 * Statuses whose push and card show fields only the detail has: the deposit hash (confirming: the
 * deposit was seen, with its explorer link), the payout hash, the refund address. The push goes
 * out first; the detail is read after it (the receipts).
 */
export const NEEDS_DETAIL: ReadonlySet<string> = new Set(["confirmation", "success", "refunded"]);

/** An open swap placed by its creation time (undefined: the upstream's time is unreadable). */
interface Placed {
  swap: OpenSwap;
  createdAtMs: number | undefined;
}

/** One cycle's working state. */
interface Cycle {
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

/**
 * Finds status changes of open swaps within the shared read budget. The list endpoint carries
 * the status of a whole page per read, so a cycle reads the list windows that hold the swaps due
 * this cycle (see window-planner.ts and cadence.ts) and fetches the detail only of swaps whose
 * status changed, or that the list does not show. Reads per cycle ≈ pages of the due swaps'
 * windows + changes, however many other transactions the API key's list holds.
 *
 * The first cycle after a start reads every open swap, so that what changed while the bot was
 * down is found at once. Later cycles read hot swaps first; cold ones whose turn it is take what
 * is left of the interval, the stalest first.
 *
 * One pass is one cycle: what to read, the reads, what they store and the pushes they queue. The
 * loop that runs it every interval is status-tracker.ts.
 */
export class StatusPass {
  private readonly clock: Clock;
  /** The pass under way's: aborts a read waiting for budget when the bot stops. */
  private signal: AbortSignal = new AbortController().signal;
  /** null: not loaded from the store yet. */
  private pageCap: number | undefined | null = null;
  private listUnusableLogged = false;
  /** After the list proved unusable, cycles to go before it is tried again. */
  private cyclesWithoutList = 0;
  /** Whether a full first cycle has completed since the start. */
  private caughtUp = false;
  /** Swaps their window did not show: followed by detail reads from then on. */
  private readonly listBlind = new Set<string>();
  /**
   * When each swap read by id last got an answer (any: a 404, a 5xx, a timeout), as a sequence
   * number: the next reads go to those answered longest ago, so every swap gets its turn.
   */
  private readonly answered = new Map<string, number>();
  private answers = 0;
  /**
   * Swaps whose change was pushed before their detail was read (hashes, final amounts), oldest
   * first, with the reads of it that failed.
   */
  private readonly receipts = new Map<string, number>();
  /** The state each stuck swap's chat was last told about (the outbox keeps it across restarts). */
  private readonly stuckTold = new Map<string, string>();
  /** When the last cycle finished (0: none yet): health checks read the lag from it. */
  lastCycleAt = 0;

  constructor(private readonly options: StatusPassOptions) {
    this.clock = options.clock ?? realClock;
  }

  /** After a start the first pass reads every open swap: what changed while the bot was down. */
  restart(): void {
    this.caughtUp = false;
  }

  /** One pass over the due swaps; `signal` aborts its waits for read budget. */
  async run(signal: AbortSignal): Promise<CycleStats> {
    this.signal = signal;
    const startedAt = this.clock.now();
    const { store } = this.options;
    if (this.pageCap === null) this.pageCap = await store.loadPageCap();
    const open = await store.listOpen(this.options.exchangeId);
    const stats = newCycleStats(
      open.length,
      this.pageCap ?? this.options.pageSize ?? DEFAULT_PAGE_SIZE,
    );
    const byId = new Map(open.map((swap) => [swap.id, swap]));
    for (const id of this.listBlind) if (!byId.has(id)) this.listBlind.delete(id);
    for (const id of this.answered.keys()) if (!byId.has(id)) this.answered.delete(id);
    for (const id of this.stuckTold.keys()) if (!byId.has(id)) this.stuckTold.delete(id);
    const positioned = open.map((swap) => ({
      swap,
      createdAtMs: parseUpstreamTime(swap.createdAt),
    }));
    const due = positioned.filter((one) => this.isDue(one, startedAt));
    stats.due = due.length;
    // A swap without a readable creation time cannot be placed in a window: details only.
    const listable = due.filter(
      (placed): placed is Placed & { createdAtMs: number } =>
        placed.createdAtMs !== undefined && !this.listBlind.has(placed.swap.id),
    );
    const cycle: Cycle = {
      startedAt,
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
    const listRead = due.length > 0 && (await this.readList(cycle, listable));
    for (const id of cycle.missed) this.listBlind.add(id);

    // Due swaps the list does not show (a window that lacked them, no readable creation time),
    // or every due swap when the list itself is unusable: reads by id, rationed, in turn.
    const listed = new Set(listable.map((placed) => placed.swap.id));
    const unlisted = due
      .map((placed) => placed.swap)
      .filter(
        (swap) =>
          !cycle.seen.has(swap.id) &&
          (!listRead || !listed.has(swap.id) || this.listBlind.has(swap.id)),
      );
    const ready = unlisted.filter((swap) => (swap.nextLookupAt ?? 0) <= startedAt);
    stats.backedOff = unlisted.length - ready.length;
    const slots = listRead
      ? (this.options.maxFallbackReads ?? DEFAULT_FALLBACK_READS)
      : (this.options.maxReadsWithoutList ?? DEFAULT_READS_WITHOUT_LIST);
    // Swaps answered 404 before never take a known swap's slot: they get what the known ones
    // leave, and one read a cycle of their own, so that their backoff and give-up move on.
    const known = this.inTurn(ready.filter((swap) => swap.notFoundSince === null)).slice(0, slots);
    const unknown = this.inTurn(ready.filter((swap) => swap.notFoundSince !== null)).slice(
      0,
      Math.max(1, slots - known.length),
    );
    await this.readDetails(cycle, [...known, ...unknown], listRead);
    // Checked as of the cycle's start: a cold swap's next turn is then never late.
    await store.markChecked([...cycle.seen], startedAt);
    if (listRead) this.caughtUp = true;
    await this.readReceipts(cycle);
    await this.tellStuck(cycle, open);
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

  /**
   * Reads the list windows of the due swaps: hot ones first, then the cold ones whose turn it is
   * in what is left of the interval, the stalest first (the first cycle after a start reads them
   * all). Returns false when the upstream's list endpoint is unusable
   * (refused, or answered with something that is not a list) while the upstream itself is up:
   * the cycle then falls back to detail reads rather than going blind.
   */
  private async readList(
    cycle: Cycle,
    listable: ReadonlyArray<Placed & { createdAtMs: number }>,
  ): Promise<boolean> {
    if (this.cyclesWithoutList > 0) {
      this.cyclesWithoutList--;
      return false;
    }
    const { intervalMs, logger } = this.options;
    const cadence = { intervalMs, ...this.options.cadence };
    const isHot = ({ swap, createdAtMs }: Placed) =>
      heatOf(
        { status: swap.status, createdAtMs, lastCheckedAt: null },
        cycle.startedAt,
        cadence,
      ) === "hot";
    const toDue = ({ swap, createdAtMs }: Placed & { createdAtMs: number }): DueSwap => ({
      id: swap.id,
      createdAtMs,
    });
    try {
      const hot = listable.filter(isHot).map(toDue);
      cycle.stats.hot = hot.length;
      await this.readWindows(cycle, hot, () => true);
      const cold = listable.filter((placed) => !isHot(placed));
      // When hot swaps alone fill the interval (a budget too small for the open swaps), cold ones
      // still get a fifth of the cycle's pages, and at least one: both then wait longer than
      // their cadence, rather than the cold ones for hours.
      const hotPages = cycle.pagesRead;
      const minColdPages = Math.max(1, Math.ceil(hotPages / 4));
      const deadline = cycle.startedAt + intervalMs;
      const inTime = () =>
        !this.caughtUp || cycle.pagesRead - hotPages < minColdPages || this.clock.now() < deadline;
      // The stalest first, one window at a time, so that a busy interval delays the newest turns
      // rather than starving the oldest. A window covers what lies below its newest swap: among
      // swaps read together (equally stale) it starts at the newest.
      const stalest = [...cold].sort(
        (a, b) =>
          (a.swap.lastCheckedAt ?? 0) - (b.swap.lastCheckedAt ?? 0) ||
          b.createdAtMs - a.createdAtMs,
      );
      for (const first of stalest) {
        if (cycle.seen.has(first.swap.id)) continue;
        if (!inTime()) break;
        const below = cold.filter(
          (placed) => !cycle.seen.has(placed.swap.id) && placed.createdAtMs <= first.createdAtMs,
        );
        await this.readWindows(cycle, below.map(toDue), inTime, 1);
      }
      cycle.stats.deferred = cold.filter((placed) => !cycle.seen.has(placed.swap.id)).length;
    } catch (error) {
      if (!listUnusable(error)) throw error;
      if (!this.listUnusableLogged) {
        logger.warn({ err: error }, "transaction list unusable: following open swaps one by one");
      }
      this.listUnusableLogged = true;
      this.cyclesWithoutList = LIST_RETRY_EVERY - 1;
      return false;
    }
    this.listUnusableLogged = false;
    return true;
  }

  /**
   * The order of reads by id: the swap whose last answer is the oldest first (never answered
   * first, the longest unchecked among those).
   */
  private inTurn(swaps: readonly OpenSwap[]): OpenSwap[] {
    const turn = (swap: OpenSwap) => this.answered.get(swap.id) ?? 0;
    return [...swaps].sort(
      (a, b) => turn(a) - turn(b) || (a.lastCheckedAt ?? 0) - (b.lastCheckedAt ?? 0),
    );
  }

  /**
   * Reads by id of swaps the list cannot show. Every answer moves the swap to the back of the
   * turn. A 404 puts its next read off, and gives it up once the exchange has not known it for a
   * day. A 5xx or a timeout ends this cycle's reads by id (the others keep their turn); it fails
   * the cycle (which then backs off) only when nothing else of the exchange answered this cycle.
   */
  private async readDetails(
    cycle: Cycle,
    swaps: readonly OpenSwap[],
    listRead: boolean,
  ): Promise<void> {
    const { exchange, store, logger } = this.options;
    let answered = listRead;
    for (const swap of swaps) {
      cycle.stats.fallbackReads++;
      try {
        const detail = await exchange.getTransaction(swap.id, {
          background: true,
          signal: this.signal,
        });
        this.answered.set(swap.id, ++this.answers);
        answered = true;
        if (await store.applyProgress(swap.id, progressFromDetail(detail), this.clock.now())) {
          cycle.changed.add(swap.id);
        }
        cycle.seen.add(swap.id);
        this.options.onChange?.();
      } catch (error) {
        if (this.signal.aborted) throw error;
        this.answered.set(swap.id, ++this.answers);
        if (error instanceof ExchangeApiError && error.status === 404) {
          answered = true;
          cycle.stats.notFound++;
          await this.notFound(swap, cycle.stats);
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

  /** Backs a swap the exchange answered 404 for off, or gives it up after a day of them. */
  private async notFound(swap: OpenSwap, stats: CycleStats): Promise<void> {
    const { store, logger } = this.options;
    const now = this.clock.now();
    const since = swap.notFoundSince ?? now;
    if (now - since >= (this.options.giveUpAfterMs ?? GIVE_UP_AFTER_MS)) {
      stats.givenUp++;
      logger.warn(
        { transaction: swap.id, notFoundSince: new Date(since).toISOString() },
        "tracker: the exchange has not known this swap for a day: given up, its chat is told",
      );
      if (await store.giveUp(swap.id, now)) this.options.onChange?.();
      return;
    }
    const { firstMs = NOT_FOUND_FIRST_MS, maxMs = NOT_FOUND_MAX_MS } =
      this.options.notFoundBackoff ?? {};
    const waitMs = Math.min(maxMs, Math.max(firstMs, now - since));
    logger.info(
      { transaction: swap.id, nextReadInMs: waitMs, notFoundSince: new Date(since).toISOString() },
      "tracker: the exchange does not know this swap (404): read again later",
    );
    await store.recordNotFound(swap.id, now, now + waitMs);
  }

  /**
   * Reads the windows that hold `swaps` (see WindowPlanner), announcing the changes each page
   * shows as soon as it is read: with 10,000 open swaps a pass takes most of a minute. Stops once
   * `inTime` says so, or after `maxWindows` windows.
   */
  private async readWindows(
    cycle: Cycle,
    swaps: readonly DueSwap[],
    inTime: () => boolean,
    maxWindows = Number.POSITIVE_INFINITY,
  ): Promise<void> {
    const { exchange, store, logger } = this.options;
    const planner = new WindowPlanner(
      swaps.filter((swap) => !cycle.seen.has(swap.id)),
      {
        slackMs: this.options.slackMs ?? DEFAULT_SLACK_MS,
        floorMs: cycle.floorMs,
      },
    );
    for (
      let window = planner.next(), opened = 0;
      window && inTime() && opened < maxWindows;
      window = planner.next(), opened++
    ) {
      const { dateFrom, dateTo } = window;
      cycle.stats.windows++;
      const read = await readPages<TransactionListItem>({
        size: this.pageCap ?? this.options.pageSize ?? DEFAULT_PAGE_SIZE,
        fetchPage: (page, size) =>
          exchange.listTransactions(
            { page, size, dateFrom, dateTo },
            { background: true, signal: this.signal },
          ),
        onPage: async (items, progress) => {
          cycle.pagesRead++;
          for (const item of items) {
            const swap = cycle.byId.get(item.id);
            if (!swap || cycle.seen.has(item.id)) continue;
            cycle.seen.add(item.id);
            this.listBlind.delete(item.id);
            if (item.status !== swap.status) {
              cycle.changed.add(item.id);
              await this.announce(item, cycle.stats);
            }
          }
          return planner.page(items, progress) && inTime();
        },
        onCap: async (size) => {
          this.pageCap = size;
          await store.savePageCap(size);
          logger.info({ pageCap: size }, "learned the transaction list page-size cap");
        },
      });
      cycle.stats.pages += read.reads;
      cycle.stats.pageCap = read.size;
    }
    cycle.missed.push(...planner.missed());
  }

  /**
   * Swaps that stayed confirming or exchanging far longer than usual get one message saying so:
   * an outbox row, once per swap and state (the outbox refuses a second one, also after a
   * restart). A swap that moved on this cycle is not stuck.
   */
  private async tellStuck(cycle: Cycle, open: readonly OpenSwap[]): Promise<void> {
    const thresholds = this.options.stuckAfterMs ?? DEFAULT_STUCK_AFTER_MS;
    for (const swap of stuckSwaps(open, this.clock.now(), thresholds)) {
      if (cycle.changed.has(swap.id) || this.stuckTold.get(swap.id) === swap.status) continue;
      if (await this.options.store.queueStuck(swap, this.clock.now())) this.options.onChange?.();
      this.stuckTold.set(swap.id, swap.status);
    }
  }

  /**
   * Stores and announces one change at once: the list carries the new status (and the amount
   * received). A swap whose deposit was seen or that finished also needs its detail (the hashes),
   * read after the push (readReceipts): the push never waits for a read.
   */
  private async announce(item: TransactionListItem, stats: CycleStats): Promise<void> {
    stats.changes++;
    const amountOut =
      item.status === "success" && item.amountOut !== null && item.amountOut !== undefined
        ? item.amountOut
        : 0;
    await this.options.store.applyProgress(
      item.id,
      { status: item.status, ...(amountOut > 0 ? { amountOut: formatDecimal(amountOut) } : {}) },
      this.clock.now(),
    );
    this.options.onChange?.();
    if (NEEDS_DETAIL.has(item.status)) this.receipts.set(item.id, this.receipts.get(item.id) ?? 0);
  }

  /**
   * Reads the detail of swaps whose change was pushed without it, oldest first, in what is left
   * of the interval (at least one a cycle): the receipt edits their card, and a complete swap's
   * payout becomes a message of its own when its push went out without it. A failing read ends
   * this cycle's receipts; after RECEIPT_TRIES the hashes are left to /status.
   */
  private async readReceipts(cycle: Cycle): Promise<void> {
    const { exchange, store, logger, intervalMs } = this.options;
    const deadline = cycle.startedAt + intervalMs;
    let read = 0;
    for (const [id, failures] of this.receipts) {
      if (read > 0 && this.clock.now() >= deadline) return;
      read++;
      cycle.stats.detailReads++;
      this.receipts.delete(id);
      try {
        const detail = await exchange.getTransaction(id, { background: true, signal: this.signal });
        if (await store.applyReceipt(id, progressFromDetail(detail), this.clock.now())) {
          this.options.onChange?.();
        }
      } catch (error) {
        if (this.signal.aborted) throw error;
        logger.warn({ err: error, transaction: id }, "tracker: detail read failed");
        const final = error instanceof ExchangeApiError && error.status < 500;
        if (!final && failures + 1 < RECEIPT_TRIES) this.receipts.set(id, failures + 1);
        return;
      }
    }
  }

  private finish(stats: CycleStats, started: number): CycleStats {
    stats.reads = stats.pages + stats.detailReads + stats.fallbackReads;
    stats.durationMs = this.clock.now() - started;
    this.lastCycleAt = this.clock.now();
    this.options.onCycle?.(stats);
    return stats;
  }
}
