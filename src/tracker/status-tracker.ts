import type { ExchangeClient } from "../exchange/client.ts";
import { ExchangeApiError, ExchangeSchemaError } from "../exchange/errors.ts";
import { type PagesRead, readPages } from "../exchange/paging.ts";
import type { TransactionListItem } from "../exchange/schemas.ts";
import type { Logger } from "../lib/logger.ts";
import { progressFromDetail } from "../swaps/from-exchange.ts";
import type { TrackerStore } from "../swaps/ports.ts";
import type { OpenSwap } from "../swaps/swap.ts";

export type { TrackerStore };

export interface CycleStats {
  open: number;
  pages: number;
  changes: number;
  detailReads: number;
  fallbackReads: number;
  /** Reads spent in this cycle: pages + detail reads (completed swaps) + fallback reads. */
  reads: number;
  durationMs: number;
  pageCap: number;
}

export interface TrackerOptions {
  exchange: ExchangeClient;
  store: TrackerStore;
  logger: Logger;
  intervalMs: number;
  /** Page size asked for first; the upstream may answer with fewer per page (its cap). */
  pageSize?: number;
  /** Open swaps missing from the list get a detail read; at most this many per cycle. */
  maxFallbackReads?: number;
  /** Detail reads per cycle when the list endpoint is unusable (default 10). */
  maxReadsWithoutList?: number;
  onCycle?: (stats: CycleStats) => void;
  /** Called after each stored change, so its push can go out at once. */
  onChange?: () => void;
}

/**
 * Asked for until the upstream shows its real cap (the spec does not give it): the larger the
 * pages it allows, the fewer reads a cycle costs.
 */
const DEFAULT_PAGE_SIZE = 500;

const DEFAULT_READS_WITHOUT_LIST = 10;
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

/** Statuses whose push needs fields only the detail has (payout hash, refund address). */
const NEEDS_DETAIL = new Set(["success", "refunded"]);

/**
 * Finds status changes of open swaps within the shared read budget: the list endpoint carries the
 * status of a whole page per read, so a cycle reads the list from the oldest open swap's creation
 * time and fetches the detail only of swaps whose status changed. Reads per cycle ≈ pages +
 * changes, instead of one read per open swap.
 */
