import { performance } from "node:perf_hooks";

/**
 * Where the background loops read the time and wait: the real clock in production, a clock that
 * tests move forward (test/support/test-clock.ts), so that a loop's test moves time instead of
 * sleeping.
 */
export interface Clock {
  /** Epoch milliseconds (what Date.now() says). */
  now(): number;
  /** Milliseconds on a clock that never jumps with the wall clock: for leases and durations. */
  monotonic(): number;
  /** Calls `fn` once, `ms` from now, unless cancelled first; returns the cancel function. */
  setTimer(fn: () => void, ms: number): () => void;
}

/** The process's clock. Its timers never keep the process alive on their own. */
export const realClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Resolves `ms` from now on `clock`; rejects with the signal's reason once it aborts. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      cancel();
      reject(signal?.reason);
    };
    const cancel = clock.setTimer(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** `promise`, or a rejection after `ms` on `clock` when it has not settled by then. */
export function withTimeout<T>(
  clock: Pick<Clock, "setTimer">,
  promise: Promise<T>,
  ms: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const cancel = clock.setTimer(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        cancel();
        reject(error);
      },
    );
  });
}
