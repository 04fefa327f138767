/** The spec's per-minute limits, counted the way the service counts them: a sliding window. */
export class WindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts a request; returns undefined when allowed, else the seconds until a slot frees. */
  take(key: string, now = Date.now()): number | undefined {
    const list = this.hits.get(key) ?? [];
    while (list.length > 0 && list[0]! <= now - this.windowMs) list.shift();
    if (list.length >= this.perMinute) {
      return Math.max(1, Math.ceil((list[0]! + this.windowMs - now) / 1000));
    }
    list.push(now);
    this.hits.set(key, list);
    return undefined;
  }
}
