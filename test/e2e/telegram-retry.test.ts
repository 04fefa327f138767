import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { TestClock } from "../support/test-clock.ts";

let h: Harness | undefined;
let clock: TestClock | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  clock = undefined;
});

const sendsTo = (harness: Harness, chatId: number) =>
  harness.tg.callsTo("sendMessage").filter((c) => Number(c.params.chat_id) === chatId);
const outcomes = (harness: Harness, chatId: number) =>
  sendsTo(harness, chatId).map((c) => (c.response?.ok ? "ok" : c.response?.error_code));
const throttled = (harness: Harness) =>
  harness.logs.filter((l) => l.includes("Telegram answered 429"));
const helps = (texts: string[]) => texts.filter((t) => t.includes("/exchange"));

/** The bot on a test clock: a reply's next try waits on it. */
async function onTestClock(): Promise<Harness> {
  clock = new TestClock();
  h = await startHarness({ clock });
  return h;
}

/** Resolves once the chat's sendMessage has failed with `code` (the update is being handled). */
function failedOnce(harness: Harness, chatId: number, code: number) {
  return harness.tg.until(
    () => (outcomes(harness, chatId).includes(code) ? true : undefined),
    10_000,
    () => new Error(`no sendMessage to ${chatId} failed with ${code}`),
  );
}

describe("Telegram calls are retried within explicit bounds", () => {
  it("a 429 that keeps coming is tried three times, then the update fails and the user is told", async () => {
    h = await startHarness();
    const user = h.tg.user();
    h.tg.failNext("sendMessage", { errorCode: 429, retryAfter: 1, times: 3, chatId: user.chatId });
    const reply = await user.reply("/help", { timeoutMs: 10_000 });
    expect(reply.text).toContain("Something went wrong");
    expect(user.transcript()).toHaveLength(1);
    expect(outcomes(h, user.chatId)).toEqual([429, 429, 429, "ok"]);
    expect(throttled(h)).toHaveLength(3);
  });

  it("a 429 asking to wait longer than the bound is not waited for", async () => {
    h = await startHarness();
    const user = h.tg.user();
    h.tg.failNext("sendMessage", { errorCode: 429, retryAfter: 10, chatId: user.chatId });
    const reply = await user.reply("/help");
    expect(reply.text).toContain("Something went wrong");
    expect(sendsTo(h, user.chatId)).toHaveLength(2);
  });
});

describe("a reply lost in a Telegram blip is tried again (issue 39 B)", () => {
  it("sendMessage answering 502 three times, then working: the user gets the answer, once", async () => {
    const bot = await onTestClock();
    const user = bot.tg.user();
    bot.tg.failNext("sendMessage", { errorCode: 502, times: 3, chatId: user.chatId });
    await user.send("/help");
    await failedOnce(bot, user.chatId, 502);
    await clock!.until(
      () => helps(user.transcript().map((m) => m.text)).length > 0,
      60_000,
      "the help once Telegram is back",
    );
    await bot.tg.settle(300);
    const texts = user.transcript().map((m) => m.text);
    expect(helps(texts)).toHaveLength(1);
    expect(texts.some((t) => t.includes("Something went wrong"))).toBe(false);
    expect(outcomes(bot, user.chatId)).toEqual([502, 502, 502, "ok"]);
    expect(bot.logs.some((l) => l.includes("Telegram took the reply on a later try"))).toBe(true);
  });

  it("a retried reply holds only its own chat: another user is answered meanwhile, in order", async () => {
    const bot = await onTestClock();
    const stuck = bot.tg.user();
    const other = bot.tg.user();
    bot.tg.failNext("sendMessage", { errorCode: 502, times: 2, chatId: stuck.chatId });
    await stuck.send("/help");
    await failedOnce(bot, stuck.chatId, 502);
    // The clock stands still: the stuck chat's next try waits, the other chat does not.
    const answer = await other.reply("/help");
    expect(answer.text).toContain("/exchange");
    expect(stuck.transcript()).toHaveLength(0);
    // The stuck chat's next message waits behind its first: answered after it, in order.
    await stuck.send("/cancel");
    await clock!.until(
      () => stuck.transcript().length >= 2,
      60_000,
      "both answers in the stuck chat",
    );
    const texts = stuck.transcript().map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toBe(answer.text);
    expect(texts[1]).not.toBe(answer.text);
  });

  it("a connection cut after Telegram carried the call out: sent again, a rare duplicate rather than silence", async () => {
    const bot = await onTestClock();
    const user = bot.tg.user();
    bot.tg.dropNext("sendMessage", { chatId: user.chatId });
    await user.send("/help");
    await bot.tg.until(
      () => (helps(user.transcript().map((m) => m.text)).length > 0 ? true : undefined),
      10_000,
      () => new Error("the first help never appeared"),
    );
    await clock!.until(
      () => helps(user.transcript().map((m) => m.text)).length === 2,
      60_000,
      "the second try answered",
    );
    await bot.tg.settle(300);
    const texts = user.transcript().map((m) => m.text);
    expect(helps(texts)).toHaveLength(2);
    expect(sendsTo(bot, user.chatId)).toHaveLength(2);
    expect(texts.some((t) => t.includes("Something went wrong"))).toBe(false);
  });

  it("Telegram failing for longer than a minute: the tries end, the chat is not held, and its next message is answered", async () => {
    const bot = await onTestClock();
    const user = bot.tg.user();
    bot.tg.failNext("sendMessage", { errorCode: 502, times: 1_000, chatId: user.chatId });
    await user.send("/help");
    await failedOnce(bot, user.chatId, 502);
    await clock!.until(
      () => bot.logs.filter((l) => l.includes("no more tries")).length >= 2,
      // The help's tries, then the apology's: a minute each, and a little.
      3 * 60_000,
      "the tries given up",
    );
    const tries = sendsTo(bot, user.chatId).length;
    expect(tries).toBeGreaterThan(4);
    // Bounded: 1, 2, 4, 8, 15, 15, 15 s between the tries of one call, two calls.
    expect(tries).toBeLessThanOrEqual(16);
    bot.tg.clearFailures("sendMessage");
    const reply = await user.reply("/help");
    expect(reply.text).toContain("/exchange");
  });

  it("a stop while a reply waits for its next try ends the wait at once", async () => {
    const bot = await onTestClock();
    const user = bot.tg.user();
    bot.tg.failNext("sendMessage", { errorCode: 502, times: 1_000, chatId: user.chatId });
    await user.send("/help");
    await failedOnce(bot, user.chatId, 502);
    // The clock is not moved: the wait could only end through the stop.
    await bot.stop();
    const stopLines = bot.logs.filter((l) => l.includes("no more tries"));
    expect(stopLines.some((l) => l.includes('"stopping":true'))).toBe(true);
    expect(bot.logs.some((l) => l.includes("updates still running at stop"))).toBe(false);
    expect(bot.logs.some((l) => l.includes("bot stopped"))).toBe(true);
  });
});
