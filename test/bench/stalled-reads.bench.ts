import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { createSwapViaChat } from "../support/flows.ts";
import { until } from "../support/until.ts";

/**
 * Exchange answers that stop half-way (issue 39 A): the status line, the headers and half the body
 * of a GET /transactions come at once, the rest only after `BENCH_STALL_S` (90 s by default).
 * One compiled bot process on SQLite, the default `EXCHANGE_TIMEOUT_MS` (10 s) and a 5 s poll.
 * Printed: the time from a status change to its push while the tracker's list read is held (and
 * the same with nothing held), and the time from SIGTERM to the process's exit with such a read
 * in flight (and with none).
 */
const STALL_S = Number(process.env.BENCH_STALL_S ?? 90);
const INTERVAL_MS = 5_000;

interface Rig {
  tg: FakeTelegram;
  sandbox: Sandbox;
  bot: BotProcess;
  dir: string;
}

async function rig(): Promise<Rig> {
  const tg = await startFakeTelegram();
  const sandbox = await startSandbox({ schedule: false, limits: false });
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-stall-"));
  const bot = startBotProcess({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: sandbox.apiKey,
    STATUS_POLL_INTERVAL_MS: String(INTERVAL_MS),
    DATABASE_PATH: join(dir, "bot.sqlite"),
    LOG_LEVEL: "warn",
  });
  await tg.waitForPolling(60_000);
  return { tg, sandbox, bot, dir };
}

async function close(r: Rig): Promise<void> {
  if (r.bot.child.exitCode === null) r.bot.child.kill("SIGKILL");
  await r.bot.exit;
  await r.tg.close();
  await r.sandbox.close();
  rmSync(r.dir, { recursive: true, force: true });
}

/** ms from a swap's status change to its push, with the next list read held or not. */
async function pushTime(held: boolean): Promise<string> {
  const r = await rig();
  try {
    const user = r.tg.user();
    await createSwapViaChat(user, "0.5");
    const other = await createSwapViaChat(user, "0.6");
    // A cycle that has seen both, so that the next list read is the tracker's.
    const lists = () => r.sandbox.control.stats.byEndpoint.list ?? 0;
    const listed = lists();
    await until(() => lists() > listed, 30_000);
    if (held) r.sandbox.control.stallNext("list", { ms: STALL_S * 1000 });
    r.sandbox.control.setStatus(other, "confirmation");
    const changed = Date.now();
    const pushed = () =>
      r.tg.calls.find(
        (c) =>
          c.method === "sendMessage" &&
          Number(c.params.chat_id) === user.chatId &&
          String(c.params.text).includes(`${other}: confirming`),
      );
    await until(() => pushed() !== undefined, (STALL_S + 60) * 1000).catch(() => undefined);
    const call = pushed();
    const stalled = r.sandbox.control.stats.stalled;
    return call
      ? `${((call.at - changed) / 1000).toFixed(2)} s${held ? ` (reads held: ${stalled})` : ""}`
      : "none";
  } finally {
    await close(r);
  }
}

/** ms from SIGTERM to the exit, with a list read held in flight or not; and the exit code. */
async function stopTime(held: boolean): Promise<string> {
  const r = await rig();
  try {
    const user = r.tg.user();
    await createSwapViaChat(user, "0.5");
    if (held) {
      r.sandbox.control.stallNext("list", { ms: STALL_S * 1000 });
      await until(() => r.sandbox.control.stats.stalled > 0, 30_000);
    }
    const asked = Date.now();
    r.bot.child.kill("SIGTERM");
    const code = await Promise.race([
      r.bot.exit,
      new Promise<"none">((ok) => setTimeout(() => ok("none"), (STALL_S + 30) * 1000)),
    ]);
    const took = Date.now() - asked;
    return code === "none" ? `not within ${STALL_S + 30} s` : `${took} ms (exit code ${code})`;
  } finally {
    await close(r);
  }
}

export async function run(): Promise<void> {
  console.log(
    `a GET /transactions answer held half-way for ${STALL_S} s, EXCHANGE_TIMEOUT_MS 10 s:`,
  );
  console.log(`  change to push, nothing held          ${await pushTime(false)}`);
  console.log(`  change to push, one list read held    ${await pushTime(true)}`);
  console.log(`  SIGTERM to exit, nothing in flight    ${await stopTime(false)}`);
  console.log(`  SIGTERM to exit, a list read held     ${await stopTime(true)}`);
}
