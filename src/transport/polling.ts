import { type RunnerHandle, run } from "@grammyjs/runner";
import { type Bot, GrammyError } from "grammy";
import type { BotContext } from "../bot/context.ts";
import type { Logger } from "../lib/logger.ts";

/** How long to wait before polling again after another instance took over (409). */
const CONFLICT_RETRY_MS = 30_000;

export interface PollingOptions {
  /** Waits (bounded) for the updates still being handled once polling stopped. */
  drain(): Promise<void>;
}

/**
 * Long polling through the concurrent runner: updates of one chat in order (sequentialize in the
 * bot), different chats in parallel. stop() lets in-flight updates finish; the runner confirms
 * offsets early, so a hard kill could drop a batch, which is why the app always stops it.
 */
export function startPolling(bot: Bot<BotContext>, logger: Logger, options: PollingOptions) {
  let runner: RunnerHandle | undefined;
  let stopped = false;
  let conflictReported = false;
  let wake: (() => void) | undefined;

  const done = (async () => {
    await bot.api.deleteWebhook().catch((error: unknown) => {
      logger.warn({ err: error }, "deleteWebhook failed");
    });
    while (!stopped) {
      runner = run(bot, { runner: { silent: true } });
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
              "another instance is polling with this bot token (409 Conflict): this one pauses polling and retries every 30 s",
            );
            conflictReported = true;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, CONFLICT_RETRY_MS).unref();
          });
          continue;
        }
        logger.error({ err: error }, "polling stopped: Telegram refused getUpdates");
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
    },
  };
}
