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

  clear(): void {
    clearTimeout(this.timer);
  }
}
