import type { Logger } from "../lib/logger.ts";

/** One part of the running bot: started in order, stopped in reverse. */
export interface Part {
  name: string;
  start(): void | Promise<void>;
  stop?(): void | Promise<void>;
}

/** A start-up step that failed: the process must exit non-zero with this one line. */
export class StartupError extends Error {
  override name = "StartupError";
}

/**
 * Parts started in order and stopped in reverse: the process's parts, and the leader's work (which
 * starts again each time this instance takes the lead). A part that fails to start stops every part
 * running before it and rejects with a StartupError naming it, so nothing is left half started.
 */
export class Lifecycle {
  private readonly parts: Part[] = [];
  /** How many of `parts`, from the first, are running: they start in order, so always a prefix. */
  private running = 0;

  constructor(private readonly logger: Logger) {}

  /** Adds parts after the others; they start with the next start(). */
  add(...parts: Part[]): void {
    this.parts.push(...parts);
  }

  /** Adds `parts`, then starts, in order, every part not running yet. */
  async start(...parts: Part[]): Promise<void> {
    this.add(...parts);
    while (this.running < this.parts.length) {
      const part = this.parts[this.running]!;
      try {
        await part.start();
      } catch (error) {
        await this.stop();
        const reason = error instanceof Error ? error.message : String(error);
        throw new StartupError(`${part.name}: ${reason}`, { cause: error });
      }
      this.running += 1;
    }
  }

  /** Stops the running parts in reverse; one that fails to stop is logged and the rest go on. */
  async stop(): Promise<void> {
    while (this.running > 0) {
      this.running -= 1;
      const part = this.parts[this.running]!;
      try {
        await part.stop?.();
      } catch (error) {
        this.logger.error({ err: error, part: part.name }, "stopping failed");
      }
    }
  }
}
