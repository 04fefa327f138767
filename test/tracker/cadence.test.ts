import { describe, expect, it } from "vitest";
import { coldPeriodMs, heatOf, isDue } from "../../src/tracker/cadence.ts";

const NOW = Date.UTC(2025, 4, 1, 12, 0, 0);
const MIN = 60_000;
const options = { intervalMs: 15_000 };

describe("the tracker's cadence", () => {
  it("reads a swap every cycle while it is fresh or moving, and only a long wait cools it", () => {
    const swap = (status: string, ageMs: number) => ({
      status,
      createdAtMs: NOW - ageMs,
      lastCheckedAt: NOW - 1_000,
    });
    expect(heatOf(swap("wait", 10_000), NOW, options)).toBe("hot");
    expect(heatOf(swap("wait", 59 * MIN), NOW, options)).toBe("hot");
    expect(heatOf(swap("wait", 61 * MIN), NOW, options)).toBe("cold");
    // Confirming or exchanging for hours is still moving (and maybe stuck): every cycle.
    expect(heatOf(swap("confirmation", 5 * 60 * MIN), NOW, options)).toBe("hot");
    expect(heatOf(swap("exchanging", 5 * 60 * MIN), NOW, options)).toBe("hot");
    expect(heatOf(swap("sending", 5 * 60 * MIN), NOW, options)).toBe("hot");
    // Without a readable creation time its age is unknown: assume it may move.
    expect(
      heatOf({ status: "wait", createdAtMs: undefined, lastCheckedAt: null }, NOW, options),
    ).toBe("hot");
    expect(isDue(swap("wait", 10_000), NOW, options)).toBe(true);
    expect(isDue(swap("wait", 3 * 60 * MIN), NOW, options)).toBe(false);
    expect(
      isDue({ status: "wait", createdAtMs: NOW - 3 * 60 * MIN, lastCheckedAt: null }, NOW, options),
    ).toBe(true);
  });

  it("leaves a cold swap unread for two minutes less two intervals, or reads it every cycle", () => {
    expect(coldPeriodMs({ intervalMs: 15_000 })).toBe(90_000);
    expect(coldPeriodMs({ intervalMs: 5_000 })).toBe(110_000);
    expect(coldPeriodMs({ intervalMs: 60_000 })).toBe(60_000);
    expect(coldPeriodMs({ intervalMs: 15_000, maxStalenessMs: 60_000 })).toBe(30_000);
  });

  it.each([1_000, 5_000, 15_000, 30_000])(
    "reads a long-waiting swap at least every two minutes (interval %i ms, cycles that take time)",
    (intervalMs) => {
      // The tracker's loop: a cycle starts every interval (or at once after a slow one), reads
      // the swap some way into the cycle, and records it checked as of the cycle's start.
      const swap = {
        status: "wait",
        createdAtMs: NOW - 5 * 60 * MIN,
        lastCheckedAt: null as number | null,
      };
      const reads: number[] = [];
      let start = NOW;
      for (let cycle = 0; start < NOW + 60 * MIN; cycle++) {
        const duration = (cycle % 7) * (intervalMs / 7);
        if (isDue(swap, start, { intervalMs })) {
          reads.push(start + duration);
          swap.lastCheckedAt = start;
        }
        start += Math.max(intervalMs, duration);
      }
      const gaps = reads.slice(1).map((at, i) => at - reads[i]!);
      expect(gaps.length).toBeGreaterThan(25);
      // A change right after one read is seen by the next one: its push is within two minutes.
      expect(Math.max(...gaps)).toBeLessThanOrEqual(2 * MIN);
      // ... and the swap is not read every cycle either.
      expect(Math.min(...gaps)).toBeGreaterThan(Math.min(intervalMs, 60_000));
    },
  );
});
