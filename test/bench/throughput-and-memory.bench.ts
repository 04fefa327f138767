import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { run as runGrammy } from "@grammyjs/runner";
import { Bot } from "grammy";
import { openSqliteDatabase } from "../../src/db/client.ts";
import { startSandbox } from "../../src/sandbox/index.ts";
import { exchangeIdOf } from "../../src/swaps/swap.ts";
import { startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { startHarness } from "../support/bot-harness.ts";
import { startBotProcess } from "../support/bot-process.ts";
import { seedOpenSwaps } from "../support/seed-swaps.ts";
import { throughput } from "./updates-per-second.ts";

async function rates(): Promise<void> {
  const N = 3_000;
  // Baseline: a bare grammY bot on the same runner, answering /start.
  const bareTg = await startFakeTelegram();
  const bare = new Bot(bareTg.token, { client: { apiRoot: bareTg.apiRoot } });
  bare.command("start", (ctx) => ctx.reply("hi"));
  const handle = runGrammy(bare);
  await bareTg.waitForPolling();
  const baseline = await throughput(bareTg, N, "/start", 1_000);
  await handle.stop();
  await bareTg.close();

  const h = await startHarness({ env: { LOG_LEVEL: "silent" } });
  const start = await throughput(h.tg, N, "/start", 1_000);
  // Cached /rate: the same quote for everyone, and 3,000 users so each stays within the
  // per-user share (4 quotes per 10 s).
  const rate = await throughput(h.tg, N, "/rate 1 btc eth", 3_000);
  await h.close();
  console.log(
    `updates per second through the fake Telegram (${N} measured after as many unmeasured; /start from 1,000 users, /rate from 3,000):`,
  );
  console.log(`  bare grammY bot, /start:  ${baseline.toFixed(0)}/s (baseline)`);
  console.log(
    `  swapbot, /start:          ${start.toFixed(0)}/s (${(start / baseline).toFixed(2)} × baseline)`,
  );
  console.log(
    `  swapbot, cached /rate:    ${rate.toFixed(0)}/s (${(rate / baseline).toFixed(2)} × baseline)`,
  );
}

/** CPU time (user + system) a process has used, in ms, at 100 ticks a second. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process now and at its peak, in MB. */
function rss(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/**
 * The bot as operators run it (a process on the compiled code, with npm start's flags): CPU time
 * per update, which unlike updates per second hardly depends on what else the machine runs, for
 * /start and a cached /rate; its resident memory at idle and right after each load. With
 * BENCH_BOT_FLAGS (say `--max-semi-space-size=16`) the same again with those node flags instead
 * of the start script's, in the same run; with BENCH_CPU_PROFILE=<dir> each bot process writes a
 * CPU profile there as it stops.
 */
async function cpuPerUpdate(): Promise<void> {
  const start = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"))
    .scripts.start as string;
  // `exec node <flags> dist/main.js`: the flags.
  const startFlags = start.split(/\s+/).filter((arg) => arg.startsWith("--"));
  const variants = [startFlags];
  const flags = process.env.BENCH_BOT_FLAGS;
  if (flags) variants.push(flags.split(/\s+/).filter(Boolean));
  const bare = await cpuPerUpdateOf(["--import", "tsx"], "test/bench/support/bare-bot.ts");
  for (const args of variants) await cpuPerUpdateOf(args, "dist/main.js", bare);
}

type CpuPerUpdate = { start: number; rate: number };

/**
 * `entry`: the bot's (dist/main.js), or the bare grammY bot's beside it (through tsx, which costs
 * at start only); with `bare`, the bot's figures are also given as a ratio to it (the bare bot's
 * CPU per update over the bot's: the share of a bare bot's updates per CPU second it handles).
 */
async function cpuPerUpdateOf(
  flags: string[],
  entry: string,
  bare?: CpuPerUpdate,
): Promise<CpuPerUpdate> {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-cpu-"));
  const sandbox = await startSandbox({ schedule: false, limits: false });
  const tg = await startFakeTelegram();
  const profile = process.env.BENCH_CPU_PROFILE;
  const { child, exit } = startBotProcess(
    {
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      EXCHANGE_API_URL: sandbox.url,
      EXCHANGE_API_KEY: sandbox.apiKey,
      DATABASE_PATH: join(dir, "bot.sqlite"),
      LOG_LEVEL: "silent",
    },
    {
      command: [
        process.execPath,
        ...flags,
        ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []),
        entry,
      ],
    },
  );
  await tg.waitForPolling(60_000);
  const pid = child.pid ?? 0;
  await new Promise((r) => setTimeout(r, 2_000));
  const idle = rss(pid).now;
  const per = async (text: string, users: number, floor: number | undefined) => {
    await throughput(tg, 3_000, text, users);
    const before = cpuMs(pid);
    // throughput() sends 3,000 unmeasured and 3,000 measured updates: all 6,000 count here.
    const rate = await throughput(tg, 3_000, text, users);
    const us = ((cpuMs(pid) - before) / 6_000) * 1_000;
    const ratio = floor === undefined ? "" : `, ${(floor / us).toFixed(2)} × bare`;
    const line = `${us.toFixed(0)} µs (${rate.toFixed(0)}/s${ratio}, resident after ${rss(pid).now.toFixed(0)} MB)`;
    return { us, text: line };
  };
  const start = await per("/start", 1_000, bare?.start);
  // 3,000 users: each stays within the per-user quote share (4 in 10 s); the cache answers.
  const rate = await per("/rate 1 btc eth", 3_000, bare?.rate);
  console.log(
    `${entry === "dist/main.js" ? "the bot" : "a bare grammY bot"} as a process (node ${[...flags, entry].join(" ")}): CPU per update, /start from 1,000 users ${start.text}; cached /rate from 3,000 users ${rate.text}; resident at idle ${idle.toFixed(0)} MB, peak ${rss(pid).peak.toFixed(0)} MB`,
  );
  child.kill("SIGTERM");
  await exit;
  await tg.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
  return { start: start.us, rate: rate.us };
}

async function memory(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-mem-"));
  const sandbox = await startSandbox({ schedule: false, limits: false });
  const tg = await startFakeTelegram();
  const dbPath = join(dir, "bot.sqlite");
  {
    const database = openSqliteDatabase(dbPath);
    // Seeded straight on the connection, in one transaction, before the bot opens the file.
    const insert = database.sqlite.prepare(
      "insert into chats (id, type, created_at, updated_at) values (?, 'private', ?, ?)",
    );
    database.sqlite.transaction(() => {
      const now = Date.now();
      for (let chat = 0; chat < 100_000; chat++) insert.run(1_000_000 + chat, now, now);
    })();
    await seedOpenSwaps(sandbox.control, database.seam, {
      count: 10_000,
      chats: 100_000,
      firstChat: 1_000_000,
      // The bot below is given the sandbox as EXCHANGE_API_URL: these are that exchange's.
      exchange: exchangeIdOf({ url: sandbox.url, sandbox: false }),
    });
    database.close();
  }
  const { child, exit } = startBotProcess({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: sandbox.apiKey,
    DATABASE_PATH: dbPath,
    STATUS_POLL_INTERVAL_MS: "2000",
    LOG_LEVEL: "warn",
  });
  await tg.waitForPolling(60_000);
  // Let the tracker go through all 10,000 (100 list pages) and serve some users meanwhile.
  for (let i = 0; i < 200; i++)
    await tg.user().reply(i % 2 ? "/start" : "/rate 1 btc eth", { quietMs: 20 });
  await new Promise((r) => setTimeout(r, 15_000));
  const memory = rss(child.pid ?? 0);
  console.log(
    `resident memory of the bot process with 10,000 tracked swaps and 100,000 known chats: ${memory.now.toFixed(0)} MB (peak ${memory.peak.toFixed(0)} MB)`,
  );
  child.kill("SIGTERM");
  await exit;
  await tg.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

export async function run(): Promise<void> {
  await rates();
  await cpuPerUpdate();
  // BENCH_SKIP_MEMORY=1: only the rates and CPU figures (the 100,000-chat case takes a minute).
  if (!process.env.BENCH_SKIP_MEMORY) await memory();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
