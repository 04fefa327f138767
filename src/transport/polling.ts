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
    while (!stopped) {
      runner = run(options.journal.adapter(bot), { runner: { silent: true } });
      try {
        await runner.task();
        return;
      } catch (error) {
        if (stopped) return;
        if (error instanceof GrammyError && error.error_code === 409) {
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
