import { type Clock, realClock } from "./clock.ts";

interface PeriodicLoopOptions {
  /** One pass of the work; `signal` aborts when the loop is stopped. */
  pass: (signal: AbortSignal) => Promise<void>;
  /**
   * The pause before the next pass: `failures` counts the passes that failed in a row (0 after
   * one that succeeded), `startedAt` is when the pass that just ended began (clock.now()).
   */
  delayAfter: (outcome: { failures: number; startedAt: number }) => number;
  /** A pass failed (the loop goes on after its delay). */
  onFailure?: (error: unknown, failures: number) => void;
  clock?: Clock;
}

/**
 * Runs a pass, waits, runs the next: passes never overlap, a failing pass backs off (the delay
 * says how), stop() aborts the pass under way and waits for it, wake() runs one at once.
 */
export class PeriodicLoop {
  private readonly clock: Clock;
  private cancelTimer: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private again = false;
  private abort = new AbortController();
  private failuresInRow = 0;

  constructor(private readonly options: PeriodicLoopOptions) {
    this.clock = options.clock ?? realClock;
  }

  /** Passes that failed in a row (0: the last one succeeded). */
  get failures(): number {
    return this.failuresInRow;
  }

  /** Runs the first pass now. */
  start(): void {
    this.stopped = false;
    this.again = false;
    this.abort = new AbortController();
    this.run();
  }

  /** No pass starts any more; the one under way is aborted and waited for. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.abort.abort();
    await this.running;
  }

  /**
   * Runs a pass now, or right after the one under way. A loop backing off after failures is not
   * hurried: what fails is not fixed by trying sooner.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.failuresInRow === 0) this.run();
  }

  private run(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    const startedAt = this.clock.now();
    this.running = this.options
      .pass(this.abort.signal)
      .then(() => {
        this.failuresInRow = 0;
      })
      .catch((error: unknown) => {
        this.failuresInRow++;
        this.options.onFailure?.(error, this.failuresInRow);
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const again = this.again && this.failuresInRow === 0;
        this.again = false;
        if (again) {
          this.run();
          return;
        }
        const delayMs = this.options.delayAfter({ failures: this.failuresInRow, startedAt });
        this.cancelTimer = this.clock.setTimer(() => this.run(), Math.max(0, delayMs));
      });
  }
}
