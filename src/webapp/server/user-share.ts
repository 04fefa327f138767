/**
 * Each user's fair share of a budget all users share (the chat's quote share: a handful of
 * requests per window). Beyond it the user is asked to slow down and the rest stays for others.
 */
export class UserShare {
  private readonly hits = new Map<number, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request of the user's share; false when the share is spent. */
  take(userId: number): boolean {
    const now = this.now();
    const recent = (this.hits.get(userId) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(userId, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(userId, recent);
    if (this.hits.size > 10_000) this.sweep(now);
    return true;
  }

  private sweep(now: number): void {
    for (const [user, times] of this.hits) {
      if (times.every((at) => now - at >= this.windowMs)) this.hits.delete(user);
    }
  }
}
