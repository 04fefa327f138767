import { describe, expect, it } from "vitest";
import { BudgetWaitTooLong, RequestBudget } from "../../src/lib/request-budget.ts";
import { TestClock } from "../support/test-clock.ts";

/** Notes when, on the test's clock, a request was granted, and releases it at once. */
function granted(clock: TestClock, request: Promise<() => void>): { at: number | undefined } {
  const seen: { at: number | undefined } = { at: undefined };
  void request.then((release) => {
    seen.at = clock.now();
    release();
  });
  return seen;
}

describe("RequestBudget", () => {
  it("grants up to the limit at once, then waits for the window", async () => {
    const clock = new TestClock(0);
    const budget = new RequestBudget(3, 200, { clock });
    const releases = await Promise.all([budget.acquire(), budget.acquire(), budget.acquire()]);
    for (const release of releases) release();
    expect(clock.now()).toBe(0);
    const fourth = granted(clock, budget.acquire());
    expect(budget.queued).toBe(1);
    await clock.advance(199);
    expect(fourth.at).toBeUndefined();
    await clock.until(() => fourth.at !== undefined, 1, "the fourth request");
    expect(fourth.at).toBe(200);
  });

  it("serves waiters in order", async () => {
    const clock = new TestClock(0);
    const budget = new RequestBudget(1, 50, { clock });
    const order: number[] = [];
    const all = [1, 2, 3, 4].map((n) =>
      budget.acquire().then((release) => {
        order.push(n);
        release();
      }),
    );
    await clock.until(() => order.length === 4, 1_000, "the four waiters");
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it("keeps an in-flight request counted until it is released", async () => {
    const clock = new TestClock(0);
    const budget = new RequestBudget(1, 30, { clock });
    const release = await budget.acquire();
    let granted = false;
    const next = budget.acquire().then((r) => {
      granted = true;
      return r;
    });
    // Well past the window on the budget's clock: still counted while not released.
    await clock.advance(1_000);
    expect(granted).toBe(false);
    release();
    await clock.until(() => granted, 1_000, "the next request, a window after the release");
    (await next)();
    expect(granted).toBe(true);
  });

  it("refuses with the estimated wait when it exceeds maxWaitMs", async () => {
    const budget = new RequestBudget(1, 60_000);
    (await budget.acquire())();
    const error = await budget.acquire({ maxWaitMs: 1_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetWaitTooLong);
    expect((error as BudgetWaitTooLong).waitMs).toBeGreaterThan(59_000);
    expect(budget.stats.refused).toBe(1);
  });

  it("counts the requests that could start at once, none while paused", async () => {
    const budget = new RequestBudget(3, 60_000);
    expect(budget.available()).toBe(3);
    const release = await budget.acquire();
    expect(budget.available()).toBe(2);
    release();
    expect(budget.available()).toBe(2);
    (await budget.acquire())();
    (await budget.acquire())();
    expect(budget.available()).toBe(0);
    const paused = new RequestBudget(3, 60_000);
    paused.pause(60_000);
    expect(paused.available()).toBe(0);
  });

  it("pauses a class after an upstream 429", async () => {
    const clock = new TestClock(0);
    const budget = new RequestBudget(100, 1_000, { clock });
    budget.pause(120);
    expect(budget.nextSlotInMs()).toBe(120);
    const request = granted(clock, budget.acquire());
    await clock.advance(119);
    expect(request.at).toBeUndefined();
    await clock.until(() => request.at !== undefined, 1, "the paused request");
    expect(request.at).toBe(120);
  });
});

describe("RequestBudget priorities", () => {
  it("serves waiting user requests before background ones", async () => {
    const clock = new TestClock(0);
    const budget = new RequestBudget(1, 40, { clock });
    (await budget.acquire())();
    const order: string[] = [];
    const take = (name: string, background: boolean) =>
      budget.acquire({ background }).then((release) => {
        order.push(name);
        release();
      });
    const all = [take("bg1", true), take("bg2", true), take("user1", false), take("user2", false)];
    await clock.until(() => order.length === 4, 1_000, "all four requests");
    await Promise.all(all);
    expect(order).toEqual(["user1", "user2", "bg1", "bg2"]);
  });

  it("spaces background requests evenly, window / limit apart; user requests never", async () => {
    const clock = new TestClock(0);
    const budget = new RequestBudget(10, 2_000, { clock });
    const at: number[] = [];
    for (let i = 0; i < 4; i++) {
      const request = granted(clock, budget.acquire({ background: true }));
      await clock.until(() => request.at !== undefined, 1_000, `background request ${i}`);
      at.push(request.at!);
    }
    for (let i = 1; i < 4; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(200);
    const user = granted(clock, budget.acquire());
    await clock.until(() => user.at !== undefined, 0, "the user request, at once");
    expect(user.at).toBe(at[3]);
  });

  it("refuses at once a wait whose signal was aborted before it asked", async () => {
    const budget = new RequestBudget(1, 60_000);
    (await budget.acquire())();
    const aborted = AbortSignal.abort(new Error("stopping"));
    await expect(budget.acquire({ signal: aborted })).rejects.toThrow("stopping");
    expect(budget.queued).toBe(0);
  });
});

describe("RequestBudget's share kept for background work", () => {
  it("holds user requests to their share, and refuses one that would wait beyond maxWaitMs", async () => {
    const budget = new RequestBudget(4, 60_000, { userLimit: 2 });
    (await budget.acquire())();
    (await budget.acquire())();
    const error = await budget.acquire({ maxWaitMs: 1_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetWaitTooLong);
    expect((error as BudgetWaitTooLong).waitMs).toBeGreaterThan(59_000);
    expect(budget.nextSlotInMs()).toBeGreaterThan(59_000);
    expect(budget.userAvailable()).toBe(0);
    expect(budget.available()).toBe(2);
  });

  it("lets background work take the share users cannot, however many users wait", async () => {
    const budget = new RequestBudget(4, 60_000, { userLimit: 2 });
    (await budget.acquire())();
    (await budget.acquire())();
    // Users keep asking: they queue behind their spent share...
    const waiting = [budget.acquire(), budget.acquire(), budget.acquire()];
    for (const user of waiting) user.catch(() => undefined);
    // ...and background work still gets the two slots kept for it.
    const first = await budget.acquire({ background: true });
    first();
    // The users still wait: their share stays spent until a window after their requests.
    expect(budget.queued).toBe(3);
  });

  it("serves a background request while a user request waits for the users' share", async () => {
    const clock = new TestClock(0);
    const budget = new RequestBudget(4, 400, { userLimit: 1, clock });
    (await budget.acquire())();
    const order: string[] = [];
    const user = budget.acquire().then((release) => {
      order.push("user");
      release();
    });
    const background = budget.acquire({ background: true }).then((release) => {
      order.push("background");
      release();
    });
    await clock.until(() => order.length === 2, 1_000, "both requests");
    await Promise.all([user, background]);
    expect(order).toEqual(["background", "user"]);
  });

  it("lets background work use the whole limit when users leave it", async () => {
    // A clock the test moves: background requests are spaced 15 s apart (window / limit).
    const clock = new TestClock(0);
    const budget = new RequestBudget(4, 60_000, { userLimit: 2, clock });
    for (let i = 0; i < 4; i++) {
      if (i > 0) await clock.advance(15_000);
      (await budget.acquire({ background: true, maxWaitMs: 0 }))();
    }
    // None was refused for want of a slot; the limit now holds for both kinds together.
    await clock.advance(15_000 - 1);
    await expect(budget.acquire({ background: true, maxWaitMs: 0 })).rejects.toThrow(
      BudgetWaitTooLong,
    );
    await expect(budget.acquire({ maxWaitMs: 0 })).rejects.toThrow(BudgetWaitTooLong);
    expect(budget.userAvailable()).toBe(2);
  });
});
