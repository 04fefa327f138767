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
  it("another connection holding the write lock too long: the user confirming a swap is told the bot is briefly unavailable, nothing is created, and once the lock goes the swap is made once", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await toSummary(user);

    // Another process (a backup tool, a careless sqlite3 shell) takes the write lock and keeps it.
    other = new Database(h.dbPath);
    other.exec("begin immediate");
    user.send("confirm");
    // The write waits for the lock (5 s, between event-loop turns: the process goes on), then
    // gives up.
    const answer = await user.waitFor((m) => m.text.includes("briefly unavailable"), {
      timeoutMs: 45_000,
    });
    expect(answer.text).toContain("Your swaps are safe");
    expect(h.sandbox.control.transactions()).toHaveLength(0);
    expect(
      h.logs.some((l) => l.includes('"level":"error"') && l.includes("database is locked")),
    ).toBe(true);

    other.exec("rollback");
    other.close();
    other = undefined;
    const id = await createSwapViaChat(user);
    expect(h.sandbox.control.transactions().map((t) => t.id)).toEqual([id]);
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
