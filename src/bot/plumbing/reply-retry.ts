import { type Context, HttpError, type MiddlewareFn, type Transformer } from "grammy";
import type { ApiResponse } from "grammy/types";
import { type Clock, sleep } from "../../lib/clock.ts";
import { failureCause } from "../../lib/failure-cause.ts";
import type { Logger } from "../../lib/logger.ts";

/** How long a reply is tried again while Telegram fails: a blip, a restart of its front end. */
export const REPLY_RETRY_MS = 60_000;
/**
 * Answers to a button or an inline query are tried for less: Telegram forgets the query after
 * about 15 s, and an answer after that only fails ("query is too old").
 */
export const QUERY_ANSWER_RETRY_MS = 10_000;
const QUERY_ANSWERS = new Set(["answerCallbackQuery", "answerInlineQuery"]);
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 15_000;

/**
 * Replies tried again through a Telegram blip: every Bot API call made while an update is handled
 * (a reply, an edit, a photo, a button's answer…) that fails with a 5xx or a network error is
 * sent again, after 1, 2, 4, 8, 15, 15… s, for at most a minute from its first try (10 s for the
 * answer to a button or an inline query), so the user is answered once Telegram is back. Pushes
 * do not come here: the outboxes retry their rows themselves, and call through the bot's own Api.
 *
 * The price is a rare duplicate: a call whose connection broke after Telegram carried it out is
 * sent again (Telegram has no idempotency key). docs/behaviour.md says why that is preferred to
 * silence.
 *
 * Why not auto-retry's own options (`rethrowInternalServerErrors: false`, `rethrowHttpErrors:
 * false`, read in its 2.0.2 source): its waits run on real timers (tests could not move them),
 * it bounds the count of 5xx retries but not their time (3 s doubling, up to an hour each), a
 * network error is retried without any bound, and only the call's own signal ends a wait, which
 * handlers never pass. Here the waits run on the bot's Clock, are bounded in time, and end at
 * once when the bot stops (`stopping`): a stop must end within 10 s.
 *
 * Installed on each update's Api only (the middleware): a retried reply holds its own chat's
 * queue (its next message is handled after the answer, in order), never another chat's.
 */
export function replyRetry(options: {
  clock: Clock;
  logger: Logger;
  /** Aborted when the bot stops: pending retries give up at once. */
  stopping: AbortSignal;
}): MiddlewareFn<Context> {
  const transformer = retryingTransformer(options);
  return (ctx, next) => {
    ctx.api.config.use(transformer);
    return next();
  };
}

export function retryingTransformer({
  clock,
  logger,
  stopping,
}: {
  clock: Clock;
  logger: Logger;
  stopping: AbortSignal;
}): Transformer {
  return async (prev, method, payload, signal) => {
    const window = QUERY_ANSWERS.has(method) ? QUERY_ANSWER_RETRY_MS : REPLY_RETRY_MS;
    const started = clock.monotonic();
    let delay = FIRST_DELAY_MS;
    for (let attempt = 1; ; attempt++) {
      let result: ApiResponse<unknown> | undefined;
      let thrown: HttpError | undefined;
      try {
        result = await prev(method, payload, signal);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        thrown = error;
      }
      if (result && (result.ok || result.error_code < 500)) {
        if (attempt > 1 && result.ok) {
          logger.info({ method, attempts: attempt }, "Telegram took the reply on a later try");
        }
        return result as Awaited<ReturnType<typeof prev>>;
      }
      const cause = thrown ? failureCause(thrown) : `${result?.error_code} ${result?.description}`;
      const waited = clock.monotonic() - started;
      if (!stopping.aborted && !signal?.aborted && waited + delay <= window) {
        logger.warn(
          { method, attempt, cause, retryInMs: delay },
          `Telegram failed a reply (${cause}); trying again in ${delay} ms`,
        );
        const waitedOut = await sleep(clock, delay, stopping).then(
          () => true,
          () => false,
        );
        delay = Math.min(delay * 2, MAX_DELAY_MS);
        if (waitedOut) continue;
      }
      logger.warn(
        { method, attempts: attempt, cause, stopping: stopping.aborted },
        "Telegram failed a reply; no more tries",
      );
      if (thrown) throw thrown;
      return result as Awaited<ReturnType<typeof prev>>;
    }
  };
}
