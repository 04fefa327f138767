import { Lru } from "./lru.ts";

type ShareAnswer = { granted: true } | { granted: false; used: number; retryInMs: number };

/**
 * One key's (a chat's) share of a budget that all keys share: at most `limit` uses in any sliding
 * window, so one key cannot take the whole budget, and a key whose share is spent learns exactly
 * when its oldest use leaves the window. Keys live in an LRU: only those used within a window
 * matter, and the budget itself bounds how many those are.
 */
export class KeyShare<K> {
  private readonly uses: Lru<K, number[]>;
  private readonly now: () => number;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    options: { capacity?: number; now?: () => number } = {},
  ) {
    if (!(limit >= 1)) throw new RangeError("limit must be ≥ 1");
    this.uses = new Lru(options.capacity ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  /** Counts one use of `key` when its share allows it. */
  take(key: K): ShareAnswer {
    const now = this.now();
    const recent = (this.uses.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.uses.set(key, recent);
      return { granted: false, used: recent.length, retryInMs: recent[0]! + this.windowMs - now };
    }
    recent.push(now);
    this.uses.set(key, recent);
    return { granted: true };
  }
}
