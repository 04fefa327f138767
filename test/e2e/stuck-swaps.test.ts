import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat } from "../support/flows.ts";
import { TestClock } from "../support/test-clock.ts";

/**
 * The tracker and the notifier run on a clock these tests move: a threshold passes when the test
 * moves time past it, never by waiting for it.
 */
let h: Harness | undefined;
let clock: TestClock;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The bot with these settings, its loops on a fresh test clock. */
async function start(env: Record<string, string>): Promise<Harness> {
  clock = new TestClock();
  h = await startHarness({ env, clock });
  return h;
}

type User = ReturnType<Harness["tg"]["user"]>;

/**
 * Off the grid of the tracker's cycles (they start every few hundred ms of clock time here), so
 * that a message told a cycle too early would arrive before it.
 */
const STUCK_AFTER_MS = 1_750;
/** Clock time a push may take before a test gives up on it: many polls of 200 ms. */
const WITHIN_MS = 20_000;

/** New messages (not edits) naming the state the way a status push does. */
const pushes = (user: User, word: string) =>
  user.transcript().filter((m) => !m.photo && new RegExp(`Swap \\w+: ${word}\\n`).test(m.text))
    .length;
const stuckMessages = (user: User) =>
  user.transcript().filter((m) => m.text.includes("taking longer than usual"));

describe("a swap that stays in one state far longer than usual", () => {
  it("held in confirmation past the threshold gets exactly one message, none before, none after a restart", async () => {
    const bot = await start({
      STUCK_CONFIRMING_AFTER_MS: String(STUCK_AFTER_MS),
      STUCK_EXCHANGING_AFTER_MS: "3600000",
    });
    const user = bot.tg.user();
    const id = await createSwapViaChat(user);
    bot.sandbox.control.setStatus(id, "confirmation");
    await clock.until(() => pushes(user, "confirming") === 1, WITHIN_MS, "the confirming push");
    expect(stuckMessages(user)).toHaveLength(0);

    // Every poll up to the threshold has run and been answered: nothing yet.
    const confirmingSince = (await bot.app.repos.transactions.get(id))!.statusChangedAt;
    await clock.runUntil(confirmingSince + STUCK_AFTER_MS - 1);
    expect(stuckMessages(user)).toHaveLength(0);

    // Time stands still while the bot's requests are answered, so the clock's time when the
    // message is first seen is the time it reached Telegram.
    await clock.until(() => stuckMessages(user).length === 1, WITHIN_MS, "the stuck message");
    const toldAt = clock.now();
    expect(toldAt - confirmingSince).toBeGreaterThanOrEqual(STUCK_AFTER_MS);
    // What is going on and what to do, and nothing that reads like a status change.
    const [message] = stuckMessages(user);
    expect(message!.text).toContain("low network fee");
    expect(message!.text).toContain(`quote the transaction id ${id}`);
    expect(message!.text).not.toMatch(/confirming|exchanging|complete|expired/);

    // Many more cycles, and a restart, do not repeat it.
    await clock.advance(10 * STUCK_AFTER_MS);
    await bot.restart();
    await clock.advance(10 * STUCK_AFTER_MS);
    await bot.tg.settle();
    expect(stuckMessages(user)).toHaveLength(1);
    expect(pushes(user, "confirming")).toBe(1);
  });

  it("gets one message per state it is stuck in, each saying what that state means", async () => {
    const bot = await start({
      STUCK_CONFIRMING_AFTER_MS: String(STUCK_AFTER_MS),
      STUCK_EXCHANGING_AFTER_MS: String(STUCK_AFTER_MS),
    });
    const user = bot.tg.user();
    const id = await createSwapViaChat(user);
    bot.sandbox.control.setStatus(id, "confirmation");
    await clock.until(() => stuckMessages(user).length === 1, WITHIN_MS, "the first stuck message");
    bot.sandbox.control.setStatus(id, "exchanging");
    await clock.until(() => pushes(user, "exchanging") === 1, WITHIN_MS, "the exchanging push");
    await clock.until(() => stuckMessages(user).length === 2, WITHIN_MS, "the second one");
    expect(stuckMessages(user)[1]!.text).toContain("still working on the payout");
    bot.sandbox.control.setStatus(id, "success");
    await clock.until(() => pushes(user, "complete") === 1, WITHIN_MS, "the complete push");
    await clock.advance(10 * STUCK_AFTER_MS);
    await bot.tg.settle();
    expect(stuckMessages(user)).toHaveLength(2);
  });

  it("a swap that moves on in time gets no such message", async () => {
    const stuckAfterMs = 3_000;
    const bot = await start({ STUCK_CONFIRMING_AFTER_MS: String(stuckAfterMs) });
    const user = bot.tg.user();
    const id = await createSwapViaChat(user);
    bot.sandbox.control.setStatus(id, "confirmation");
    await clock.until(() => pushes(user, "confirming") === 1, WITHIN_MS, "the confirming push");
    bot.sandbox.control.setStatus(id, "success");
    await clock.until(() => pushes(user, "complete") === 1, WITHIN_MS, "the complete push");
    // Well past the time it would have been stuck in confirmation.
    await clock.advance(10 * stuckAfterMs);
    await bot.tg.settle();
    expect(stuckMessages(user)).toHaveLength(0);
  });
});

describe("a stuck swap's message with a support desk", () => {
  it("offers Contact support about that swap", async () => {
    const bot = await start({
      STUCK_CONFIRMING_AFTER_MS: String(STUCK_AFTER_MS),
      STUCK_EXCHANGING_AFTER_MS: "3600000",
      SUPPORT_CONTACT: "@swap_helpdesk",
    });
    const user = bot.tg.user();
    const id = await createSwapViaChat(user);
    bot.sandbox.control.setStatus(id, "confirmation");
    await clock.until(() => stuckMessages(user).length === 1, WITHIN_MS, "the stuck message");
    const [message] = stuckMessages(user);
    expect(message!.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
      "🆘 Contact support",
    ]);
    await user.press("Contact support", { messageId: message!.messageId });
    await user.waitFor("write to @swap_helpdesk");
  });
});
