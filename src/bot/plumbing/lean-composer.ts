import {
  BotError,
  Composer,
  type Context,
  type Middleware,
  type MiddlewareFn,
  type NextFunction,
} from "grammy";

type MaybePromise<T> = T | Promise<T>;

const flatten = <C extends Context>(middleware: Middleware<C>): MiddlewareFn<C> =>
  typeof middleware === "function" ? middleware : (ctx, next) => middleware.middleware()(ctx, next);

const pass = <C extends Context>(_ctx: C, next: NextFunction) => next();

/** A filter in a chain: tried in place, so an update it does not match costs no step. */
interface Branch<C extends Context> {
  predicate: (ctx: C) => MaybePromise<boolean>;
  onTrue: MiddlewareFn<C>;
  onFalse: MiddlewareFn<C>;
}

type Link<C extends Context> = MiddlewareFn<C> | Branch<C>;

/**
 * A grammY Composer that runs the same middleware with fewer allocations per update.
 *
 * grammY's Composer chains middleware with two async closures per `use`, and every `filter`
 * (`command`, `on`, `callbackQuery`, …) builds a new Composer, an array and two more async
 * functions for each update that reaches it, match or not. A message walks past a dozen of these
 * before its feature answers, and with hundreds of updates in flight that garbage is what the bot
 * spent most of its time collecting. Here a composer is one list walked by index, and a filter
 * is a predicate tried in place; the order, the `next` semantics and errors are grammY's.
 */
export class LeanComposer<C extends Context> extends Composer<C> {
  private readonly chain: Link<C>[];
  private readonly run: MiddlewareFn<C>;

  constructor(...middleware: Middleware<C>[]) {
    super();
    const chain: Link<C>[] = middleware.map(flatten);
    this.chain = chain;
    this.run = (ctx, next) => {
      // One middleware (every `use` makes such a composer) gets `next` itself: no step of its
      // own to allocate, and a second call is still refused by the caller's step.
      const only = chain.length === 1 ? chain[0] : undefined;
      return typeof only === "function" ? only(ctx, next) : step(chain, 0, ctx, next);
    };
  }

  override middleware(): MiddlewareFn<C> {
    return this.run;
  }

  override use(...middleware: Middleware<C>[]): Composer<C> {
    const composer = new LeanComposer(...middleware);
    this.chain.push(composer.run);
    return composer;
  }

  override filter<D extends C>(
    predicate: (ctx: C) => ctx is D,
    ...middleware: Middleware<D>[]
  ): Composer<D>;
  override filter(
    predicate: (ctx: C) => MaybePromise<boolean>,
    ...middleware: Middleware<C>[]
  ): Composer<C>;
  override filter(
    predicate: (ctx: C) => MaybePromise<boolean>,
    ...middleware: Middleware<C>[]
  ): Composer<C> {
    const composer = new LeanComposer(...middleware);
    this.branch(predicate, composer, pass);
    return composer;
  }

  override errorBoundary(
    errorHandler: (error: BotError<C>, next: NextFunction) => MaybePromise<unknown>,
    ...middleware: Middleware<C>[]
  ): Composer<C> {
    const composer = new LeanComposer(...middleware);
    this.use(async (ctx, next) => {
      let nextCalled = false;
      const cont = () => {
        nextCalled = true;
        return Promise.resolve();
      };
      try {
        await composer.run(ctx, cont);
      } catch (error) {
        nextCalled = false;
        await errorHandler(new BotError(error, ctx), cont);
      }
      if (nextCalled) await next();
    });
    return composer;
  }

  override branch(
    predicate: (ctx: C) => MaybePromise<boolean>,
    trueMiddleware: Middleware<C> | Middleware<C>[],
    falseMiddleware: Middleware<C> | Middleware<C>[],
  ): Composer<C> {
    this.chain.push({ predicate, onTrue: one(trueMiddleware), onFalse: one(falseMiddleware) });
    // grammY returns the composer its branch was installed with; nothing more can be added to it.
    return new LeanComposer<C>();
  }
}

/**
 * Runs the chain from `index`: filters that do not match are passed over in place; the first
 * middleware to run gets a `next` that runs the rest, and past the end the composer's own `next`.
 */
function step<C extends Context>(
  chain: readonly Link<C>[],
  index: number,
  ctx: C,
  next: NextFunction,
): Promise<void> {
  try {
    for (let i = index; ; i++) {
      const link = chain[i];
      if (link === undefined) return next();
      if (typeof link === "function") return call(link, chain, i, ctx, next);
      const matches = link.predicate(ctx);
      if (isThenable(matches)) {
        return matches.then((yes) => take(yes ? link.onTrue : link.onFalse, chain, i, ctx, next));
      }
      const taken = matches ? link.onTrue : link.onFalse;
      if (taken !== pass) return call(taken, chain, i, ctx, next);
    }
  } catch (error) {
    return Promise.reject(error);
  }
}

function take<C extends Context>(
  middleware: MiddlewareFn<C>,
  chain: readonly Link<C>[],
  index: number,
  ctx: C,
  next: NextFunction,
): Promise<void> {
  return middleware === pass
    ? step(chain, index + 1, ctx, next)
    : call(middleware, chain, index, ctx, next);
}

/** Runs one middleware of the chain with a `next` that may be called once. */
function call<C extends Context>(
  middleware: MiddlewareFn<C>,
  chain: readonly Link<C>[],
  index: number,
  ctx: C,
  next: NextFunction,
): Promise<void> {
  let called = false;
  return settle(
    middleware(ctx, () => {
      if (called) throw new Error("`next` already called before!");
      called = true;
      return step(chain, index + 1, ctx, next);
    }),
  );
}

function one<C extends Context>(middleware: Middleware<C> | Middleware<C>[]): MiddlewareFn<C> {
  if (middleware instanceof LeanComposer) return middleware.middleware();
  if (!Array.isArray(middleware)) return flatten(middleware);
  if (middleware.length === 0) return pass;
  return new LeanComposer(...middleware).middleware();
}

/** Middleware may return anything; `next` returns a promise (its value is never read). */
function settle(result: unknown): Promise<void> {
  return Promise.resolve(result) as Promise<void>;
}

function isThenable<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | undefined)?.then === "function";
}
