import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, ETH_ADDRESS, step } from "../support/flows.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { until } from "../support/until.ts";

let h: Harness | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await dropDatabase?.();
  dropDatabase = undefined;
});

type User = ReturnType<Harness["tg"]["user"]>;

/** New messages (not edits) sent to the chat that announce the swap's state. */
const pushes = (user: User, word: string) =>
  user.transcript().filter((m) => !m.photo && new RegExp(`Swap \\w+: ${word}\\n`).test(m.text))
    .length;

/** The real bot on a fresh database of the suite's own PostgreSQL server. */
async function startOnPostgres(): Promise<{ h: Harness; url: string }> {
  const database = await freshPostgresDatabase();
  dropDatabase = database.drop;
  h = await startHarness({ databaseUrl: database.url });
  return { h, url: database.url };
}

describe("the bot on PostgreSQL (DATABASE_URL)", () => {
  it("runs a whole swap and pushes its status changes, keeping no SQLite file", async () => {
    const { h } = await startOnPostgres();
    expect(h.app.storage.dialect).toBe("postgres");
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const deposit = user.transcript().find((m) => m.text.includes("Swap created"))!;
    expect(deposit.text).toContain(h.sandbox.control.transaction(id)!.deposit_address);

    h.sandbox.control.setStatus(id, "confirmation");
    await until(() => pushes(user, "confirming") === 1);
    h.sandbox.control.setStatus(id, "success");
    await until(() => pushes(user, "complete") === 1);
    await h.tg.settle(600);
    expect(pushes(user, "confirming")).toBe(1);
    expect(pushes(user, "complete")).toBe(1);

    expect(await h.app.repos.transactions.getForChat(user.chatId, id)).toMatchObject({
      status: "success",
      cardMessageId: deposit.messageId,
    });
    expect(await h.app.repos.notifications.pendingCount()).toBe(0);
    await step(user, "/history", "Your swaps (1)");
    expect(existsSync(h.dbPath)).toBe(false);
  });

  it("continues a half-finished conversation after a restart, from the database", async () => {
    const { h } = await startOnPostgres();
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    // The step's state is written once its update is done: three steps, three revisions.
    await until(
      async () => (await h.app.repos.conversations.read(String(user.chatId))).revision === 3,
    );
    await h.restart();
    await step(user, "0.5", "address");
    await step(user, ETH_ADDRESS, "refund");
    await step(user, "skip", "Please check");
    await step(user, "confirm", "Swap created");
    expect(await h.app.repos.transactions.latestForChat(user.chatId)).toMatchObject({
      coinFrom: "btc",
      coinTo: "eth",
      amountIn: "0.5",
    });
  });

  it("never writes the database URL or its password to the log", async () => {
    const { h, url } = await startOnPostgres();
    const user = h.tg.user();
    await step(user, "/start", /exchange/i);
    const password = new URL(url).password;
    expect(h.logs.some((line) => line.includes('"store":"postgres"'))).toBe(true);
    expect(h.logs.join("\n")).not.toContain(password);
  });
});
