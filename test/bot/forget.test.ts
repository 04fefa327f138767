import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, step, toSummary } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("/forget", () => {
  it("with nothing stored says so and deletes nothing", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const ask = await step(user, "/forget", "Delete now?");
    expect(ask.text).toContain("0 finished swaps");
    await user.press("Keep");
    await user.waitFor((m) => m.text.includes("Nothing was deleted"));
  });

  it("deletes finished swaps after confirmation and keeps open ones until they finish", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const finished = await createSwapViaChat(user, "0.3");
    const open = await createSwapViaChat(user, "0.4");
    h.sandbox.control.setStatus(finished, "success");
    await user.waitFor((m) => m.text.includes(`${finished}: complete`), { timeoutMs: 10_000 });
    const ask = await step(user, "/forget", "Delete now?");
    expect(ask.text).toContain("1 finished swaps");
    expect(ask.text).toContain("1 swaps still in progress");
    await user.press("Delete");
    const done = await user.waitFor((m) => m.text.includes("Deleted 1 finished"));
    expect(done.text).toContain("1 swaps in progress are kept");
    expect(await h.app.repos.transactions.getForChat(user.chatId, finished)).toBeUndefined();
    expect(await h.app.repos.transactions.getForChat(user.chatId, open)).toBeDefined();
    const status = await step(user, `/status ${finished}`, "not found");
    expect(status.text).not.toContain("0.3 BTC");
  });

  it("deletes failed confirmations, and keeps one still being checked until the exchange answers", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const finished = await createSwapViaChat(user, "0.3");
    h.sandbox.control.setStatus(finished, "success");
    await user.waitFor((m) => m.text.includes(`${finished}: complete`), { timeoutMs: 10_000 });
    // A confirmation the exchange refused: nothing was created, the intent failed.
    await toSummary(user, "0.35");
    h.sandbox.control.failNext("create", { status: 400, message: "address is blacklisted" });
    await step(user, "confirm", "address is blacklisted");
    // A confirmation whose answer is lost while the exchange's list cannot be read: unresolved.
    await toSummary(user, "0.4");
    h.sandbox.control.failNext("list", { status: 500, times: 10_000 });
    h.sandbox.control.createThenHang(3_000);
    await step(user, "confirm", "I am checking");
    expect(intentStates(h, user.chatId)).toEqual(["created", "failed", "unknown"]);

    const ask = await step(user, "/forget", "Delete now?");
    expect(ask.text).toContain("1 finished swaps");
    expect(ask.text).toContain("1 swaps still in progress");
    await user.press("Delete");
    const done = await user.waitFor((m) => m.text.includes("Deleted 1 finished"));
    expect(done.text).toContain("1 swaps in progress are kept");
    expect(intentStates(h, user.chatId)).toEqual(["unknown"]);

    // The kept one still ends with the deposit address of the swap the exchange did create.
    h.sandbox.control.clearFaults();
    const found = await user.waitFor((m) => m.text.includes("Found it"), { timeoutMs: 30_000 });
    const created = h.sandbox.control.transactions().find((tx) => tx.amount_in === 0.4);
    expect(found.text).toContain(created?.deposit_address);
    expect(intentStates(h, user.chatId)).toEqual(["created"]);
  });
});

/** The states of a chat's swap intents, read from the bot's SQLite file. */
function intentStates(harness: Harness, chatId: number): string[] {
  const db = new Database(harness.dbPath, { readonly: true });
  try {
    return db
      .prepare("select state from swap_intents where chat_id = ? order by state")
      .all(chatId)
      .map((row) => (row as { state: string }).state);
  } finally {
    db.close();
  }
}
