import type { ExchangeClient } from "../../../src/exchange/client.ts";
import { readPages } from "../../../src/exchange/paging.ts";
import { PeriodicLoop } from "../../../src/lib/periodic-loop.ts";
import type { ListedSwap } from "../../../src/swaps/exchange-port.ts";
import { progressFromDetail } from "../../../src/swaps/from-exchange.ts";
import type { TrackerStore } from "../../../src/swaps/tracker-store.ts";
import { newPassStats, type PassStats } from "../../../src/tracker/pass-parts.ts";
import { NEEDS_DETAIL } from "../../../src/tracker/receipts.ts";
import { DEFAULT_SLACK_MS, parseUpstreamTime } from "../../../src/tracker/window-planner.ts";

/** How the benchmarks compare trackers: the product's, and the one before windows. */
export type TrackerMode = "windows" | "full-scan";

export interface FullScanOptions {
  exchange: ExchangeClient;
  exchangeId: string;
  store: TrackerStore;
  intervalMs: number;
  onChange?: () => void;
  onPass?: (stats: PassStats) => void;
}

const PAGE_SIZE = 500;
const FALLBACK_READS = 5;

/**
 * The tracker before windows, kept as the benchmarks' baseline: every cycle reads the list from
 * the oldest open swap to now, newest first, until every open swap was seen (or the list ends),
 * then reads by id the few it did not show. Changes are stored as the product's tracker stores
 * them (a detail read for the statuses whose push needs one). Time is the process's (the day
 * replay replaces it).
 */
export class FullScanTracker {
  private readonly loop: PeriodicLoop;
  private pageCap: number | undefined | null = null;

  constructor(private readonly options: FullScanOptions) {
    this.loop = new PeriodicLoop({
      pass: async (signal) => {
        await this.run(signal);
      },
      delayAfter: ({ failures, startedAt }) =>
        failures
          ? Math.min(options.intervalMs * 2 ** failures, options.intervalMs * 10)
          : options.intervalMs - (Date.now() - startedAt),
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  async run(signal = new AbortController().signal): Promise<PassStats> {
    const { exchange, store } = this.options;
    const startedAt = Date.now();
    if (this.pageCap === null) this.pageCap = (await store.loadPageCap()) ?? undefined;
    const open = await store.listOpen(this.options.exchangeId);
    // Every open swap is due and read every cycle.
    const stats: PassStats = {
      ...newPassStats(open.length, this.pageCap ?? PAGE_SIZE),
      due: open.length,
      hot: open.length,
    };
    const byId = new Map(open.map((swap) => [swap.id, swap]));
    const seen = new Set<string>();
    const oldest = Math.min(
      ...open.map((swap) => parseUpstreamTime(swap.createdAt) ?? Number.POSITIVE_INFINITY),
    );
    if (open.length > 0 && Number.isFinite(oldest)) {
      stats.windows = 1;
      const dateFrom = new Date(
        Math.floor((oldest - DEFAULT_SLACK_MS) / 1_000) * 1_000,
      ).toISOString();
      const read = await readPages<ListedSwap>({
        size: stats.pageCap,
        fetchPage: (page, size) =>
          exchange.listTransactions({ page, size, dateFrom }, { background: true, signal }),
        onPage: async (items) => {
          for (const item of items) {
            const swap = byId.get(item.id);
            if (!swap || seen.has(item.id)) continue;
            seen.add(item.id);
            if (item.status !== swap.status) await this.announce(item, stats, signal);
          }
          return seen.size < open.length;
        },
        onCap: async (size) => {
          this.pageCap = size;
          await store.savePageCap(size);
        },
      });
      stats.pages = read.reads;
      stats.pageCap = read.size;
    }
    for (const swap of open.filter((one) => !seen.has(one.id)).slice(0, FALLBACK_READS)) {
      stats.fallbackReads++;
      try {
        const detail = await exchange.getTransaction(swap.id, { background: true, signal });
        await store.applyProgress(swap.id, progressFromDetail(detail), Date.now());
        seen.add(swap.id);
        this.options.onChange?.();
      } catch (error) {
        if (signal.aborted) throw error;
      }
    }
    await store.markChecked([...seen], startedAt);
    stats.reads = stats.pages + stats.detailReads + stats.fallbackReads;
    stats.durationMs = Date.now() - startedAt;
    this.options.onPass?.(stats);
    return stats;
  }

  private async announce(item: ListedSwap, stats: PassStats, signal: AbortSignal): Promise<void> {
    const { exchange, store } = this.options;
    stats.changes++;
    if (NEEDS_DETAIL.has(item.status)) {
      stats.detailReads++;
      const detail = await exchange
        .getTransaction(item.id, { background: true, signal })
        .catch(() => undefined);
      await store.applyProgress(
        item.id,
        detail ? progressFromDetail(detail) : { status: item.status },
        Date.now(),
      );
    } else {
      await store.applyProgress(item.id, { status: item.status }, Date.now());
    }
    this.options.onChange?.();
  }
}
