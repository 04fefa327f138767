/** A total deadline, started once the budget is granted (the wait for budget is bounded apart). */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  readonly signal = this.controller.signal;

  constructor(readonly ms: number) {}

  start(): void {
    this.timer ??= setTimeout(() => this.controller.abort(), this.ms);
  }

  get passed(): boolean {
    return this.signal.aborted;
  }

  /**
   * The response's text, or a rejection once the deadline passes, whatever fetch does with the
   * signal it was given: ky hands fetch a signal combined from this one (AbortSignal.any), and on
   * Node 24 under a full test run's memory pressure the body went on waiting past the deadline, as
   * if that combined signal had been collected. The body is cancelled where nothing reads it yet.
   */
  bodyOf(response: Response): Promise<string> {
    if (this.passed) return this.cancelled(response);
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => this.cancelled(response).catch(reject);
      this.signal.addEventListener("abort", onAbort, { once: true });
      response.text().then(
        (text) => {
          this.signal.removeEventListener("abort", onAbort);
          resolve(text);
        },
        (error: unknown) => {
          this.signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      );
    });
  }

  private async cancelled(response: Response): Promise<never> {
    await response.body?.cancel().catch(() => undefined);
    throw new DOMException("the deadline passed", "AbortError");
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
