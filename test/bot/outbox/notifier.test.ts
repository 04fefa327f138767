import { Api } from "grammy";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";
import { Notifier } from "../../../src/bot/outbox/notifier.ts";
import { createPorts } from "../../../src/db/repositories.ts";
import { createChatSettings } from "../../../src/frontends/chat-settings.ts";
import {
  type FakeTelegram,
  startFakeTelegram,
} from "../../../tools/fake-telegram/fake-telegram.ts";
import { newTransaction, tempDatabase } from "../../db/helpers.ts";
import { TestClock } from "../../support/test-clock.ts";

/**
 * The notifier over a real SQLite file and a real (fake) Bot API server. The database is made to
 * refuse writes for real (`PRAGMA query_only`): what a full disk or a locked file does.
 */
let tg: FakeTelegram | undefined;
let notifier: Notifier | undefined;
let clock: TestClock | undefined;
afterEach(async () => {
  await notifier?.stop();
  await tg?.close();
  clock?.dispose();
  notifier = undefined;
  tg = undefined;
  clock = undefined;
});

async function rig() {
  tg = await startFakeTelegram();
  const user = tg.user();
  const database = tempDatabase();
  const { repos } = database;
  const stores = createPorts(repos, createChatSettings(repos.chats));
  await repos.transactions.insert(newTransaction({ id: "t1", chatId: user.chatId }));
  // The notifier's time moves only when a test moves it, once its sends have been answered.
  clock = new TestClock();
  clock.watchHttp();
  notifier = new Notifier({
    api: new Api(tg.token, { apiRoot: tg.apiRoot }),
    i18n: createI18n(() => undefined),
    store: stores.outboxStore,
    logger: pino({ level: "silent" }),
    intervalMs: 100,
    clock,
  });
  const pushes = () => user.transcript().filter((m) => m.text.includes("t1: confirming")).length;
  return { ...database, stores, user, pushes, clock };
}

describe("the notifier", () => {
  it("sends a push once while the database refuses to record it, and records it once it can", async () => {
    const { repos, sqlite, pushes, clock } = await rig();
    await repos.transactions.applyStatus("t1", "confirmation");
    sqlite.pragma("query_only = ON");
    notifier!.start();
    await clock.advance(3_000);
    // Sent once; not again every tick while marking it sent fails.
    expect(pushes()).toBe(1);
    expect(await repos.notifications.pendingCount()).toBe(1);

    sqlite.pragma("query_only = OFF");
    await clock.until(
      async () => (await repos.notifications.pendingCount()) === 0,
      20_000,
      "the push recorded as sent",
    );
    expect(pushes()).toBe(1);
  });

  it("backs off while the database fails instead of retrying every tick", async () => {
    const { repos, sqlite, pushes, clock } = await rig();
    await repos.transactions.applyStatus("t1", "confirmation");
    // Telegram fails the first send: recording the retry then fails too.
    tg!.failNext("sendMessage", { errorCode: 500, description: "Internal Server Error" });
    sqlite.pragma("query_only = ON");
    notifier!.start();
    await clock.advance(3_000);
    const attempts = tg!.calls.filter((c) => c.method === "sendMessage").length;
    // A drain every 100 ms would have made ~30 attempts; backing off (0.2, 0.4, 0.8, 1.6 s) a few.
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(attempts).toBeLessThanOrEqual(5);
    sqlite.pragma("query_only = OFF");
    await clock.until(() => pushes() === 1, 30_000, "the push out once the database recovered");
  });

  it("drops a stuck swap's message when the swap moved on before it could be sent", async () => {
    const { repos, stores, user, clock } = await rig();
    await repos.transactions.applyStatus("t1", "confirmation");
    const swap = { id: "t1", chatId: user.chatId, status: "confirmation" };
    expect(await stores.trackerStore.queueStuck(swap, Date.now())).toBe(true);
    // Once per swap and state, whoever asks again.
    expect(await stores.trackerStore.queueStuck(swap, Date.now())).toBe(false);
    await repos.transactions.applyStatus("t1", "exchanging");
    notifier!.start();
    await clock.until(
      async () => (await repos.notifications.pendingCount()) === 0,
      10_000,
      "a drained outbox",
    );
    expect(user.transcript().some((m) => m.text.includes("t1: exchanging"))).toBe(true);
    expect(user.transcript().some((m) => m.text.includes("longer than usual"))).toBe(false);
  });
});
