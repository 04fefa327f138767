import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { type BotProcess, signalGroup, startBotProcess } from "../support/bot-process.ts";
import { until } from "../support/until.ts";

/**
 * The bot as a process, started and stopped: settings, signals, Telegram refusing or not
 * answering, a second instance. The exchange only stands by here, so this file runs once
 * (vitest.config.ts); the process's swaps over each dialect are in process.test.ts.
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

/** The process exited, or a signal ended it. */
const ended = (bot: BotProcess) => bot.child.exitCode !== null || bot.child.signalCode !== null;

const VALID_TOKEN = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678";

describe("npm start: starting and stopping", () => {
  it("runs on the embedded sandbox with only BOT_TOKEN and TELEGRAM_API_ROOT, and stops cleanly on SIGTERM", async () => {
    tg = await startFakeTelegram();
    dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
    running = startBotProcess({
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      DATABASE_PATH: join(dir, "db", "bot.sqlite"),
    });
    await tg.waitForPolling(30_000);
    const reply = await tg.user().reply("/rate 0.5 btc eth", { timeoutMs: 10_000 });
    expect(reply.text).toMatch(/0\.5 BTC → ≈ [\d.]+ ETH/);
    expect(running.stdout.some((l) => l.includes("SANDBOX"))).toBe(true);
    for (const line of running.stdout) expect(() => JSON.parse(line)).not.toThrow();

    const stopping = Date.now();
    running.child.kill("SIGTERM");
    expect(await running.exit).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(running.stdout.join("\n")).not.toContain(tg.token);
  }, 60_000);

  it("npm start execs node on the compiled bot, so a SIGTERM sent to npm reaches the bot, which stops cleanly, and npm exits 0", async () => {
    tg = await startFakeTelegram();
    dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
    running = startBotProcess(
      {
        BOT_TOKEN: tg.token,
        TELEGRAM_API_ROOT: tg.apiRoot,
        // One sandbox (not four side by side): the process's signals are what is tested.
        EXCHANGE_DIALECT: "spec",
        DATABASE_PATH: join(dir, "bot.sqlite"),
      },
      { command: ["npm", "start"] },
    );
    await tg.waitForPolling(30_000);
    // npm's only child is node itself on dist/main.js: no shell or tsx left in between.
    const pids = readdirSync("/proc").filter((pid) => {
      try {
        const ppid = /PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
        return /^\d+$/.test(pid) && Number(ppid) === running?.child.pid;
      } catch {
        return false;
      }
    });
    try {
      const children = pids.map((pid) =>
        readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean),
      );
      expect(children).toHaveLength(1);
      expect(children[0]?.[0]).toMatch(/node$/);
      expect(children[0]?.at(-1)).toBe("dist/main.js");
      const reply = await tg.user().reply("/help", { timeoutMs: 10_000 });
      expect(reply.text).toContain("/exchange");
      running.child.kill("SIGTERM");
      expect(await running.exit).toBe(0);
      expect(running.stdout.some((l) => l.includes("bot stopped"))).toBe(true);
    } finally {
      // npm still running means an assertion failed before the stop: killing npm alone
      // (afterEach) would leave the bot running.
      if (running?.child.exitCode === null) {
        for (const pid of pids) process.kill(Number(pid), "SIGKILL");
      }
    }
  }, 60_000);

  it("Ctrl-C under npm start (the terminal signals the group, npm passes it on: two SIGINTs) stops once: exit 0, 'bot stopped'", async () => {
    tg = await startFakeTelegram();
    dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
    const bot = startBotProcess(
      {
        BOT_TOKEN: tg.token,
        TELEGRAM_API_ROOT: tg.apiRoot,
        EXCHANGE_DIALECT: "spec",
        DATABASE_PATH: join(dir, "bot.sqlite"),
      },
      { command: ["npm", "start"], group: true },
    );
    running = bot;
    try {
      await tg.waitForPolling(30_000);
      // An update in flight holds the stop open, so npm's copy of the SIGINT comes during it.
      const user = tg.user();
      const held = tg.holdNext("sendMessage", user.chatId, { before: true });
      await user.send("/help");
      await held.arrived;
      signalGroup(bot, "SIGINT");
      // The bot gets npm's copy too, unless the kernel merged the two (a signal already pending
      // is not queued twice): then the stop goes on alone once its wait for the update is over.
      await until(
        () => bot.stdout.some((l) => l.includes("SIGINT while stopping: ignored")) || ended(bot),
        20_000,
        "the second SIGINT, or the end",
      );
      held.release();
      expect(await bot.exit).toBe(0);
      expect(bot.stdout.filter((l) => l.includes('"msg":"stopping"'))).toHaveLength(1);
      expect(bot.stdout.some((l) => l.includes("bot stopped"))).toBe(true);
    } finally {
      // Whatever failed, nothing of the group is left running.
      if (!ended(bot)) signalGroup(bot, "SIGKILL");
    }
  }, 60_000);

  it.each(["SIGINT", "SIGTERM"] as const)(
    "a second %s while stopping is ignored, a third ends the process at once with a line saying so",
    async (signal) => {
      tg = await startFakeTelegram();
      dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
      const bot = startBotProcess({
        BOT_TOKEN: tg.token,
        TELEGRAM_API_ROOT: tg.apiRoot,
        EXCHANGE_DIALECT: "spec",
        DATABASE_PATH: join(dir, "bot.sqlite"),
      });
      running = bot;
      await tg.waitForPolling(30_000);
      // An update in flight holds the stop open while the signals come.
      const user = tg.user();
      const held = tg.holdNext("sendMessage", user.chatId, { before: true });
      await user.send("/help");
      await held.arrived;
      const said = (text: string) => bot.stdout.some((l) => l.includes(text));
      bot.child.kill(signal);
      await until(() => said('"msg":"stopping"'), 20_000, "the stop");
      bot.child.kill(signal);
      await until(
        () => said(`${signal} while stopping: ignored`) || ended(bot),
        20_000,
        `the second ${signal}`,
      );
      expect(ended(bot)).toBe(false);
      bot.child.kill(signal);
      expect(await bot.exit).toBe(1);
      expect(said(`${signal} again while stopping: exiting at once, exit code 1`)).toBe(true);
      expect(said("bot stopped")).toBe(false);
      held.release();
    },
    60_000,
  );

  it("stays up while another instance polls with its token (409), and polls again once it is gone", async () => {
    tg = await startFakeTelegram();
    // An outside exchange: the embedded sandbox's server alone would keep the process alive.
    sandbox = await startSandbox({ schedule: false, limits: false });
    dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
    tg.failNext("getUpdates", {
      errorCode: 409,
      description: "Conflict: terminated by other getUpdates request",
      times: 1_000,
    });
    running = startBotProcess({
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      EXCHANGE_API_URL: sandbox.url,
      EXCHANGE_DIALECT: sandbox.dialect,
      EXCHANGE_API_KEY: sandbox.apiKey,
      DATABASE_PATH: join(dir, "bot.sqlite"),
      TELEGRAM_CONFLICT_RETRY_MS: "300",
    });
    const conflicts = () =>
      tg?.polls.filter((p) => p.response?.ok === false && p.response.error_code === 409).length ??
      0;
    // Four refused polls, each after the pause the setting asks for: the process outlived the
    // first by three of them.
    await until(() => conflicts() >= 4 || running?.child.exitCode !== null);
    expect(running.child.exitCode).toBeNull();
    expect(running.stdout.filter((l) => l.includes("409 Conflict"))).toHaveLength(1);

    tg.clearFailures("getUpdates");
    await tg.waitForPolling(10_000);
    const reply = await tg.user().reply("/help");
    expect(reply.text).toContain("/exchange");
    running.child.kill("SIGTERM");
    expect(await running.exit).toBe(0);
  }, 60_000);

  it("exits non-zero when Telegram refuses polling for good (the token was revoked)", async () => {
    tg = await startFakeTelegram();
    sandbox = await startSandbox({ schedule: false, limits: false });
    dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
    tg.failNext("getUpdates", { errorCode: 401, description: "Unauthorized" });
    running = startBotProcess({
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      EXCHANGE_API_URL: sandbox.url,
      EXCHANGE_DIALECT: sandbox.dialect,
      EXCHANGE_API_KEY: sandbox.apiKey,
      DATABASE_PATH: join(dir, "bot.sqlite"),
    });
    expect(await running.exit).toBe(1);
    expect(
      running.stdout.some((l) => l.includes("Telegram rejected the bot token (401 Unauthorized)")),
    ).toBe(true);
  }, 60_000);

  it("stops cleanly on SIGTERM while Telegram does not answer getMe", async () => {
    // A Bot API root that takes requests and never answers them.
    const held: IncomingMessage[] = [];
    const silent = createServer((req) => held.push(req));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
    try {
      running = startBotProcess({
        BOT_TOKEN: VALID_TOKEN,
        TELEGRAM_API_ROOT: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        DATABASE_PATH: join(dir, "bot.sqlite"),
      });
      const deadline = Date.now() + 30_000;
      while (!held.some((req) => req.url?.endsWith("/getMe")) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(running.stdout.some((l) => l.includes("connecting to Telegram"))).toBe(true);

      const stopping = Date.now();
      running.child.kill("SIGTERM");
      expect(await running.exit).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(10_000);
      expect(running.stdout.some((l) => l.includes("bot stopped"))).toBe(true);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 60_000);

  it.each([
    [{}, "BOT_TOKEN"],
    [{ BOT_TOKEN: VALID_TOKEN, STATUS_POLL_INTERVAL_MS: "often" }, "STATUS_POLL_INTERVAL_MS"],
    [
      {
        BOT_TOKEN: "123:secret-token-value-abcdefghijklmnop",
        EXCHANGE_API_URL: "http://127.0.0.1:9/api/v2",
      },
      "EXCHANGE_API_KEY",
    ],
    // Not of Telegram's shape (`<digits>:<35 characters>`): refused before it reaches a URL.
    [{ BOT_TOKEN: "secret-token-value" }, "BOT_TOKEN"],
  ])(
    "a bad setting stops start-up with one line naming it (%j)",
    async (env, variable) => {
      running = startBotProcess(env as Record<string, string>);
      // A bad setting, as every other: exit code 2.
      expect(await running.exit).toBe(2);
      const lines = [...running.stdout, ...running.stderr];
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(variable);
      expect(lines[0]).not.toContain("secret-token-value");
    },
    30_000,
  );

  it.each([
    ["is a folder", (folder: string) => folder],
    [
      "is not a database",
      (folder: string) => {
        const file = join(folder, "garbage.sqlite");
        writeFileSync(file, "this is not an SQLite file ".repeat(200));
        return file;
      },
    ],
  ])(
    "a database file that %s stops start-up with exit 1 and one line naming it, even on the sandbox",
    async (_, databasePath) => {
      dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
      tg = await startFakeTelegram();
      running = startBotProcess({
        BOT_TOKEN: tg.token,
        TELEGRAM_API_ROOT: tg.apiRoot,
        EXCHANGE_DIALECT: "spec",
        DATABASE_PATH: databasePath(dir),
      });
      expect(await running.exit).toBe(1);
      expect(running.stderr).toHaveLength(1);
      expect(running.stderr[0]).toMatch(/^Start-up failed: database: /);
      expect(tg.calls.filter((c) => c.method === "getUpdates")).toHaveLength(0);
    },
    30_000,
  );

  it("a second instance on the same SQLite file refuses to start with one clear line", async () => {
    dir = mkdtempSync(join(tmpdir(), "swapbot-proc-"));
    tg = await startFakeTelegram();
    const env = {
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      EXCHANGE_DIALECT: "spec",
      DATABASE_PATH: join(dir, "bot.sqlite"),
    };
    running = startBotProcess(env);
    await tg.waitForPolling(30_000);
    const second = startBotProcess(env);
    try {
      expect(await second.exit).toBe(1);
      expect(second.stderr).toHaveLength(1);
      expect(second.stderr[0]).toContain("another instance is running");
      expect(second.stderr[0]).toContain("DATABASE_URL");
      // The first one is unharmed and still the only poller.
      expect(running.child.exitCode).toBeNull();
    } finally {
      if (second.child.exitCode === null) second.child.kill("SIGKILL");
    }
    running.child.kill("SIGKILL");
    await running.exit;
    // A crashed instance leaves no stale claim: the next start works.
    const next = startBotProcess(env);
    running = next;
    await tg.until(
      () => next.stdout.some((line) => line.includes("bot started")) || undefined,
      30_000,
      () => new Error(`the next instance did not start: ${next.stderr.join(" ")}`),
    );
  }, 60_000);
});
