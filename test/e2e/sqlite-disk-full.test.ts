import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { freePort } from "../support/bot-harness.ts";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { createSwapViaChat, ETH_ADDRESS, toSummary } from "../support/flows.ts";
import { until } from "../support/until.ts";

/**
 * SQLite's disk refusing writes under a running bot (issue 26 D), for real, for the bot's process
 * alone, without root or a filesystem of its own: its file-size limit (RLIMIT_FSIZE, set with
 * prlimit) is lowered to 0, so the kernel refuses every write the process makes to a file (EFBIG;
 * Node ignores SIGXFSZ), as a full disk refuses a write that needs a new block (ENOSPC) or a file
 * system remounted read-only after an error refuses them all (EROFS): SQLite's commit fails and is
 * rolled back. (Limited to the files' current sizes instead, as a full disk is, a write-ahead log
 * that SQLite has just started over still takes writes, and which write fails first would be left
 * to chance.) Raising the limit again is the operator freeing space.
 */

let tg: FakeTelegram | undefined;
let sandbox: Sandbox | undefined;
let bot: BotProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (bot && bot.child.exitCode === null && bot.child.signalCode === null) {
    bot.child.kill("SIGKILL");
  }
  await bot?.exit;
  await tg?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  bot = undefined;
  tg = undefined;
  sandbox = undefined;
  dir = undefined;
});

async function sqliteBot(env: Record<string, string> = {}) {
  tg = await startFakeTelegram();
  sandbox = await startSandbox({ schedule: false, limits: false });
  dir = mkdtempSync(join(tmpdir(), "swapbot-full-"));
  const dbPath = join(dir, "bot.sqlite");
  bot = startBotProcess({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: sandbox.apiKey,
    DATABASE_PATH: dbPath,
    STATUS_POLL_INTERVAL_MS: "500",
    // A short window, so the reconciler's look-up of a lost answer ends within the test.
    RECONCILE_GIVE_UP_MS: "1500",
    LOG_LEVEL: "info",
    ...env,
  });
  await tg.waitForPolling(30_000);
  const pid = bot.child.pid;
  if (pid === undefined) throw new Error("the bot process has no pid");
  const limit = (size: string) =>
    execFileSync("prlimit", ["--pid", String(pid), `--fsize=${size}:unlimited`]);
  return {
    tg,
    sandbox,
    bot,
    /**
     * Every update the bot took is handled to its end, its state written (its journal row goes in
     * the same transaction): a message seen by the user may still have its step's write to come.
     */
    allStored: () =>
      until(
        () => {
          const db = new Database(dbPath, { readonly: true, fileMustExist: true });
          try {
            const row = db.prepare("SELECT count(*) AS n FROM update_journal").get();
            return (row as { n: number }).n === 0;
          } finally {
            db.close();
          }
        },
        15_000,
        "every update taken is stored to its end",
      ),
    /** No write to a file of the bot's succeeds any more. */
    fillDisk: () => limit("0"),
    /** Room again. */
    freeDisk: () => limit("unlimited"),
  };
}

const running = (instance: BotProcess) =>
  instance.child.exitCode === null && instance.child.signalCode === null;
const loggedError = (instance: BotProcess) =>
  instance.lines.some((l) => l.includes('"level":"error"') && l.includes("disk I/O error"));
const unavailable = (text: string) => text.includes("briefly unavailable");

