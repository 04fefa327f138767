import { autoRetry } from "@grammyjs/auto-retry";
import type { Transformer } from "grammy";
import type { ApiResponse } from "grammy/types";
import type { Logger } from "../../lib/logger.ts";

/**
 * What a Bot API call may retry, explicitly (auto-retry's defaults retry for ever):
 *
 * - Only a 429 carrying `retry_after`: Telegram says the call was not carried out, so repeating
 *   it cannot duplicate a message. A 5xx or a network failure (HttpError) may come after
 *   Telegram did carry the call out, and Telegram has no idempotency: those are not repeated
 *   here. A reply made while an update is handled is tried again by reply-retry.ts (for a
 *   minute: a rare duplicate rather than silence); the outbox retries its rows with its own
 *   backoff; the runner retries getUpdates itself.
 * - At most 2 retries, so 3 calls in all.
 * - A wait of at most 5 s each: a 429 asking for longer fails at once instead of holding an
 *   update (and a shutdown) for it. auto-retry also waits after the last 429 before giving up,
 *   so one call can spend at most (1 + 2) × 5 = 15 s waiting.
 */
const TELEGRAM_RETRY = {
  maxRetryAttempts: 2,
  maxDelaySeconds: 5,
  rethrowInternalServerErrors: true,
  rethrowHttpErrors: true,
} as const;

/** The bounded retry, installed outside everything that watches single attempts (see bot.ts). */
export function telegramRetry(): Transformer {
  return autoRetry(TELEGRAM_RETRY);
}

/**
 * One warning per 429 Telegram answers, for every attempt: an operator sees the bot being
 * throttled, and a test can count real attempts.
 */
export function reportThrottling(
  logger: Logger,
  method: string,
  result: ApiResponse<unknown>,
): void {
  if (!result.ok && result.error_code === 429) {
    logger.warn({ method, retryAfter: result.parameters?.retry_after }, "Telegram answered 429");
  }
}
