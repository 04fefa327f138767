import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bot } from "grammy";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteDatabase, type SqliteDatabase } from "../../src/db/client.ts";
import { createRepositories } from "../../src/db/repositories.ts";
import { startPolling } from "../../src/transport/polling.ts";
import { UpdateJournal } from "../../src/transport/update-journal.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { until } from "../support/until.ts";

let tg: FakeTelegram | undefined;
let database: SqliteDatabase | undefined;
let dir: string | undefined;
let polling: ReturnType<typeof startPolling> | undefined;

afterEach(async () => {
  await polling?.stop();
  polling = undefined;
  await tg?.close();
  database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function stopPolling(): Promise<void> {
  await polling?.stop();
  polling = undefined;
}

/** A bare bot that records the text of every message it handles, polling through the journal. */
async function rig() {
  tg = await startFakeTelegram();
  dir = mkdtempSync(join(tmpdir(), "swapbot-journal-"));
  database = openSqliteDatabase(join(dir, "bot.sqlite"));
  const repos = createRepositories(database.seam);
  const handled: string[] = [];
  const bot = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
  bot.on("message:text", (ctx, next) => {
    handled.push(ctx.message.text);
    return next();
  });
  const start = (journal = new UpdateJournal(repos.updates, pino({ level: "silent" }))) => {
    polling = startPolling(bot, pino({ level: "silent" }), {
      conflictRetryMs: 1_000,
      drain: async () => {},
      onFatal: () => {},
      journal,
    });
  };
  return { tg, sqlite: database.sqlite, repos, handled, start, bot };
}

describe("polling through the update journal", () => {
  it("handles an update a crashed run left, once, though Telegram sends it again", async () => {
    const { tg, repos, handled, start } = await rig();
    const user = tg.user();
    // The last run took "left" and died handling it: journaled, and not confirmed to Telegram.
    const id = await user.send("left");
    const [left] = tg.pendingUpdates();
    expect(left?.update_id).toBe(id);
    await repos.updates.record([{ updateId: id, payload: JSON.stringify(left) }]);

    start();
    await tg.waitForPolling();
    await user.send("next");
    await until(() => handled.includes("next"));
    await tg.settle(300);
    expect(handled).toEqual(["left", "next"]);
    await polling?.stop();
    polling = undefined;
    expect(await repos.updates.takeLeft()).toEqual([]);
  });

  it("hands nothing on while the database cannot journal it, and everything once it can", async () => {
    const { tg, sqlite, repos, handled, start } = await rig();
    start();
    await tg.waitForPolling();
    sqlite.pragma("query_only = ON");
    const user = tg.user();
    await user.send("one");
    await user.send("two");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(handled).toEqual([]);

    sqlite.pragma("query_only = OFF");
    await until(() => handled.length === 2);
    expect(handled).toEqual(["one", "two"]);
    await polling?.stop();
    polling = undefined;
    expect(await repos.updates.takeLeft()).toEqual([]);
  });

  it("an update handled while the database went away is not handled again when polling starts again on the same journal", async () => {
    const { tg, sqlite, repos, handled, start, bot } = await rig();
    // The database goes away right after the update was handled, before its row is cleared.
    bot.on("message:text", () => {
      sqlite.pragma("query_only = ON");
    });
    const journal = new UpdateJournal(repos.updates, pino({ level: "silent" }));
    start(journal);
    await tg.waitForPolling();
    await tg.user().send("once");
    await until(() => handled.includes("once"));
    await stopPolling();
    // Its row is still there: clearing it failed.
    sqlite.pragma("query_only = OFF");
    expect(sqlite.prepare("select count(*) as n from update_journal").get()).toEqual({ n: 1 });

    // The instance leads again: the row is cleared, the update not handled a second time.
    start(journal);
    await tg.waitForPolling();
    await tg.settle(300);
    expect(handled).toEqual(["once"]);
    await stopPolling();
    expect(await repos.updates.takeLeft()).toEqual([]);
  });
});
