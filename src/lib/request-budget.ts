import { type Clock, realClock } from "./clock.ts";

/**
 * A client-side budget of N requests per sliding window, so the upstream never has to answer 429.
 *
 * A request counts from the moment it is sent until one window after it completed: the upstream
 * saw it somewhere in between, so counting to the completion time can never undercount, whatever
 * the latency. Waiters are served first come, first served, so a burst completes in order.
 *
 * User requests may be held to a share of the limit (`userLimit`): the rest is kept for background
 * work (the status tracker), so that however many users ask, the tracker still reads and every
 * user's status changes are still pushed. Background work may use what users leave over.
 */
interface AcquireOptions {
  /** Give up (BudgetWaitTooLong) when the estimated wait is longer than this. */
  maxWaitMs?: number;
  signal?: AbortSignal;
  /**
   * Background work (the status tracker) is served only when no user request that may start is
   * waiting, so it uses the budget users leave over and never delays them. It is also spaced
   * evenly (window / limit apart) instead of bursting: a burst frees all its slots one window
   * later at once, and work that keeps the budget busy would then run in bursts with idle gaps,
   * using less of the budget than it may (measured: 10,000 tracked swaps took 60 s cycles
   * instead of 51 s).
   */
  background?: boolean;
}

export class BudgetWaitTooLong extends Error {
  override name = "BudgetWaitTooLong";
  constructor(readonly waitMs: number) {
    super(`budget spent: next slot in ${waitMs} ms`);
  }
}

/** Call when the request has completed (or failed): its slot then ages out one window later. */
export type Release = () => void;

interface Waiter {
  background: boolean;
  resolve: (release: Release) => void;
  reject: (error: unknown) => void;
  cleanup: () => void;
}

interface BudgetOptions {
  /**
   * User (not background) requests per window, at most: the rest of the limit is kept for
   * background work. Default: the whole limit.
   */
  userLimit?: number;
  /** Where time is read and waited for (default: the real clock). */
  clock?: Clock;
}

