import { realClock } from "../lib/clock.ts";
import { PeriodicLoop } from "../lib/periodic-loop.ts";
import type { StatusPassOptions } from "./pass-parts.ts";
import { StatusPass } from "./status-pass.ts";

/**
 * Runs the status pass (status-pass.ts) every interval. Passes never overlap; a slow one is
 * followed at once by the next, and failing ones back off up to ten intervals so that a down
 * exchange is not hammered.
 */
export class StatusTracker {
  private readonly pass: StatusPass;
  private readonly loop: PeriodicLoop;

  constructor(options: StatusPassOptions) {
    const clock = options.clock ?? realClock;
    this.pass = new StatusPass(options);
    this.loop = new PeriodicLoop({
      clock,
      pass: async (signal) => {
        await this.pass.run(signal);
      },
      delayAfter: ({ failures, startedAt }) =>
        failures
          ? Math.min(options.intervalMs * 2 ** failures, options.intervalMs * 10)
          : options.intervalMs - (clock.now() - startedAt),
      onFailure: (error, failures) =>
        options.logger.warn({ err: error, failures }, "tracker cycle failed"),
    });
  }

  /** When the last pass finished (0: none yet): health checks read the lag from it. */
  get lastPassAt(): number {
    return this.pass.lastPassAt;
  }

  start(): void {
    this.pass.restart();
    this.loop.start();
  }

  /** Stops scheduling, aborts the pass's waits for budget and waits for it to end. */
  stop(): Promise<void> {
    return this.loop.stop();
  }
}
