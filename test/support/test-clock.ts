import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Clock } from "../../src/lib/clock.ts";

/**
 * The clock tests move: the loops, budgets and leases given it wait on its timers, which run only
 * when the test moves time on (advance, runUntil, until). Time jumps from one timer to the next,
 * and only once the work the last one started has settled: no HTTP request is in flight (those
 * counted through `inflight`: see watchHttp) for two turns of the real event loop. So every read,
 * write and push happens at the instant it would have, however loaded the machine is, and a test
 * of minutes runs in the time its I/O takes. The one way tests and benchmarks move time
 * (bench/support/virtual-time.ts builds on it).
 */

export interface TestTimer {
  at: number;
  /** Orders timers due at the same instant as they were set. */
  seq: number;
  fn: () => void;
  delayMs: number;
  repeat: boolean;
  cancelled: boolean;
}

const realSetImmediate = globalThis.setImmediate;

export class TestClock implements Clock {
  current: number;
  /** HTTP requests under way: time does not move on while there are any. */
  inflight = 0;
  /** Timers run so far. */
  steps = 0;
  private readonly heap: TestTimer[] = [];
  private seq = 0;
  private readonly unwatch: Array<() => void> = [];

  constructor(startMs = Date.now()) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  monotonic(): number {
    return this.current;
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer = this.add(fn, ms, false);
    return () => {
      timer.cancelled = true;
    };
  }

  /** Timers set and neither run nor cancelled yet. */
  get pending(): number {
    return this.heap.filter((timer) => !timer.cancelled).length;
  }

  /** Moves time on by `ms`, running every timer due by then in order. */
  advance(ms: number): Promise<void> {
    return this.runUntil(this.current + ms);
  }

  /** Runs timers in time order until `untilMs`, letting all I/O finish before each jump. */
  async runUntil(untilMs: number): Promise<void> {
    for (;;) {
      await this.settle();
      const next = this.peek();
      if (!next || next.at > untilMs) break;
      this.fire(next);
    }
    this.current = Math.max(this.current, untilMs);
    await this.settle();
  }

  /**
   * Moves time on, timer by timer, until `check` holds; fails once `withinMs` of clock time went
   * by without it (so a test asserts "within so long" on this clock, never on the machine's).
   */
  async until(
    check: () => boolean | Promise<boolean>,
    withinMs: number,
    what = "the condition",
  ): Promise<void> {
    const deadline = this.current + withinMs;
    await this.settle();
    while (!(await check())) {
      const next = this.peek();
      if (!next || next.at > deadline) {
        throw new Error(`not within ${withinMs} ms of clock time: ${what}`);
      }
      this.fire(next);
      await this.settle();
    }
  }

  /**
   * Counts the HTTP requests this process makes (the global fetch, and node:http clients such as
   * grammY's) in `inflight` until their answers were read; `ignore` leaves some out (a long poll
   * that would hold time still). Stopped by dispose().
   */
  watchHttp(ignore: (path: string) => boolean = () => false): void {
    const pending = new WeakSet<object>();
    const started = (request: object, path: string) => {
      if (ignore(path)) return;
      pending.add(request);
      this.inflight++;
    };
    const ended = (request: object) => {
      if (!pending.delete(request)) return;
      this.inflight--;
    };
    const subscriptions: Array<[string, (message: unknown) => void]> = [
      [
        "undici:request:create",
        (m) => {
          const { request } = m as { request: { path: string } };
          started(request, request.path);
        },
      ],
      ["undici:request:trailers", (m) => ended((m as { request: object }).request)],
      ["undici:request:error", (m) => ended((m as { request: object }).request)],
      [
        "http.client.request.start",
        (m) => {
          const { request } = m as { request: { path: string } };
          started(request, request.path);
        },
      ],
      [
        "http.client.response.finish",
        (m) => {
          const { request, response } = m as { request: object; response: IncomingMessage };
          // The answer is read when its body has ended, not when its headers came.
          response.once("end", () => ended(request));
          response.once("close", () => ended(request));
        },
      ],
      ["http.client.request.error", (m) => ended((m as { request: object }).request)],
    ];
    for (const [name, listener] of subscriptions) {
      diagnostics.subscribe(name, listener);
      this.unwatch.push(() => diagnostics.unsubscribe(name, listener));
    }
  }

  dispose(): void {
    for (const stop of this.unwatch.splice(0)) stop();
  }

  protected add(fn: () => void, delayMs: number, repeat: boolean): TestTimer {
    const timer: TestTimer = {
      at: this.current + Math.max(0, delayMs),
      seq: ++this.seq,
      fn,
      delayMs,
      repeat,
      cancelled: false,
    };
    this.push(timer);
    return timer;
  }

  /** Puts `timer` back, due one delay from now (Node's timeout.refresh()). */
  protected requeue(timer: TestTimer): TestTimer {
    timer.cancelled = true;
    const again = { ...timer, at: this.current + timer.delayMs, seq: ++this.seq, cancelled: false };
    this.push(again);
    return again;
  }

  /** Called when a one-shot timer has run (its handle may go). */
  protected done(_timer: TestTimer): void {}

  private fire(next: TestTimer): void {
    this.pop();
    this.current = Math.max(this.current, next.at);
    if (next.repeat) {
      next.at = this.current + Math.max(1, next.delayMs);
      next.seq = ++this.seq;
      this.push(next);
    } else {
      this.done(next);
    }
    this.steps++;
    next.fn();
  }

  /** Real event-loop turns until no request has been in flight for two of them. */
  private async settle(): Promise<void> {
    let quiet = 0;
    while (quiet < 2) {
      await new Promise<void>((resolve) => realSetImmediate(resolve));
      quiet = this.inflight > 0 ? 0 : quiet + 1;
    }
  }

  private peek(): TestTimer | undefined {
    while (this.heap[0]?.cancelled) this.pop();
    return this.heap[0];
  }

  private before(a: TestTimer, b: TestTimer): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(timer: TestTimer): void {
    const heap = this.heap;
    heap.push(timer);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private pop(): TestTimer | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && this.before(heap[left]!, heap[smallest]!)) smallest = left;
        if (right < heap.length && this.before(heap[right]!, heap[smallest]!)) smallest = right;
        if (smallest === i) break;
        [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
        i = smallest;
      }
    }
    return top;
  }
}
