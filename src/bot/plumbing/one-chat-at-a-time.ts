import type { Context, MiddlewareFn } from "grammy";

/**
 * One chat's updates in order, different chats in parallel: what the runner's `sequentialize`
 * does for one key per update, without its per-update arrays, `Promise.all` and two async
 * functions, which stay alive as long as the update runs: with hundreds of updates in flight,
 * part of what every garbage collection has to copy.
 *
 * An update of a chat starts once the chat's previous one has finished, whether that succeeded or
 * failed; its own failure still reaches the caller. Updates without a key run at once. The queue
 * lives in this process, like the runner's.
 */
export function oneChatAtATime<C extends Context>(
  keyOf: (ctx: C) => string | undefined,
): MiddlewareFn<C> {
  const tails = new Map<string, Promise<void>>();
  return (ctx, next) => {
    const key = keyOf(ctx);
    if (key === undefined) return next();
    const previous = tails.get(key);
    const run = previous === undefined ? next() : previous.then(next);
    const tail = run.then(nothing, nothing);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

function nothing(): void {}
