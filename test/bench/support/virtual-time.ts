import { type Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { TestClock, type TestTimer } from "../../support/test-clock.ts";

/**
 * A virtual clock for replaying a day in minutes: the test clock (test/support/test-clock.ts)
 * installed as the process's, so that Date, setTimeout and setInterval follow it (code that takes
 * no clock of its own: the sandbox, the replay's timeline), while I/O stays real (the sandbox and
 * the bot still talk HTTP over 127.0.0.1, the database is a real SQLite file). The clock jumps to the next timer only once nothing is in flight, so every
 * request, answer and write happens at the virtual instant it would have, and what is measured
 * (push latency, reads per minute, budget waits) does not depend on how fast or how loaded the
 * machine running the replay is. Requests in flight are known because the replay's HTTP client
 * is `fetch()` below; it costs no virtual time.
 */

/** What setTimeout returns: enough of Node's Timeout for the code under test. */
class VirtualTimeout {
  constructor(
    private readonly clock: VirtualTime,
    readonly id: number,
    public timer: TestTimer,
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

export class VirtualTime extends TestClock {
  private readonly handles = new Map<number, VirtualTimeout>();
  private readonly timerHandle = new WeakMap<TestTimer, VirtualTimeout>();

  /** Replaces the globals; call uninstall() when done. */
  install(): void {
    globalThis.Date = new Proxy(real.Date, {
      construct: (target, args, newTarget) =>
        Reflect.construct(target, args.length > 0 ? args : [this.current], newTarget),
      apply: () => new real.Date(this.current).toString(),
      get: (target, property, receiver) =>
        property === "now" ? () => this.current : Reflect.get(target, property, receiver),
    });
    const schedule = (fn: Callback, ms: unknown, args: unknown[], repeat: boolean) =>
      this.handle(this.add(() => fn(...args), Math.max(1, Number(ms) || 0), repeat));
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
    const timer = this.requeue(handle.timer);
    handle.timer = timer;
    this.timerHandle.set(timer, handle);
    this.handles.set(handle.id, handle);
  }

  protected override done(timer: TestTimer): void {
    const handle = this.timerHandle.get(timer);
    if (handle) this.handles.delete(handle.id);
  }

  private handle(timer: TestTimer): VirtualTimeout {
    const handle = new VirtualTimeout(this, timer.seq, timer);
    this.timerHandle.set(timer, handle);
    this.handles.set(handle.id, handle);
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
}
