import { GrammyError, HttpError } from "grammy";
import type { ApiResponse } from "grammy/types";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import {
  QUERY_ANSWER_RETRY_MS,
  REPLY_RETRY_MS,
  retryingTransformer,
} from "../../../src/bot/plumbing/reply-retry.ts";
import { TestClock } from "../../support/test-clock.ts";

/**
 * The transformer alone, over a Bot API whose answers the test scripts, on a clock the test
 * moves (the end-to-end cases: test/e2e/telegram-retry.test.ts).
 */

const logger = pino({ level: "silent" });
let clock: TestClock;
afterEach(() => clock?.dispose());

type Answer = ApiResponse<unknown> | HttpError;
const ok: Answer = { ok: true, result: { message_id: 1 } };
const badGateway: Answer = { ok: false, error_code: 502, description: "Bad Gateway" };
const cut = () => new HttpError("Network request for 'sendMessage' failed!", new Error("reset"));

function api(answers: Answer[], forever?: Answer) {
  const calls: number[] = [];
  const prev = async () => {
    calls.push(clock.now());
    const answer = answers.shift() ?? forever ?? ok;
    if (answer instanceof HttpError) throw answer;
    return answer;
  };
  return { calls, prev: prev as never };
}

function call(
  prev: never,
  method = "sendMessage",
  stopping = new AbortController().signal,
): Promise<unknown> {
  const transformer = retryingTransformer({ clock, logger, stopping });
  return transformer(prev, method as never, {} as never, undefined);
}

describe("a reply's tries", () => {
  it("a 5xx and a network error are tried again, after 1 then 2 s, until Telegram takes it", async () => {
    clock = new TestClock(0);
    const { calls, prev } = api([badGateway, cut()]);
    const result = call(prev);
    await clock.until(() => calls.length === 3, 10_000);
    expect(await result).toEqual(ok);
    expect(calls).toEqual([0, 1_000, 3_000]);
  });

  it("a refusal (a 4xx) and an error of the bot's own are not tried again", async () => {
    clock = new TestClock(0);
    const refused: Answer = { ok: false, error_code: 400, description: "Bad Request: no" };
    const first = api([refused]);
    expect(await call(first.prev)).toEqual(refused);
    expect(first.calls).toHaveLength(1);
    let thrown = 0;
    const own = (async () => {
      thrown++;
      throw new GrammyError("x", { ok: false, error_code: 400, description: "x" }, "m", {});
    }) as never;
    await expect(call(own)).rejects.toBeInstanceOf(GrammyError);
    expect(thrown).toBe(1);
  });

  it("gives up after a minute for a reply, 10 s for a button's answer, answering the last failure", async () => {
    clock = new TestClock(0);
    const reply = api([], badGateway);
    const replied = call(reply.prev);
    await clock.advance(REPLY_RETRY_MS + 60_000);
    expect(await replied).toEqual(badGateway);
    expect(reply.calls.at(-1)).toBeLessThanOrEqual(REPLY_RETRY_MS);
    expect(reply.calls).toEqual([0, 1_000, 3_000, 7_000, 15_000, 30_000, 45_000, 60_000]);

    const started = clock.now();
    const button = api([], cut());
    const answered = call(button.prev, "answerCallbackQuery");
    // Rejects while the clock moves: looked at below.
    answered.catch(() => undefined);
    await clock.advance(QUERY_ANSWER_RETRY_MS + 60_000);
    await expect(answered).rejects.toBeInstanceOf(HttpError);
    expect(button.calls.map((at) => at - started)).toEqual([0, 1_000, 3_000, 7_000]);
  });

  it("a stop ends the wait at once: the last failure is the answer", async () => {
    clock = new TestClock(0);
    const stop = new AbortController();
    const { calls, prev } = api([], badGateway);
    const result = call(prev, "sendMessage", stop.signal);
    await clock.until(() => calls.length === 2, 10_000);
    stop.abort();
    expect(await result).toEqual(badGateway);
    expect(calls).toHaveLength(2);
  });
});