export class RequestBudget {
  /** Start times of in-flight requests are Infinity until released, then their completion time. */
  private readonly slots: number[] = [];
  /** The same, of user requests alone (each is in `slots` too). */
  private readonly userSlots: number[] = [];
  private readonly waiters: Waiter[] = [];
  private pausedUntil = 0;
  private lastBackgroundAt = Number.NEGATIVE_INFINITY;
  private cancelTimer: (() => void) | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private readonly clock: Clock;
  readonly userLimit: number;
  /** Totals for metrics and benchmarks. */
  readonly stats = { granted: 0, waited: 0, waitedMs: 0, refused: 0 };

  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
    options: BudgetOptions = {},
  ) {
    if (!(limit >= 1)) throw new RangeError("limit must be ≥ 1");
    this.userLimit = Math.min(limit, options.userLimit ?? limit);
    if (!(this.userLimit >= 1)) throw new RangeError("userLimit must be ≥ 1");
    this.clock = options.clock ?? realClock;
  }

  /** Waits for a slot. Resolves with the function to call when the request is done. */
  acquire(options: AcquireOptions = {}): Promise<Release> {
    // An already aborted signal never fires "abort": without this the waiter would wait its turn.
    if (options.signal?.aborted) {
      return Promise.reject(options.signal.reason ?? new Error("aborted"));
    }
    this.prune();
    const background = options.background ?? false;
    if (background ? this.backgroundMayStart() : this.userMayStart()) {
      return Promise.resolve(this.grant(background));
    }
    const estimate = background
      ? this.estimateWaitMs(this.waiters.length)
      : this.userWaitMs(this.foregroundWaiting());
    if (options.maxWaitMs !== undefined && estimate > options.maxWaitMs) {
      this.stats.refused++;
      return Promise.reject(new BudgetWaitTooLong(estimate));
    }
    const startedAt = this.clock.now();
    return new Promise<Release>((resolve, reject) => {
      const onAbort = () => {
        this.remove(waiter);
        reject(options.signal?.reason ?? new Error("aborted"));
      };
      const waiter: Waiter = {
        background,
        resolve: (release) => {
          this.stats.waited++;
          this.stats.waitedMs += this.clock.now() - startedAt;
          resolve(release);
        },
        reject,
        cleanup: () => options.signal?.removeEventListener("abort", onAbort),
      };
      options.signal?.addEventListener("abort", onAbort, { once: true });
      // Foreground waiters queue in order among themselves, ahead of every background waiter.
      if (background) this.waiters.push(waiter);
      else this.waiters.splice(this.foregroundWaiting(), 0, waiter);
      this.schedule();
    });
  }

  /** The upstream said 429 anyway: stop sending this class for a while. */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    this.schedule();
  }

  /** How long a new user request would wait now, in ms (0 when a slot is free). */
  nextSlotInMs(): number {
    this.prune();
    return this.userWaitMs(this.foregroundWaiting());
  }

  /** Requests that could start right now without waiting (none while paused or others wait). */
  available(): number {
    this.prune();
    if (this.waiters.length > 0 || this.clock.now() < this.pausedUntil) return 0;
    return Math.max(0, this.limit - this.slots.length);
  }

  /** User requests the users' share still allows within the window (none while paused). */
  userAvailable(): number {
    this.prune();
    if (this.clock.now() < this.pausedUntil) return 0;
    return Math.max(0, this.userLimit - this.userSlots.length);
  }

  get queued(): number {
    return this.waiters.length;
  }

  private foregroundWaiting(): number {
    const firstBackground = this.waiters.findIndex((w) => w.background);
    return firstBackground === -1 ? this.waiters.length : firstBackground;
  }

  private freeNow(): boolean {
    return this.clock.now() >= this.pausedUntil && this.slots.length < this.limit;
  }

  private userFreeNow(): boolean {
    return this.freeNow() && this.userSlots.length < this.userLimit;
  }

  /** A user request starts when no other user request waits and both limits allow it. */
  private userMayStart(): boolean {
    return this.foregroundWaiting() === 0 && this.userFreeNow();
  }

  /** A new background request starts when no other one waits and it is background's turn. */
  private backgroundMayStart(): boolean {
    return this.waiters.length === this.foregroundWaiting() && this.backgroundTurn();
  }

  /**
   * Background's turn: a slot is free, its spacing allows, and no waiting user request could take
   * the slot instead (one held back by the users' share cannot).
   */
  private backgroundTurn(): boolean {
    const usersBlocked = this.foregroundWaiting() === 0 || !this.userFreeNow();
    return usersBlocked && this.freeNow() && this.backgroundHeldMs() === 0;
  }

  /** How long the next background request must still wait for its even spacing (0: none). */
  private backgroundHeldMs(): number {
    return Math.max(
      0,
      Math.ceil(this.lastBackgroundAt + this.windowMs / this.limit - this.clock.now()),
    );
  }

  private grant(background = false): Release {
    this.stats.granted++;
    if (background) this.lastBackgroundAt = this.clock.now();
    // Infinity sorts last and completion times only grow, so the slots stay sorted without sorting.
    this.slots.push(Number.POSITIVE_INFINITY);
    if (!background) this.userSlots.push(Number.POSITIVE_INFINITY);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = this.clock.now();
      for (const slots of background ? [this.slots] : [this.slots, this.userSlots]) {
        const i = slots.indexOf(Number.POSITIVE_INFINITY);
        if (i >= 0) slots[i] = now;
      }
      this.schedule();
    };
  }

  private prune(): void {
    const cutoff = this.clock.now() - this.windowMs;
    for (const slots of [this.slots, this.userSlots]) {
      while (slots.length > 0 && (slots[0] ?? 0) <= cutoff) slots.shift();
    }
  }

  /** Estimated wait for the waiter at `position` in the queue (0 = the next one). */
  private estimateWaitMs(position: number): number {
    const pause = Math.max(0, this.pausedUntil - this.clock.now());
    return Math.max(pause, this.slotFreeInMs(this.slots, this.limit, position));
  }

  /** Estimated wait for the user request at `position` among waiting user requests. */
  private userWaitMs(position: number): number {
    return Math.max(
      this.estimateWaitMs(position),
      this.slotFreeInMs(this.userSlots, this.userLimit, position),
    );
  }

  /** When `slots` (of `limit`) has room for the one at `position` after those before it. */
  private slotFreeInMs(slots: readonly number[], limit: number, position: number): number {
    const now = this.clock.now();
    const needed = slots.length - limit + position;
    if (needed < 0) return 0;
    // Completed slots free up one window after completion; in-flight ones are estimated as
    // completing now (they usually take milliseconds), which keeps the estimate honest.
    const slot = slots[needed];
    const at = (slot === undefined || !Number.isFinite(slot) ? now : slot) + this.windowMs;
    return Math.max(0, Math.ceil(at - now));
  }

  private remove(waiter: Waiter): void {
    const i = this.waiters.indexOf(waiter);
    if (i >= 0) this.waiters.splice(i, 1);
    waiter.cleanup();
  }

  private schedule(): void {
    this.pump();
    const wait = this.nextWakeMs();
    if (wait === undefined) return;
    const at = this.clock.now() + Math.max(1, wait);
    // A timer already due sooner serves; a later one gives way (a background waiter's spacing
    // may end long before the users' share frees up).
    if (this.cancelTimer && this.timerAt <= at) return;
    this.cancelTimer?.();
    this.timerAt = at;
    this.cancelTimer = this.clock.setTimer(
      () => {
        this.cancelTimer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.schedule();
      },
      Math.max(1, wait),
    );
  }

  /** When a waiter may next start (undefined: none waits, or only a release can free a slot). */
  private nextWakeMs(): number | undefined {
    const users = this.foregroundWaiting();
    const waits: number[] = [];
    if (users > 0) waits.push(this.wakeFor(this.userSlots, this.userLimit, this.userWaitMs(0)));
    if (this.waiters.length > users) {
      waits.push(
        Math.max(
          this.wakeFor(this.slots, this.limit, this.estimateWaitMs(0)),
          this.backgroundHeldMs(),
        ),
      );
    }
    const soonest = Math.min(...waits);
    return Number.isFinite(soonest) ? soonest : undefined;
  }

  /** `wait`, or Infinity when the slots holding it up are all in flight (a release frees one). */
  private wakeFor(slots: readonly number[], limit: number, wait: number): number {
    const allInFlight = slots.length >= limit && slots.every((s) => !Number.isFinite(s));
    return allInFlight && this.clock.now() >= this.pausedUntil ? Number.POSITIVE_INFINITY : wait;
  }

  private pump(): void {
    this.prune();
    for (;;) {
      const users = this.foregroundWaiting();
      let waiter: Waiter | undefined;
      if (users > 0 && this.userFreeNow()) waiter = this.waiters[0];
      else if (this.waiters.length > users && this.backgroundTurn()) waiter = this.waiters[users];
      if (!waiter) return;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.cleanup();
      waiter.resolve(this.grant(waiter.background));
    }
  }
}
