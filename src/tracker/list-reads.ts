import { readPages } from "../exchange/paging.ts";
import { formatDecimal } from "../lib/decimal.ts";
import { ExchangeApiError, ExchangeSchemaError } from "../swaps/exchange-errors.ts";
import type { ListedSwap } from "../swaps/exchange-port.ts";
import { holdOf } from "../swaps/from-exchange.ts";
import type { OpenSwap } from "../swaps/swap.ts";
import { heatOf } from "./cadence.ts";
import type { PassContext, PassState, PassStats, Placed } from "./pass-parts.ts";
import type { Receipts } from "./receipts.ts";
import { DEFAULT_SLACK_MS, type DueSwap, WindowPlanner } from "./window-planner.ts";

/**
 * Asked for until the upstream shows its real cap (the spec does not give it): the larger the
 * pages it allows, the fewer reads a cycle costs.
 */
const DEFAULT_PAGE_SIZE = 500;
/** An unusable list is tried again every this many cycles, in case the upstream fixed it. */
const LIST_RETRY_EVERY = 10;

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
 * The list windows of a pass: the list endpoint carries the status of a whole page per read, so a
 * cycle reads the windows that hold its due swaps (window-planner.ts), hot ones first, and stores
 * and announces each change a page shows at once.
 */
export class ListReads {
  /** null: not loaded from the store yet. */
  private pageCap: number | undefined | null = null;
  private listUnusableLogged = false;
  /** After the list proved unusable, cycles to go before it is tried again. */
  private cyclesWithoutList = 0;
  /** Swaps their window did not show: followed by detail reads from then on. */
  private readonly listBlind = new Set<string>();

  constructor(
    private readonly pass: PassContext,
    private readonly receipts: Receipts,
  ) {}

  /** The page size a cycle asks for: the upstream's cap once learned (kept in the store). */
  async pageSize(): Promise<number> {
    if (this.pageCap === null) this.pageCap = await this.pass.options.store.loadPageCap();
    return this.pageCap ?? this.pass.options.pageSize ?? DEFAULT_PAGE_SIZE;
  }

  /** Whether the list did not show this swap in its window: it is read by id. */
  blind(id: string): boolean {
    return this.listBlind.has(id);
  }

  /** Swaps their window did not show: followed by reads by id from then on. */
  markBlind(ids: readonly string[]): void {
    for (const id of ids) this.listBlind.add(id);
  }

  /** Forgets the swaps no longer open. */
  keepOnly(open: ReadonlyMap<string, OpenSwap>): void {
    for (const id of this.listBlind) if (!open.has(id)) this.listBlind.delete(id);
  }

  /**
   * Reads the list windows of the due swaps: hot ones first, then the cold ones whose turn it is
   * in what is left of the interval, the stalest first (a pass not `caughtUp` reads them all).
   * Returns false when the upstream's list endpoint is unusable (refused, or answered with
   * something that is not a list) while the upstream itself is up: the cycle then falls back to
   * detail reads rather than going blind.
   */
  async read(
    cycle: PassState,
    listable: ReadonlyArray<Placed & { createdAtMs: number }>,
    caughtUp: boolean,
  ): Promise<boolean> {
    if (this.cyclesWithoutList > 0) {
      this.cyclesWithoutList--;
      return false;
    }
    const { intervalMs, logger } = this.pass.options;
    const cadence = { intervalMs, ...this.pass.options.cadence };
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
        !caughtUp || cycle.pagesRead - hotPages < minColdPages || this.pass.clock.now() < deadline;
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
   * Reads the windows that hold `swaps` (see WindowPlanner), announcing the changes each page
   * shows as soon as it is read: with 10,000 open swaps a pass takes most of a minute. Stops once
   * `inTime` says so, or after `maxWindows` windows.
   */
  private async readWindows(
    cycle: PassState,
    swaps: readonly DueSwap[],
    inTime: () => boolean,
    maxWindows = Number.POSITIVE_INFINITY,
  ): Promise<void> {
    const { exchange, store, logger } = this.pass.options;
    const planner = new WindowPlanner(
      swaps.filter((swap) => !cycle.seen.has(swap.id)),
      {
        slackMs: this.pass.options.slackMs ?? DEFAULT_SLACK_MS,
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
      const read = await readPages<ListedSwap>({
        size: this.pageCap ?? this.pass.options.pageSize ?? DEFAULT_PAGE_SIZE,
        fetchPage: (page, size) =>
          exchange.listTransactions(
            { page, size, dateFrom, dateTo },
            { background: true, signal: cycle.signal },
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
   * Stores and announces one change at once: the list carries the new status (and the amount
   * received). A swap whose deposit was seen or that finished also needs its detail (the hashes),
   * read after the push (receipts.ts): the push never waits for a read.
   */
  private async announce(item: ListedSwap, stats: PassStats): Promise<void> {
    stats.changes++;
    const amountOut =
      item.status === "success" && item.amountOut !== null && item.amountOut !== undefined
        ? item.amountOut
        : 0;
    const hashes = listedHashes(item);
    await this.pass.options.store.applyProgress(
      item.id,
      {
        status: item.status,
        ...(amountOut > 0 ? { amountOut: formatDecimal(amountOut) } : {}),
        ...holdOf(item),
        ...hashes,
      },
      this.pass.clock.now(),
    );
    this.pass.options.onChange?.();
    // A list that named the hash the push shows (Exolix's) leaves no receipt to read after it.
    if (!shownByList(item.status, hashes)) this.receipts.changed(item.id, item.status);
  }
}

type ListedHashes = Partial<Record<"txHashIn" | "txHashOut" | "txLinkIn" | "txLinkOut", string>>;

/** The hashes and links a list item names (some dialects' lists do), without the empty ones. */
function listedHashes(item: ListedSwap): ListedHashes {
  const hashes: ListedHashes = {};
  for (const key of ["txHashIn", "txHashOut", "txLinkIn", "txLinkOut"] as const) {
    const value = item[key];
    if (value) hashes[key] = value;
  }
  return hashes;
}

/** Whether the list gave what a push of `status` needs from the detail (receipts.ts). */
function shownByList(status: string, hashes: ListedHashes): boolean {
  if (status === "success") return hashes.txHashOut !== undefined;
  if (status === "confirmation") return hashes.txHashIn !== undefined;
  return false;
}
