import { type RunnerHandle, run } from "@grammyjs/runner";
import { type Bot, type Context, GrammyError } from "grammy";
import { failureCause } from "../lib/failure-cause.ts";
import type { Logger } from "../lib/logger.ts";
import type { UpdateJournal } from "./update-journal.ts";

interface PollingOptions {
  /** How long to wait before polling again after another instance took over (409). */
  conflictRetryMs: number;
  /** Waits (bounded) for the updates still being handled once polling stopped. */
  drain(): Promise<void>;
  /** Polling ended on an error it cannot get over (a revoked token): the process must not stay. */
  onFatal(error: unknown): void;
  /** Journals each batch until handled; what an earlier run left is handled before polling. */
  journal: UpdateJournal;
  /**
   * Awaited before each getUpdates; it rejects when this instance may not poll (it lost the
   * lead): Telegram is not asked, so the instance that leads now meets no 409.
   */
  fence?: () => Promise<void>;
}

/**
 * Long polling through the concurrent runner: updates of one chat in order (oneChatAtATime in the
 * bot), different chats in parallel. stop() lets in-flight updates finish. The runner confirms
 * offsets early: the journal keeps what a hard kill would otherwise drop.
 */
export function startPolling<C extends Context>(
  bot: Bot<C>,
  logger: Logger,
  options: PollingOptions,
) {
  let runner: RunnerHandle | undefined;
  let stopped = false;
  let conflictReported = false;
  let wake: (() => void) | undefined;

  const done = (async () => {
    await bot.api.deleteWebhook().catch((error: unknown) => {
      logger.warn({ err: error }, "deleteWebhook failed");
    });
    await options.journal.replayLeft(bot).catch((error: unknown) => {
      logger.error({ err: error }, "could not handle the updates the last run left");
    });
    const mayPoll = async () => {
      if (!options.fence) return true;
      return options.fence().then(
        () => true,
        () => false,
      );
    };
    while (!stopped) {
      runner = run(
        patientSource(fencedSource(options.journal.adapter(bot), options.fence), logger),
        { runner: { silent: true } },
      );
      try {
        await runner.task();
        return;
      } catch (error) {
        if (stopped) return;
        if (error instanceof GrammyError && error.error_code === 409) {
          // The 409 may be the new leader's poll ending ours: then this one stops, quietly.
          if (!(await mayPoll())) {
            logger.info("polling stops: this instance no longer leads");
            return;
          }
          // Another process polls with this token. One clear line, then a quiet retry: exiting
          // would only make a supervisor restart us into the same conflict.
          if (!conflictReported) {
            logger.error(
              { retryInMs: options.conflictRetryMs },
              `another instance is polling with this bot token (409 Conflict): this one pauses polling and retries every ${Math.round(options.conflictRetryMs / 1000)} s`,
            );
            conflictReported = true;
          }
          // A referenced timer on purpose: while paused, this wait is what keeps the process
          // alive (nothing else may hold the event loop open).
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, options.conflictRetryMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          continue;
        }
        const reason = refusal(error);
        logger.error({ err: error }, `polling stopped: ${reason}`);
        options.onFatal(new Error(reason, { cause: error }));
        return;
      }
    }
  })();

  return {
    done,
    /** Stops taking updates, then waits (bounded) for those being handled. */
    async stop(): Promise<void> {
      stopped = true;
      wake?.();
      if (runner?.isRunning()) await runner.stop();
      await done;
      await options.drain();
      await options.journal.flush(true);
    },
  };
}

/** The runner's source with `fence` awaited before each getUpdates. */
function fencedSource<S extends { api: { getUpdates: (...args: never[]) => Promise<unknown> } }>(
  source: S,
  fence: (() => Promise<void>) | undefined,
): S {
  if (!fence) return source;
  const getUpdates = source.api.getUpdates;
  return {
    ...source,
    api: {
      ...source.api,
      getUpdates: async (...args: Parameters<typeof getUpdates>) => {
        await fence();
        return getUpdates(...args);
      },
    },
  };
}

/** The longest pause between two getUpdates while they fail: polling resumes this soon. */
const MAX_POLL_BACKOFF_MS = 3_000;
/** The first pause after a failed getUpdates; each failure in a row doubles it, up to the cap. */
const FIRST_POLL_BACKOFF_MS = 250;
/** While getUpdates keeps failing, it is said again this often. */
const POLL_FAILING_REPEAT_MS = 30_000;

/**
 * The runner's source with every failure of getUpdates that is not a refusal (Telegram away: no
 * answer, a broken connection, a 5xx; or the journal's database away) retried here, after a pause
 * that doubles up to MAX_POLL_BACKOFF_MS, with one line naming the cause when it starts or changes,
 * one every 30 s while it lasts and one when it ends. The runner's own back-off doubles without a cap (about
 * 25 s after a minute's outage) and says nothing; it sees only refusals (a 4xx: 401, 409, 429)
 * and a lost lead, and a stop.
 */
function patientSource<S extends { api: { getUpdates: (...args: never[]) => Promise<unknown> } }>(
  source: S,
  logger: Logger,
): S {
  const getUpdates = source.api.getUpdates;
  let failingSince: number | undefined;
  let toldAt = 0;
  let lastCause = "";
  return {
    ...source,
    api: {
      ...source.api,
      getUpdates: async (...args: Parameters<typeof getUpdates>) => {
        const signal = (args as unknown[])[1] as AbortSignal | undefined;
        for (
          let delay = FIRST_POLL_BACKOFF_MS;
          ;
          delay = Math.min(delay * 2, MAX_POLL_BACKOFF_MS)
        ) {
          try {
            const updates = await getUpdates(...args);
            if (failingSince !== undefined) {
              const forSeconds = Math.round((Date.now() - failingSince) / 1000);
              logger.info({ forSeconds }, `getUpdates answers again after ${forSeconds} s`);
              failingSince = undefined;
              lastCause = "";
            }
            return updates;
          } catch (error) {
            if (signal?.aborted || !passing(error)) throw error;
            const cause = failureCause(error);
            const now = Date.now();
            const changed = cause !== lastCause;
            if (failingSince === undefined || changed || now - toldAt >= POLL_FAILING_REPEAT_MS) {
              const first = failingSince === undefined;
              failingSince ??= now;
              toldAt = now;
              lastCause = cause;
              logger.warn(
                { cause, retryInMs: delay },
                first
                  ? `getUpdates failed (${cause}): polling again in ${delay} ms, every ${MAX_POLL_BACKOFF_MS / 1000} s at most`
                  : `getUpdates still failing after ${Math.round((now - failingSince) / 1000)} s (${cause})`,
              );
            }
            await pause(delay, signal);
          }
        }
      },
    },
  };
}

/**
 * Whether a getUpdates failure passes by itself: anything but an answer refusing the call (a 4xx:
 * a revoked token, another poller, a 429 the runner honours) and a lost lead (NotLeaderError).
 */
function passing(error: unknown): boolean {
  if (error instanceof GrammyError) return error.error_code >= 500;
  return !(error instanceof Error && error.name === "NotLeaderError");
}

/** The one line naming why polling cannot go on. */
function refusal(error: unknown): string {
  if (error instanceof GrammyError && error.error_code === 401) {
    return "Telegram rejected the bot token (401 Unauthorized): check BOT_TOKEN";
  }
  const cause = error instanceof Error ? error.message : String(error);
  return `Telegram refused getUpdates (${cause})`;
}

/** Resolves after `ms`, or at once when `signal` aborts (the runner is stopping). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