describe("the disk fills up under a running bot on SQLite", () => {
  it("/healthz reports it while writes fail for want of room, naming why, and is healthy again once there is room", async () => {
    const port = await freePort();
    const { tg, fillDisk, freeDisk } = await sqliteBot({ METRICS_PORT: String(port) });
    const health = async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
      return { status: answer.status, body: (await answer.json()) as { problems?: string[] } };
    };
    await until(async () => (await health()).status === 200, 30_000, "healthy at first");

    fillDisk();
    // A message to journal: its write is refused (reads still work: only a write can tell).
    tg.user().send("/help");
    await until(async () => (await health()).status === 503, 30_000, "unhealthy");
    const { problems } = (await health()).body;
    expect(problems?.join("\n")).toMatch(/writes fail since .*disk refusing them.*SQLITE_IOERR/);

    freeDisk();
    await until(async () => (await health()).status === 200, 30_000, "healthy again");
  }, 120_000);

  it("a user's message that cannot be stored: they are told once that the bot is briefly unavailable and need not send it again, the error is logged, the process stays up, and once there is room the message is answered", async () => {
    const { tg, sandbox, bot, allStored, fillDisk, freeDisk } = await sqliteBot();
    const user = tg.user();
    await createSwapViaChat(user);
    // The deposit address is out before the flow's last step is stored: a disk full in between
    // would fail that write (answered "try again in a minute"), not the journal's.
    await allStored();

    fillDisk();
    // Every update is journaled before it is handled: the journal's write fails, so the update
    // is not confirmed to Telegram (it comes back on the next poll) and the user is told once.
    user.send("/exchange");
    const russian = tg.user({ languageCode: "ru" });
    russian.send("/help");
    const told = await user.waitFor((m) => unavailable(m.text), { timeoutMs: 30_000 });
    // In the user's language as Telegram gives it (the chat's own setting is in the database).
    await russian.waitFor((m) => m.text.includes("Бот ненадолго недоступен"), {
      timeoutMs: 30_000,
    });
    expect(told.text).toContain("Your swaps are safe");
    expect(told.text).toContain("no need to send it again");
    expect(loggedError(bot)).toBe(true);
    expect(running(bot)).toBe(true);

    freeDisk();
    // Not lost: the message written while the disk was full is answered once there is room.
    await user.waitFor((m) => m.text.includes("send"), { timeoutMs: 30_000 });
    expect(user.transcript().filter((m) => unavailable(m.text))).toHaveLength(1);
    await russian.waitFor((m) => m.text.includes("/exchange"), { timeoutMs: 30_000 });
    await createSwapViaChat(user);
    expect(sandbox.control.transactions()).toHaveLength(2);
    expect(running(bot)).toBe(true);
  }, 120_000);

  it("a Confirm whose swap the exchange created but the bot could not record: the user is told the bot is briefly unavailable, no deposit address is shown then, and once there is room the swap is adopted and its deposit address sent, once", async () => {
    const { tg, sandbox, bot, fillDisk, freeDisk } = await sqliteBot();
    const user = tg.user();
    await toSummary(user);
    // The exchange creates the swap at once and answers a little later: the disk fills meanwhile.
    sandbox.control.createThenHang(1_500);
    user.send("confirm");
    await until(() => sandbox.control.transactions().length === 1, 15_000, "the swap is created");
    fillDisk();
    const told = await user.waitFor((m) => unavailable(m.text), { timeoutMs: 30_000 });
    const [tx] = sandbox.control.transactions();
    if (!tx) throw new Error("no transaction");
    expect(tx.withdrawal_address).toBe(ETH_ADDRESS);
    // Nothing shown of a swap the bot has not recorded: no deposit instruction without its record.
    expect(user.transcript().some((m) => m.text.includes(tx.deposit_address))).toBe(false);
    expect(told.text).toContain("Your swaps are safe");
    expect(loggedError(bot)).toBe(true);

    freeDisk();
    // The POST is over and its answer unrecorded (the intent still pending): the reconciler looks
    // the swap up at once, not once a POST could no longer be running, and adopts it once there is
    // room (its writes failed meanwhile, so its next try comes after a backoff about as long as
    // the disk was full).
    const found = await user.waitFor((m) => m.text.includes(tx.deposit_address), {
      timeoutMs: 30_000,
    });
    expect(found.text).toContain(tx.id);
    await tg.settle(1_000, 20_000);
    expect(user.transcript().filter((m) => m.text.includes(tx.deposit_address))).toHaveLength(1);
    expect(sandbox.control.transactions()).toHaveLength(1);
    expect(running(bot)).toBe(true);
  }, 150_000);
});