export class StatusTracker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** Aborts a cycle waiting for read budget when the bot stops. */
  private abort = new AbortController();
  private failures = 0;
  /** null: not loaded from the store yet. */
  private pageCap: number | undefined | null = null;
  private listUnusableLogged = false;
  /** After the list proved unusable, cycles to go before it is tried again. */
  private cyclesWithoutList = 0;
  /** When the last cycle finished (0: none yet): health checks read the lag from it. */
  lastCycleAt = 0;

  constructor(private readonly options: TrackerOptions) {}

  start(): void {
    this.stopped = false;
    this.abort = new AbortController();
    this.schedule(0);
  }

  /** Stops scheduling and waits for a cycle in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const started = Date.now();
      this.running = this.cycle()
        .then(() => {
          this.failures = 0;
        })
        .catch((error: unknown) => {
          this.failures++;
          this.options.logger.warn({ err: error, failures: this.failures }, "tracker cycle failed");
        })
        .finally(() => {
          this.running = undefined;
          // Cycles never overlap; a slow cycle is followed at once by the next, and failures
          // back off up to ten intervals so a down exchange is not hammered.
          const backoff = this.failures
            ? Math.min(this.options.intervalMs * 2 ** this.failures, this.options.intervalMs * 10)
            : this.options.intervalMs - (Date.now() - started);
          this.schedule(Math.max(0, backoff));
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One pass over the open swaps. Public for tests and benchmarks. */
  async cycle(): Promise<CycleStats> {
    const started = Date.now();
    const { exchange, store } = this.options;
    if (this.pageCap === null) this.pageCap = await store.loadPageCap();
    const open = await store.listOpen();
    const stats: CycleStats = {
      open: open.length,
      pages: 0,
      changes: 0,
      detailReads: 0,
      fallbackReads: 0,
      reads: 0,
      durationMs: 0,
      pageCap: this.pageCap ?? this.options.pageSize ?? DEFAULT_PAGE_SIZE,
    };
    if (open.length === 0) return this.finish(stats, started);

    const byId = new Map(open.map((swap) => [swap.id, swap]));
    const unseen = new Set(byId.keys());
    let oldest = Number.POSITIVE_INFINITY;
    for (const swap of open) oldest = Math.min(oldest, Date.parse(swap.createdAt) || oldest);
    // A second of slack: the upstream may round creation times differently than it reports them.
    const dateFrom = new Date(
      (Number.isFinite(oldest) ? oldest : Date.now()) - 1_000,
    ).toISOString();

    let read: PagesRead | undefined;
    if (this.cyclesWithoutList > 0) this.cyclesWithoutList--;
    else read = await this.readList(dateFrom, byId, unseen, stats);
    const now = () => Date.now();
    // Open swaps the list did not show (older than its window, or an odd answer), or all of them
    // when the list itself is unusable: detail reads, the longest-unchecked first, rationed.
    const missing = [...unseen]
      .map((id) => byId.get(id)!)
      .sort((a, b) => (a.lastCheckedAt ?? 0) - (b.lastCheckedAt ?? 0))
      .slice(
        0,
        read
          ? (this.options.maxFallbackReads ?? 1)
          : (this.options.maxReadsWithoutList ?? DEFAULT_READS_WITHOUT_LIST),
      );
    for (const swap of missing) {
      stats.fallbackReads++;
      try {
        const detail = await exchange.getTransaction(swap.id, {
          background: true,
          signal: this.abort.signal,
        });
        await store.applyProgress(swap.id, progressFromDetail(detail), now());
        unseen.delete(swap.id);
        this.options.onChange?.();
      } catch (error) {
        // An outage fails the cycle (it backs off); one swap the exchange will not show does not.
        if (!(error instanceof ExchangeApiError) || error.status >= 500) throw error;
        this.options.logger.warn(
          { err: error, transaction: swap.id },
          "tracker: fallback read failed",
        );
      }
    }
    await store.markChecked(
      open.map((s) => s.id).filter((id) => !unseen.has(id)),
      now(),
    );
    return this.finish(stats, started);
  }

  /**
   * Reads the list and announces the changes it shows. Returns undefined when the upstream's list
   * endpoint is unusable (refused or answered with something that is not a list) while the
   * upstream itself is up: the cycle then falls back to detail reads rather than going blind.
   */
  private async readList(
    dateFrom: string,
    byId: ReadonlyMap<string, OpenSwap>,
    unseen: Set<string>,
    stats: CycleStats,
  ): Promise<PagesRead | undefined> {
    const { exchange, store, logger } = this.options;
    let read: PagesRead;
    try {
      read = await readPages<TransactionListItem>({
        size: this.pageCap ?? this.options.pageSize ?? DEFAULT_PAGE_SIZE,
        fetchPage: (page, size) =>
          exchange.listTransactions(
            { page, size, dateFrom },
            { background: true, signal: this.abort.signal },
          ),
        // Changes are announced as soon as their page is read, not after the whole scan: with
        // 10,000 open swaps a scan takes most of a minute.
        onPage: async (items) => {
          for (const item of items) {
            const swap = byId.get(item.id);
            if (!swap || !unseen.delete(item.id)) continue;
            if (item.status !== swap.status) await this.announce(item, stats);
          }
          return unseen.size > 0;
        },
        onCap: async (size) => {
          this.pageCap = size;
          await store.savePageCap(size);
          logger.info({ pageCap: size }, "learned the transaction list page-size cap");
        },
      });
    } catch (error) {
      if (!listUnusable(error)) throw error;
      if (!this.listUnusableLogged) {
        logger.warn({ err: error }, "transaction list unusable: following open swaps one by one");
      }
      this.listUnusableLogged = true;
      this.cyclesWithoutList = LIST_RETRY_EVERY - 1;
      return undefined;
    }
    stats.pages = read.reads;
    stats.pageCap = read.size;
    this.listUnusableLogged = false;
    return read;
  }

  /**
   * Stores and announces one change. The list carries the new status; only a swap that completed
   * needs its detail (the payout hash and final amount for the push), so only those cost a read.
   */
  private async announce(item: TransactionListItem, stats: CycleStats): Promise<void> {
    const { exchange, store } = this.options;
    stats.changes++;
    if (!NEEDS_DETAIL.has(item.status)) {
      await store.applyProgress(item.id, { status: item.status }, Date.now());
      this.options.onChange?.();
      return;
    }
    stats.detailReads++;
    try {
      const detail = await exchange.getTransaction(item.id, {
        background: true,
        signal: this.abort.signal,
      });
      await store.applyProgress(item.id, progressFromDetail(detail), Date.now());
    } catch (error) {
      // The list already told us the new status: announce it now, the hash comes with /status.
      this.options.logger.warn({ err: error, transaction: item.id }, "tracker: detail read failed");
      await store.applyProgress(item.id, { status: item.status }, Date.now());
    }
    this.options.onChange?.();
  }

  private finish(stats: CycleStats, started: number): CycleStats {
    stats.reads = stats.pages + stats.detailReads + stats.fallbackReads;
    stats.durationMs = Date.now() - started;
    this.lastCycleAt = Date.now();
    this.options.onCycle?.(stats);
    return stats;
  }
}
