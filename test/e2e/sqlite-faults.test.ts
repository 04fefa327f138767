import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, toSummary } from "../support/flows.ts";

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
