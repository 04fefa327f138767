import type { Socket } from "node:net";

/**
 * Sleeps that close() can cut short: an injected delay or a hanging create must neither keep the
 * process alive nor answer on a server that has been closed.
 */
export class Sleeps {
  private readonly pending = new Set<{ timer: NodeJS.Timeout; resolve: (done: boolean) => void }>();

  /** Resolves true after `ms`, or false as soon as cancelAll() runs. */
  sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.pending.delete(entry);
          resolve(true);
        }, ms),
        resolve,
      };
      entry.timer.unref();
      this.pending.add(entry);
    });
  }

  cancelAll(): void {
    for (const entry of this.pending) {
      clearTimeout(entry.timer);
      entry.resolve(false);
    }
    this.pending.clear();
  }
}

/**
 * Requests that get no answer at all (a sandbox down in the `hang` mode): each is held until its
 * connection closes (the client gave up) or releaseAll() runs (back up, or close()).
 */
export class Hangs {
  private readonly held = new Set<() => void>();

  /** Resolves once `socket` closes or releaseAll() runs; never on a timer. */
  hold(socket: Socket): Promise<void> {
    return new Promise((resolve) => {
      if (socket.destroyed) {
        resolve();
        return;
      }
      const release = () => {
        this.held.delete(release);
        socket.off("close", release);
        resolve();
      };
      this.held.add(release);
      socket.once("close", release);
    });
  }

  /** How many requests are held now. */
  get size(): number {
    return this.held.size;
  }

  releaseAll(): void {
    for (const release of [...this.held]) release();
  }
}
