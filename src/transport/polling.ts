import { type RunnerHandle, run } from "@grammyjs/runner";
import { type Bot, type Context, GrammyError } from "grammy";
import type { Logger } from "../lib/logger.ts";
import type { UpdateJournal } from "./update-journal.ts";

export interface PollingOptions {
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
      runner = run(fencedSource(options.journal.adapter(bot), options.fence), {
        runner: { silent: true },
      });
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
        logger.error({ err: error }, "polling stopped: Telegram refused getUpdates");
        options.onFatal(error);
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
      await options.journal.flush();
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
