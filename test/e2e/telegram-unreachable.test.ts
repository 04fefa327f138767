import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { freePort } from "../support/ports.ts";
import { until } from "../support/until.ts";

/**
 * At start-up the bot waits for Telegram's getMe: each failed try is logged with why (Node's error
 * code and a sentence: DNS, refused, timeout), and a token Telegram rejects ends the process at
 * once with a non-zero code and one line saying so.
 */

let running: BotProcess | undefined;
let tg: FakeTelegram | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill("SIGKILL");
    await running.exit;
  }
  running = undefined;
  await tg?.close();
  tg = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const TOKEN = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678";

function start(apiRoot: string, token = TOKEN): BotProcess {
  dir = mkdtempSync(join(tmpdir(), "swapbot-tg-"));
  running = startBotProcess({
    BOT_TOKEN: token,
    TELEGRAM_API_ROOT: apiRoot,
    // One sandbox: what is tested is Telegram, not the exchanges side by side.
    EXCHANGE_DIALECT: "spec",
    DATABASE_PATH: join(dir, "bot.sqlite"),
  });
  return running;
}

/** The first "cannot reach Telegram" log line, parsed. */
async function unreachableLine(bot: BotProcess): Promise<{ msg: string; code: string }> {
  const find = () => bot.stdout.find((l) => l.includes("cannot reach Telegram"));
  await until(() => find() !== undefined, 30_000, "a 'cannot reach Telegram' line");
  const line = find() ?? "{}";
  // One line, without grammY's stack (that is logged at LOG_LEVEL=debug only), nor the token.
  expect(line).not.toContain("    at ");
  expect(line).not.toContain(TOKEN.split(":")[1]);
  return JSON.parse(line) as { msg: string; code: string };
}

describe("Telegram unreachable at start-up", () => {
  it("a refused connection is named as such, with its code, and the bot keeps trying until stopped", async () => {
    const bot = start(`http://127.0.0.1:${await freePort()}`);
    const line = await unreachableLine(bot);
    expect(line.code).toBe("ECONNREFUSED");
    expect(line.msg).toBe(
      "cannot reach Telegram (getMe failed): connection refused: nothing listens at TELEGRAM_API_ROOT's host and port [ECONNREFUSED]; next try in 0.5 s",
    );
    bot.child.kill("SIGTERM");
    expect(await bot.exit).toBe(0);
  }, 60_000);

  it("a host name that does not resolve is named as a DNS failure", async () => {
    const bot = start("http://swapbot-nowhere.invalid");
    const line = await unreachableLine(bot);
    expect(["ENOTFOUND", "EAI_AGAIN"]).toContain(line.code);
    expect(line.msg).toMatch(
      /^cannot reach Telegram \(getMe failed\): DNS: the host name of TELEGRAM_API_ROOT does not resolve \[(ENOTFOUND|EAI_AGAIN)\]; next try in 0\.5 s$/,
    );
    bot.child.kill("SIGTERM");
    expect(await bot.exit).toBe(0);
  }, 60_000);

  it("a token Telegram rejects (401) exits non-zero at once, with one line saying so", async () => {
    tg = await startFakeTelegram();
    const bot = start(tg.apiRoot, `${tg.token.split(":")[0]}:not-the-real-secret-000000000000000`);
    expect(await bot.exit).toBe(1);
    expect(bot.stderr.join("\n")).toContain("Telegram rejected the bot token (401 Unauthorized)");
    expect(bot.stdout.some((l) => l.includes("cannot reach Telegram"))).toBe(false);
    expect(bot.lines.join("\n")).not.toContain("not-the-real-secret");
  }, 60_000);
});
