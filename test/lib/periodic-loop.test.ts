import { describe, expect, it } from "vitest";
import { sleep } from "../../src/lib/clock.ts";
import { PeriodicLoop } from "../../src/lib/periodic-loop.ts";
import { TestClock } from "../support/test-clock.ts";

/** A loop on a test clock whose passes record when they ran and fail while `failing` says so. */
function rig(delayAfter: (outcome: { failures: number; startedAt: number }) => number) {
  const clock = new TestClock(0);
  const runs: number[] = [];
  const state = { failing: false, wait: 0 };
  const failures: number[] = [];
  const loop = new PeriodicLoop({
    clock,
    pass: async (signal) => {
      runs.push(clock.now());
      if (state.wait > 0) await sleep(clock, state.wait, signal);
      if (state.failing) throw new Error("pass failed");
    },
    delayAfter,
    onFailure: (_error, inRow) => failures.push(inRow),
  });
  return { clock, loop, runs, state, failures };
}

describe("a periodic loop", () => {
  it("runs its first pass at start and the next ones one delay after each", async () => {
    const { clock, loop, runs } = rig(() => 100);
    loop.start();
    await clock.advance(350);
    expect(runs).toEqual([0, 100, 200, 300]);
    await loop.stop();
    await clock.advance(1_000);
    expect(runs).toHaveLength(4);
  });

  it("backs off after failing passes, and returns to its pace after one succeeds", async () => {
    const { clock, loop, runs, state, failures } = rig(({ failures }) => 100 * 2 ** failures);
    state.failing = true;
    loop.start();
    await clock.advance(700);
    // Failed at 0, 200 and 600: each wait twice the one before.
    expect(runs).toEqual([0, 200, 600]);
    expect(failures).toEqual([1, 2, 3]);
    state.failing = false;
    await clock.advance(1_000);
    expect(runs.slice(3, 6)).toEqual([1_400, 1_500, 1_600]);
    expect(loop.failures).toBe(0);
    await loop.stop();
  });

  it("aborts the pass under way on stop, and stop waits for it", async () => {
    const { clock, loop, runs, state } = rig(() => 100);
    state.wait = 10_000;
    loop.start();
    await clock.advance(50);
    await loop.stop();
    // The pass's wait was cut short by the abort: time never reached its end.
    expect(clock.now()).toBe(50);
    expect(runs).toEqual([0]);
  });

  it("runs a pass at once when woken, right after the one under way, and not while failing", async () => {
    const { clock, loop, runs, state } = rig(({ failures }) => (failures ? 1_000 : 500));
    state.wait = 10;
    loop.start();
    // Woken twice during the first pass: one more pass, right after it.
    loop.wake();
    loop.wake();
    await clock.advance(30);
    expect(runs).toEqual([0, 10]);
    loop.wake();
    await clock.advance(10);
    expect(runs).toEqual([0, 10, 30]);
    state.failing = true;
    await clock.advance(600);
    expect(runs).toEqual([0, 10, 30, 540]);
    loop.wake();
    await clock.advance(0);
    expect(runs).toHaveLength(4);
    await loop.stop();
  });
});
