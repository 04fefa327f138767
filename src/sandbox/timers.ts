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
