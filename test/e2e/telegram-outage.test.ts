import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { createSwapViaChat } from "../support/flows.ts";
import { until } from "../support/until.ts";

/**
 * Telegram away (its front end answering 502, or refusing connections) and back, under a real bot
 * process on SQLite; and a token it rejects at start-up. PostgreSQL's outages: outages.test.ts.
 */

let tg: FakeTelegram | undefined;
let sandbox: Sandbox | undefined;
let dir: string | undefined;
const instances: BotProcess[] = [];
afterEach(async () => {
  for (const { child, exit } of instances.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exit;
  }
  await tg?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
  tg = undefined;
  sandbox = undefined;
});

const said = (instance: BotProcess, words: string) => instance.lines.some((l) => l.includes(words));
const running = (instance: BotProcess) =>
  instance.child.exitCode === null && instance.child.signalCode === null;

function startInstance(env: Record<string, string>): BotProcess {
  const instance = startBotProcess(env);
  instances.push(instance);
  return instance;
}

/** Lines a process printed, for a failing assertion's message. */
const tail = (instance: BotProcess) => instance.lines.slice(-40).join("\n");

/** A bot process on SQLite, the fake Telegram and the sandbox exchange. */
async function sqliteBot() {
  tg = await startFakeTelegram();
  sandbox = await startSandbox({ schedule: false, limits: false });
  dir = mkdtempSync(join(tmpdir(), "swapbot-outage-"));
  const databasePath = join(dir, "bot.sqlite");
  const bot = startInstance({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: sandbox.apiKey,
    DATABASE_PATH: databasePath,
    STATUS_POLL_INTERVAL_MS: "500",
    LOG_LEVEL: "info",
  });
  await tg.waitForPolling(30_000);
  return { tg, sandbox, bot, databasePath };
}

/** The bot's outbox rows about a swap, read from its SQLite file as the bot wrote them. */
function outboxOf(databasePath: string, id: string): Array<{ attempts: number; sent: number }> {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "SELECT attempts, sent_at IS NOT NULL AS sent FROM notifications WHERE transaction_id = ?",
      )
      .all(id) as Array<{ attempts: number; sent: number }>;
  } finally {
    db.close();
  }
}

describe("Telegram goes away and comes back", () => {
  it.each([
    ["its front end answers 502 to every call", "bad-gateway", "502"],
    ["its connections are refused", "refused", "ECONNREFUSED"],
  ] as const)(
    "%s for a while: the push made meanwhile goes out once on its return, the user who wrote meanwhile is answered, the process stays up",
    async (_, how, cause) => {
      const { tg, sandbox, bot, databasePath } = await sqliteBot();
      const buyer = tg.user();
      const id = await createSwapViaChat(buyer);
      const pushes = (word: string) =>
        buyer.transcript().filter((m) => m.text.includes(`${id}: ${word}`)).length;
      await tg.settle(500);

      await tg.goAway(how);
      sandbox.control.setStatus(id, "confirmation");
      // The push is tried, fails, and waits: longer than the three tries the issue saw lost it.
      await until(
        () => said(bot, "pushes wait in the outbox"),
        20_000,
        "the notifier says Telegram is away",
      );
      await until(() => said(bot, "getUpdates failed"), 20_000, "polling says it fails");
      await until(
        () => outboxOf(databasePath, id).some((row) => row.attempts >= 4),
        30_000,
        "a fourth failed try of the push",
      );
      buyer.send(`/status ${id}`);
      expect(running(bot), tail(bot)).toBe(true);
      expect(bot.lines.some((l) => l.includes("getUpdates") && l.includes(cause))).toBe(true);
      await tg.comeBack();

      await until(() => pushes("confirming") === 1, 15_000, "the push goes out");
      await buyer.waitFor((m) => m.text.includes(id) && !m.text.includes(`${id}: `), {
        timeoutMs: 15_000,
      });
      // Every push about the swap is marked sent: none can go out again.
      await until(
        () => outboxOf(databasePath, id).every((row) => row.sent === 1),
        15_000,
        "the outbox sent",
      );
      expect(pushes("confirming")).toBe(1);
      expect(said(bot, "getUpdates answers again")).toBe(true);
      expect(running(bot)).toBe(true);
    },
    90_000,
  );

  it("a message taken just before Telegram's front end fails is answered once, when it is back (issue 39 B)", async () => {
    const { tg, bot } = await sqliteBot();
    const user = tg.user();
    // The bot has taken the message and is sending its answer when Telegram goes away.
    const held = tg.holdNext("sendMessage", user.chatId, { before: true });
    await user.send("/help");
    await held.arrived;
    await tg.goAway("bad-gateway");
    await until(
      () => tg!.turnedAway.some((call) => call.method === "sendMessage"),
      20_000,
      "the reply tried again while Telegram is away",
    );
    await tg.comeBack();
    await user.waitFor((m) => m.text.includes("/exchange"), { timeoutMs: 30_000 });
    // (The first call stays held at the fake, cut: it never reaches the chat, so no settle().)
    const answered = tg
      .callsTo("sendMessage")
      .filter((c) => Number(c.params.chat_id) === user.chatId && c.response?.ok);
    expect(answered).toHaveLength(1);
    const texts = user.transcript().map((m) => m.text);
    expect(texts.filter((t) => t.includes("/exchange"))).toHaveLength(1);
    expect(texts.some((t) => t.includes("Something went wrong"))).toBe(false);
    expect(running(bot), tail(bot)).toBe(true);
  }, 60_000);

  it("a SIGTERM while a reply waits for Telegram ends the wait: the bot stops cleanly, exit 0", async () => {
    const { tg, bot } = await sqliteBot();
    const user = tg.user();
    const held = tg.holdNext("sendMessage", user.chatId, { before: true });
    await user.send("/help");
    await held.arrived;
    await tg.goAway("bad-gateway");
    await until(() => said(bot, "trying again in"), 20_000, "the reply waiting for a try");
    bot.child.kill("SIGTERM");
    expect(await bot.exit, tail(bot)).toBe(0);
    expect(
      bot.lines.some((l) => l.includes("no more tries") && l.includes('"stopping":true')),
    ).toBe(true);
    expect(said(bot, "updates still running at stop")).toBe(false);
  }, 60_000);

  it("a token Telegram rejects (401) at start-up ends the process at once, non-zero, naming it", async () => {
    tg = await startFakeTelegram();
    dir = mkdtempSync(join(tmpdir(), "swapbot-outage-"));
    const bot = startInstance({
      BOT_TOKEN: "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678",
      TELEGRAM_API_ROOT: tg.apiRoot,
      DATABASE_PATH: join(dir, "bot.sqlite"),
    });
    expect(await bot.exit).toBe(1);
    expect(said(bot, "Telegram rejected the bot token (401 Unauthorized)")).toBe(true);
  }, 60_000);
});
