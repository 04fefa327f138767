import type { UserFromGetMe } from "grammy/types";
import { type Clock, sleep } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { type TelegramProblem, telegramProblem } from "./telegram-unreachable.ts";

/** The first pause after a failed try; it doubles up to LAST_PAUSE_MS. */
const FIRST_PAUSE_MS = 500;
const LAST_PAUSE_MS = 30_000;
/** How long one getMe may go unanswered before it is given up as a timeout and tried again. */
const GET_ME_ANSWER_MS = 15_000;

/**
 * getMe until Telegram answers: Telegram may be briefly unreachable at boot. Each failed try is
 * one line saying what happened (refused, not resolved, no answer within 15 s, Telegram's own
 * error answer) and when the next try is; its stack only at `debug`. A token Telegram rejects
 * throws at once. A stop signal ends the wait (undefined). Every try's listener and timer are
 * removed when it ends, so a wait of months leaves nothing behind.
 */
export async function waitForGetMe(
  getMe: (signal: AbortSignal) => Promise<UserFromGetMe>,
  options: {
    logger: Logger;
    apiRoot: string;
    clock: Clock;
    signal: AbortSignal | undefined;
    answerWithinMs?: number;
  },
): Promise<UserFromGetMe | undefined> {
  const { logger, apiRoot, clock, signal } = options;
  const answerWithinMs = options.answerWithinMs ?? GET_ME_ANSWER_MS;
  logger.info({ apiRoot }, "connecting to Telegram");
  for (let tries = 1, pause = FIRST_PAUSE_MS; !signal?.aborted; tries++) {
    const outcome = await tryGetMe(getMe, clock, answerWithinMs, signal);
    if ("me" in outcome) return outcome.me;
    if (signal?.aborted) return undefined;
    const problem = outcome.timedOut ? noAnswer(answerWithinMs) : telegramProblem(outcome.error);
    // A rejected token stays rejected: exit now (non-zero) rather than retry forever.
    if (problem.fatal) throw new Error(problem.reason, { cause: outcome.error });
    logger.error(
      { apiRoot, code: problem.code, tries, retryInMs: pause },
      `cannot reach Telegram (getMe failed): ${problem.reason} [${problem.code}]; next try in ${seconds(pause)}`,
    );
    logger.debug({ err: outcome.error, tries }, "getMe failed");
    try {
      await sleep(clock, pause, signal);
    } catch {
      return undefined;
    }
    pause = Math.min(pause * 2, LAST_PAUSE_MS);
  }
  return undefined;
}

/** One getMe, given up after `answerWithinMs` or at the stop; cleans up after itself. */
async function tryGetMe(
  getMe: (signal: AbortSignal) => Promise<UserFromGetMe>,
  clock: Clock,
  answerWithinMs: number,
  stop: AbortSignal | undefined,
): Promise<{ me: UserFromGetMe } | { error: unknown; timedOut: boolean }> {
  const attempt = new AbortController();
  const onStop = () => attempt.abort(stop?.reason);
  stop?.addEventListener("abort", onStop, { once: true });
  let timedOut = false;
  const cancelTimer = clock.setTimer(() => {
    timedOut = true;
    attempt.abort(new Error(`no answer within ${answerWithinMs} ms`));
  }, answerWithinMs);
  try {
    return { me: await getMe(attempt.signal) };
  } catch (error) {
    return { error, timedOut };
  } finally {
    cancelTimer();
    stop?.removeEventListener("abort", onStop);
  }
}

function noAnswer(ms: number): TelegramProblem {
  return {
    code: "TIMEOUT",
    reason: `timeout: no answer from TELEGRAM_API_ROOT within ${seconds(ms)} (a firewall, or no route to it)`,
    fatal: false,
  };
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
