import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { createSwapViaChat, toSummary } from "../support/flows.ts";
import { freePort } from "../support/ports.ts";
import { TEST_DIALECT } from "../support/test-dialect.ts";
import { until } from "../support/until.ts";

/**
 * The compiled bot as a process walks swaps over the tests' exchange dialect; its starting and
 * stopping is in start-and-stop.test.ts.
 */

let tg: FakeTelegram | undefined;
let sandbox: Sandbox | undefined;
let dir: string | undefined;
let running: BotProcess | undefined;
afterEach(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill("SIGKILL");
    await running.exit;
  }
  await tg?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  tg = undefined;
  sandbox = undefined;
  dir = undefined;
  running = undefined;
});

describe("npm start", () => {
  // docs/design.md §2, "What a process loads": the Mini App's server, the metrics and qrcode are
  // chunks or packages loaded only when configured or first used; here they are.
  it("the compiled bot, started from another folder, walks a swap to its complete push in English and Russian (migrations and locale files found from dist/), with its QR code, and serves the Mini App's page and /metrics", async () => {
    tg = await startFakeTelegram();
    sandbox = await startSandbox({ dialect: TEST_DIALECT, schedule: false, limits: false });
    dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
    const [webAppPort, metricsPort] = [await freePort(), await freePort()];
    const pageUrl = `http://127.0.0.1:${webAppPort}/`;
    running = startBotProcess(
      {
        BOT_TOKEN: tg.token,
        TELEGRAM_API_ROOT: tg.apiRoot,
        EXCHANGE_API_URL: sandbox.url,
        EXCHANGE_DIALECT: sandbox.dialect,
        EXCHANGE_API_KEY: sandbox.apiKey,
        DATABASE_PATH: "bot.sqlite",
        STATUS_POLL_INTERVAL_MS: "300",
        WEBAPP_URL: pageUrl,
        WEBAPP_PORT: String(webAppPort),
        METRICS_PORT: String(metricsPort),
      },
      { cwd: dir },
    );
    await tg.waitForPolling(30_000);
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/src="\.\/assets\/main-[A-Z0-9]{8}\.js"/);
    const user = tg.user();
    const id = await createSwapViaChat(user);
    const qr = await user.waitFor((m) => m.photo, { timeoutMs: 15_000 });
    expect(qr.text).toContain("Deposit address for");
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^bot_updates_total\{type="message"\} [1-9]/m);
    expect(metrics).toMatch(/^exchange_requests_total\{class="create"[^}]*\} [1-9]/m);
    sandbox.control.setStatus(id, "confirmation");
    await user.waitFor(`${id}: confirming`, { timeoutMs: 15_000 });
    sandbox.control.setStatus(id, "success");
    const complete = await user.waitFor(`${id}: complete`, { timeoutMs: 15_000 });
    expect(complete.text).toContain(sandbox.control.transaction(id)!.tx_hash_out);

    const russian = tg.user({ languageCode: "ru" });
    const help = await russian.reply("/help", { timeoutMs: 10_000 });
    expect(help.text).toMatch(/[а-яё]{4}/i);
    // The migrations ran against the file named relative to the working directory.
    const db = new Database(join(dir, "bot.sqlite"), { readonly: true });
    try {
      expect(db.prepare("SELECT status FROM transactions WHERE id = ?").get(id)).toEqual({
        status: "success",
      });
    } finally {
      db.close();
    }
    running.child.kill("SIGTERM");
    expect(await running.exit).toBe(0);
  }, 90_000);

  it("on SIGTERM during a Confirm the exchange is slow to answer, finishes and records that swap, then exits 0", async () => {
    tg = await startFakeTelegram();
    sandbox = await startSandbox({ dialect: TEST_DIALECT, schedule: false, limits: false });
    dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
    const databasePath = join(dir, "bot.sqlite");
    running = startBotProcess({
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      EXCHANGE_API_URL: sandbox.url,
      EXCHANGE_DIALECT: sandbox.dialect,
      EXCHANGE_API_KEY: sandbox.apiKey,
      DATABASE_PATH: databasePath,
    });
    await tg.waitForPolling(30_000);
    const user = tg.user();
    await toSummary(user);
    // The exchange creates the transaction at once but answers only 2 s later.
    sandbox.control.createThenHang(2_000);
    await user.press("Confirm");
    await until(() => sandbox?.control.transactions().length === 1);

    running.child.kill("SIGTERM");
    expect(await running.exit).toBe(0);
    const [tx] = sandbox.control.transactions();
    const deposit = user.transcript().find((m) => m.text.includes("Swap created"));
    expect(deposit?.text).toContain(tx!.deposit_address);
    const db = new Database(databasePath, { readonly: true });
    try {
      expect(db.prepare("SELECT id, card_message_id AS card FROM transactions").all()).toEqual([
        { id: tx!.id, card: deposit!.messageId },
      ]);
      expect(db.prepare("SELECT state FROM swap_intents").all()).toEqual([{ state: "created" }]);
    } finally {
      db.close();
    }
    expect(running.stdout.some((l) => l.includes("bot stopped"))).toBe(true);
  }, 60_000);
});
