import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, step, toSummary } from "../support/flows.ts";
import { until } from "../support/until.ts";

/**
 * SQLite's own faults (issue 26 D): a write the file refuses becomes a sentence to the user and a
 * logged error, never a crash, and never a half-written swap.
 */

let h: Harness | undefined;
let other: Database.Database | undefined;
afterEach(async () => {
  other?.close();
  other = undefined;
  await h?.close();
  h = undefined;
});

describe("SQLite refuses a write", () => {
  it("another connection holding the write lock too long: the user confirming a swap is told the bot is briefly unavailable and need not send it again, nothing is created meanwhile, and once the lock goes that Confirm makes the swap, once", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await toSummary(user);
    // The summary's step is stored once its handler ends, just after the summary went out: the
    // lock below is taken after that (a lock taken in between is the next test's case).
    await h.tg.settle(300);

    // Another process (a backup tool, a careless sqlite3 shell) takes the write lock and keeps it.
    other = new Database(h.dbPath);
    other.exec("begin immediate");
    user.send("confirm");
    // The Confirm cannot even be journaled (the lock is waited for 5 s between event-loop turns,
    // the process goes on): it is not confirmed to Telegram, and the user is told so, once.
    const answer = await user.waitFor((m) => m.text.includes("briefly unavailable"), {
      timeoutMs: 45_000,
    });
    expect(answer.text).toContain("no need to send it again");
    expect(h.sandbox.control.transactions()).toHaveLength(0);
    expect(
      h.logs.some((l) => l.includes('"level":"error"') && l.includes("database is locked")),
    ).toBe(true);

    other.exec("rollback");
    other.close();
    other = undefined;
    // The held Confirm is handled as promised: the swap of that summary, created once.
    await user.waitFor((m) => m.text.includes("Swap created"), { timeoutMs: 45_000 });
    await h.tg.settle(500);
    expect(h.sandbox.control.transactions()).toHaveLength(1);
    expect(user.transcript().filter((m) => m.text.includes("Swap created"))).toHaveLength(1);
    expect(user.transcript().some((m) => m.text.includes("try again in a minute"))).toBe(false);
  }, 120_000);

  it("a lock taken between a prompt and its step's state write: the prompt is taken back, the user is told the bot is briefly unavailable, and their next message answers the step they still see", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await h.tg.settle(300);
    // The receive prompt reaches the chat; before its answer reaches the bot (and so before the
    // step's state is written) another connection takes the write lock.
    const held = h.tg.holdNext("sendMessage", user.chatId);
    user.send("btc");
    await held.arrived;
    other = new Database(h.dbPath);
    other.exec("begin immediate");
    held.release();
    const told = await user.waitFor((m) => m.text.includes("briefly unavailable"), {
      timeoutMs: 45_000,
    });
    expect(told.text).toContain("try again");
    const prompt = user.transcript().find((m) => m.text.includes("receive"));
    expect(prompt?.deleted, user.transcriptText()).toBe(true);
    other.exec("rollback");
    other.close();
    other = undefined;

    // The step the chat still shows (which coin to send) is the one stored: answered again, the
    // flow goes on from there.
    await step(user, "btc", "receive", 45_000);
    const amount = await step(user, "eth", "amount");
    expect(amount.text).toContain("BTC");
    expect(amount.text).toContain("ETH");
  }, 120_000);

  it("a restart while the lock keeps the journal from clearing a handled /rate: the next start does not answer it again", async () => {
    h = await startHarness();
    const user = h.tg.user();
    // The /rate's answer reaches the chat; before the bot hears back, another connection takes
    // the write lock: the handled update's journal row cannot be cleared.
    const held = h.tg.holdNext("sendMessage", user.chatId);
    user.send("/rate 1 btc eth");
    await held.arrived;
    other = new Database(h.dbPath);
    other.exec("begin immediate");
    held.release();
    await until(
      () => h!.logs.some((l) => l.includes("cannot clear handled updates")),
      30_000,
      "the clear failing",
    );
    // Stopped while the lock is still held (the stop's clear fails too); the lock goes while no
    // bot runs, and the next one starts.
    await h.restart(() => {
      other?.exec("rollback");
      other?.close();
      other = undefined;
    });
    await h.tg.settle(500);
    // The bot works on, and answered that /rate once.
    await user.reply("/help", { timeoutMs: 30_000 });
    const answers = user.transcript().filter((m) => /1 BTC.*≈/s.test(m.text));
    expect(answers, user.transcriptText()).toHaveLength(1);
  }, 120_000);

  it("a chat mid-flow whose update failed on the lock is not left silent: its next message is answered once the lock goes", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    await toSummary(user);
    other = new Database(h.dbPath);
    other.exec("begin immediate");
    const during = await user.reply(`/status ${id}`, { timeoutMs: 45_000 });
    expect(during.text.includes(id) || during.text.includes("briefly unavailable")).toBe(true);
    other.exec("rollback");
    other.close();
    other = undefined;

    const after = await user.reply("/help", { timeoutMs: 60_000 });
    expect(after.text).toContain("/exchange");
  }, 120_000);
});
