import { describe, expect, it } from "vitest";
import {
  type DueSwap,
  type ListWindow,
  parseUpstreamTime,
  WindowPlanner,
  type WindowPlannerOptions,
} from "../../src/tracker/window-planner.ts";

interface Tx {
  id: string;
  /** The exact creation time, which the upstream's filters compare. */
  ms: number;
}

const T0 = Date.UTC(2025, 4, 1, 12, 0, 0);
const SLACK = { slackMs: 1_000 };

/** `n` transactions of other clients, one every `everyMs`, from `startMs` on. */
function others(n: number, startMs: number, everyMs: number, prefix = "o"): Tx[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, ms: startMs + i * everyMs }));
}

/**
 * The list endpoint as the spec describes it: newest first, dateFrom/dateTo inclusive on the exact
 * time, `count` = all that match. `rounded`: created_at shown rounded to the second.
 */
function listOf(all: Tx[], quirks: { rounded?: boolean; ignoreDateTo?: boolean } = {}) {
  const sorted = [...all].sort((a, b) => b.ms - a.ms);
  return (window: ListWindow, page: number, size: number) => {
    const from = Date.parse(window.dateFrom);
    const to =
      window.dateTo && !quirks.ignoreDateTo ? Date.parse(window.dateTo) : Number.POSITIVE_INFINITY;
    const matching = sorted.filter((tx) => tx.ms >= from && tx.ms <= to);
    const shown = (ms: number) =>
      new Date(quirks.rounded ? Math.round(ms / 1000) * 1000 : ms).toISOString();
    return {
      data: matching
        .slice((page - 1) * size, page * size)
        .map((tx) => ({ id: tx.id, createdAt: shown(tx.ms) })),
      count: matching.length,
    };
  };
}

/** Drives the planner the way the tracker does (page after page, stopping at `count`). */
function run(
  swaps: DueSwap[],
  list: ReturnType<typeof listOf>,
  options: WindowPlannerOptions = SLACK,
  size = 100,
) {
  const planner = new WindowPlanner(swaps, options);
  const windows: ListWindow[] = [];
  const shown = new Set<string>();
  let reads = 0;
  for (let window = planner.next(); window; window = planner.next()) {
    windows.push(window);
    let fetched = 0;
    for (let page = 1; page < 1_000; page++) {
      const result = list(window, page, size);
      reads++;
      for (const item of result.data) shown.add(item.id);
      fetched += result.data.length;
      const more = planner.page(result.data, { count: result.count, fetched });
      if (!more || result.data.length === 0 || fetched >= result.count) break;
    }
  }
  return { reads, windows, shown, missed: planner.missed(), planner };
}

const due = (txs: Tx[]): DueSwap[] => txs.map((tx) => ({ id: tx.id, createdAtMs: tx.ms }));

