import { type Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";

/**
 * A virtual clock for replaying a day in minutes: Date, setTimeout and setInterval follow it,
 * while I/O stays real (the sandbox and the bot still talk HTTP over 127.0.0.1, the database is a
 * real SQLite file). The clock jumps to the next timer only once nothing is in flight, so every
 * request, answer and write happens at the virtual instant it would have, and what is measured
 * (push latency, reads per minute, budget waits) does not depend on how fast or how loaded the
 * machine running the replay is. Requests in flight are known because the replay's HTTP client
 * is `fetch()` below; it costs no virtual time.
 */

interface Timer {
  at: number;
  /** Orders timers due at the same instant as they were set. */
  seq: number;
  fn: () => void;
  delayMs: number;
  repeat: boolean;
  cancelled: boolean;
}

/** What setTimeout returns: enough of Node's Timeout for the code under test. */
class VirtualTimeout {
  constructor(
    private readonly clock: VirtualTime,
    readonly id: number,
    public timer: Timer,
  ) {}
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  hasRef(): boolean {
    return false;
  }
  refresh(): this {
    this.clock.reschedule(this);
    return this;
  }
  [Symbol.toPrimitive](): number {
    return this.id;
  }
}

type Callback = (...args: unknown[]) => void;

const real = {
  Date: globalThis.Date,
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
  setImmediate: globalThis.setImmediate,
};

export class VirtualTime {
  now: number;
  /** HTTP requests under way (see fetch): the clock waits for them. */
  inflight = 0;
  readonly heap: Timer[] = [];
  private readonly handles = new Map<number, VirtualTimeout>();
  private readonly timerHandle = new WeakMap<Timer, VirtualTimeout>();
  private seq = 0;
  /** Timers run so far. */
  steps = 0;

  constructor(startMs: number) {
    this.now = startMs;
  }

  /** Replaces the globals; call uninstall() when done. */
  install(): void {
    globalThis.Date = new Proxy(real.Date, {
      construct: (target, args, newTarget) =>
        Reflect.construct(target, args.length > 0 ? args : [this.now], newTarget),
      apply: () => new real.Date(this.now).toString(),
      get: (target, property, receiver) =>
        property === "now" ? () => this.now : Reflect.get(target, property, receiver),
    });
    const schedule = (fn: Callback, ms: unknown, args: unknown[], repeat: boolean) =>
      this.add(() => fn(...args), Math.max(1, Number(ms) || 0), repeat);
    // Timers set before the clock took over (an HTTP client's keep-alive sockets) stay real.
    const clear = (handle: unknown) => {
      if (!this.cancel(handle)) real.clearTimeout(handle as NodeJS.Timeout);
    };
    Object.assign(globalThis, {
      setTimeout: (fn: Callback, ms?: number, ...args: unknown[]) => schedule(fn, ms, args, false),
      setInterval: (fn: Callback, ms?: number, ...args: unknown[]) => schedule(fn, ms, args, true),
      clearTimeout: clear,
      clearInterval: clear,
    });
  }

  uninstall(): void {
    Object.assign(globalThis, real);
  }

  /** Runs timers in time order until `untilMs`, letting all I/O finish before each jump. */
  async runUntil(untilMs: number): Promise<void> {
    for (;;) {
      await this.settle();
      const next = this.peek();
      if (!next || next.at > untilMs) break;
      this.pop();
      this.now = Math.max(this.now, next.at);
      if (next.repeat) {
        next.at = this.now + next.delayMs;
        next.seq = ++this.seq;
        this.push(next);
      } else {
        const handle = this.timerHandle.get(next);
        if (handle) this.handles.delete(handle.id);
      }
      this.steps++;
      next.fn();
    }
    this.now = Math.max(this.now, untilMs);
  }

  /**
   * A fetch over node:http whose answer is read whole before it resolves, so that "nothing in
   * flight" means the code under test has nothing left to wait for but timers.
   */
  fetch(agent: Agent): typeof globalThis.fetch {
    return async (input, init) => {
      this.inflight++;
      try {
        const request = input instanceof Request ? input : new Request(input, init);
        const body =
          request.method === "GET" || request.method === "HEAD"
            ? undefined
            : Buffer.from(await request.arrayBuffer());
        const answer = await new Promise<{
          status: number;
          headers: IncomingHttpHeaders;
          body: Buffer;
        }>((resolve, reject) => {
          const req = httpRequest(
            request.url,
            { method: request.method, headers: Object.fromEntries(request.headers), agent },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (chunk: Buffer) => chunks.push(chunk));
              res.on("error", reject);
              res.on("end", () =>
                resolve({
                  status: res.statusCode ?? 500,
                  headers: res.headers,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          );
          req.on("error", reject);
          req.end(body);
        });
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, one);
        }
        return new Response(answer.body, { status: answer.status, headers });
      } finally {
        this.inflight--;
      }
    };
  }

  /** Node's timeout.refresh(): the same timer, due one delay from now. */
  reschedule(handle: VirtualTimeout): void {
    const old = handle.timer;
    old.cancelled = true;
    const timer: Timer = { ...old, at: this.now + old.delayMs, seq: ++this.seq, cancelled: false };
    handle.timer = timer;
    this.timerHandle.set(timer, handle);
    this.handles.set(handle.id, handle);
    this.push(timer);
  }

  private add(fn: () => void, delayMs: number, repeat: boolean): VirtualTimeout {
    const timer: Timer = {
      at: this.now + delayMs,
      seq: ++this.seq,
      fn,
      delayMs,
      repeat,
      cancelled: false,
    };
    const handle = new VirtualTimeout(this, timer.seq, timer);
    this.timerHandle.set(timer, handle);
    this.handles.set(handle.id, handle);
    this.push(timer);
    return handle;
  }

  /** Returns false when the handle is not one of this clock's timers. */
  private cancel(handle: unknown): boolean {
    const found =
      handle instanceof VirtualTimeout
        ? handle
        : typeof handle === "number"
          ? this.handles.get(handle)
          : undefined;
    if (!found) return handle instanceof VirtualTimeout;
    found.timer.cancelled = true;
    this.handles.delete(found.id);
    return true;
  }

  /** Real event-loop turns until no request has been in flight for two of them. */
  private async settle(): Promise<void> {
    let quiet = 0;
    while (quiet < 2) {
      await new Promise<void>((resolve) => real.setImmediate(resolve));
      quiet = this.inflight > 0 ? 0 : quiet + 1;
    }
  }

  private peek(): Timer | undefined {
    while (this.heap[0]?.cancelled) this.pop();
    return this.heap[0];
  }

  private before(a: Timer, b: Timer): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(timer: Timer): void {
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

  private pop(): Timer | undefined {
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
