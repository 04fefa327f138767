import type { Context, MiddlewareFn } from "grammy";

/**
 * Counts the updates being handled, so that a stop can wait for them before the database closes.
 * Neither transport does it alone: the runner's stop() (2.0.3) resolves once polling stops while
 * updates handed to its sink still run, and a webhook request may be answered before its update
 * is done. Install it first, so an update waiting in its chat's queue counts too.
 */
export class UpdatesInFlight {
  private count = 0;
  private readonly idle = new Set<() => void>();
  private readonly stopped = new AbortController();

  /** Aborted once the bot stops: what an update waits on (a reply's next try) gives up. */
  readonly stopping: AbortSignal = this.stopped.signal;

  readonly middleware: MiddlewareFn<Context> = async (_ctx, next) => {
    this.count++;
    try {
      await next();
    } finally {
      this.count--;
      if (this.count === 0) for (const resolve of this.idle) resolve();
    }
  };

  get size(): number {
    return this.count;
  }

  /**
   * The process stops: the updates being handled stop waiting to try again (`stopping`), so they
   * end at once. Not when polling stops on a lost lead: the process goes on, and so do its retries.
   */
  stop(): void {
    this.stopped.abort();
  }

  /** Resolves true once no update is being handled, or false when `timeoutMs` passed first. */
  drained(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.idle.delete(onIdle);
        resolve(value);
      };
      const onIdle = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.idle.add(onIdle);
    });
  }
}