describe("the window planner", () => {
  it("groups swaps created close together into one window read once", () => {
    const mine = others(5, T0 + 60_000, 2_000, "s");
    const list = listOf([...others(10_000, T0 - 10_000_000, 1_000), ...mine]);
    const { reads, windows, missed } = run(due(mine), list);
    expect(missed).toEqual([]);
    expect(windows).toHaveLength(1);
    expect(reads).toBe(1);
  });

  it("skips the transactions between groups far apart: one window each, not a scan", () => {
    // 20,000 other transactions, one a second; three swaps hours apart among them.
    const history = others(20_000, T0, 1_000);
    const mine = [
      { id: "old", ms: T0 + 500 },
      { id: "mid", ms: T0 + 10_000_500 },
      { id: "new", ms: T0 + 19_990_500 },
    ];
    const { reads, windows, shown, missed } = run(due(mine), listOf([...history, ...mine]));
    expect(missed).toEqual([]);
    expect(windows).toHaveLength(3);
    // A scan from the oldest would read 200 pages.
    expect(reads).toBe(3);
    expect(shown.size).toBeLessThan(400);
  });

  it("merges groups when that saves reads: a swap just below a page is read on the next page", () => {
    // One transaction a second; swaps at 0 s, 99.5 s (within the first page below the newest)
    // and 150.5 s below it: three groups, but the second page reaches the third one.
    const history = others(1_000, T0, 1_000);
    const mine = [
      { id: "a", ms: T0 + 800_500 },
      { id: "b", ms: T0 + 701_000 },
      { id: "c", ms: T0 + 650_000 },
    ];
    const { reads, windows, missed } = run(due(mine), listOf([...history, ...mine]));
    expect(missed).toEqual([]);
    expect(windows).toHaveLength(1);
    expect(reads).toBe(2);
  });

  it("reads on when the window's count says one more page finishes it", () => {
    // 150 transactions below the newest swap, the oldest swap at the bottom: two pages either
    // way, but one window rather than a second one opened for the last swap.
    const history = others(150, T0, 10_000);
    const mine = [
      { id: "top", ms: T0 + 1_500_500 },
      { id: "bottom", ms: T0 - 500 },
    ];
    const { reads, windows } = run(due(mine), listOf([...history, ...mine]));
    expect(windows).toHaveLength(1);
    expect(reads).toBe(2);
  });

  it("reads a dense stretch of open swaps in consecutive pages: pages = ⌈swaps ÷ size⌉", () => {
    const mine = others(1_000, T0, 2_000, "s");
    const { reads, windows, missed } = run(due(mine), listOf(mine));
    expect(missed).toEqual([]);
    expect(windows).toHaveLength(1);
    expect(reads).toBe(10);
  });

  it("widens every window by the slack, to whole seconds", () => {
    const mine = [
      { id: "a", ms: T0 + 10_250 },
      { id: "b", ms: T0 + 2_750 },
    ];
    const { windows } = run(due(mine), listOf(mine));
    expect(windows).toEqual([
      {
        dateFrom: new Date(T0 + 1_000).toISOString(),
        dateTo: new Date(T0 + 12_000).toISOString(),
      },
    ]);
  });

  it("gives up a swap its window does not show, so the tracker reads its detail", () => {
    const history = others(300, T0, 1_000);
    const mine = [
      { id: "listed", ms: T0 + 100_500 },
      { id: "ghost", ms: T0 + 100_700 },
    ];
    // The upstream's list lacks "ghost".
    const { missed, shown } = run(due(mine), listOf([...history, mine[0]!]));
    expect(shown.has("listed")).toBe(true);
    expect(missed).toEqual(["ghost"]);
  });

  it("finds swaps whose created_at the upstream rounds to the second, thanks to the slack", () => {
    // Created at .600 and .400: shown as the next and the same second, filtered on the exact time.
    const mine = [
      { id: "up", ms: T0 + 5_600 },
      { id: "down", ms: T0 + 9_400 },
    ];
    const shownTimes = due(mine).map((s) => ({
      ...s,
      createdAtMs: Math.round(s.createdAtMs / 1000) * 1000,
    }));
    const list = listOf([...others(50, T0, 400), ...mine], { rounded: true });
    expect(run(shownTimes, list).missed).toEqual([]);
    // Without slack the window [T0+6 s, T0+9 s] misses "up", created at T0+5.6 s.
    expect(run(shownTimes, list, { slackMs: 0 }).missed).toContain("up");
  });

  it("does not loop on an upstream that ignores dateTo: each window answers for its swap", () => {
    const history = others(1_000, T0, 1_000);
    const mine = [
      { id: "a", ms: T0 + 100_500 },
      { id: "b", ms: T0 + 50_500 },
    ];
    const { reads, missed } = run(due(mine), listOf([...history, ...mine], { ignoreDateTo: true }));
    expect(missed.sort()).toEqual(["a", "b"]);
    expect(reads).toBeLessThanOrEqual(2);
  });

  it("starts windows at a given floor, so a page reaching below its swaps shows older ones too", () => {
    const planner = new WindowPlanner([{ id: "hot", createdAtMs: T0 + 60_000 }], {
      ...SLACK,
      floorMs: T0,
    });
    expect(planner.next()?.dateFrom).toBe(new Date(T0 - 1_000).toISOString());
  });
});

describe("parseUpstreamTime", () => {
  it("reads ISO 8601 times, a time without a zone as UTC", () => {
    expect(parseUpstreamTime("2025-05-01T12:00:01Z")).toBe(T0 + 1_000);
    expect(parseUpstreamTime("2025-05-01T12:00:00.250Z")).toBe(T0 + 250);
    expect(parseUpstreamTime("2025-05-01T12:00:00")).toBe(T0);
    expect(parseUpstreamTime("2025-05-01 12:00:00")).toBe(T0);
    expect(parseUpstreamTime("2025-05-01T14:00:00+02:00")).toBe(T0);
    expect(parseUpstreamTime("yesterday")).toBeUndefined();
  });
});
