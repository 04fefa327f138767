import { startSandbox } from "../../src/sandbox/index.ts";
import { startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { startHarness } from "../support/bot-harness.ts";
import { type BotProcess, signalGroup, startBotProcess } from "../support/bot-process.ts";
import { createSwapViaChat } from "../support/flows.ts";
import { startPostgresServer, TEMPLATE } from "../support/postgres-server.ts";
import { percentile } from "./stats.ts";
import { throughput } from "./updates-per-second.ts";

/**
 * Several instances on PostgreSQL: how long a takeover takes (SIGKILL of the leader, or SIGSTOP of
 * its process group → the first push sent by the new one), and what PostgreSQL costs one
 * instance's update throughput against SQLite.
 */

const KILLS = Number(process.env.BENCH_FAILOVER_KILLS ?? 10);
const FREEZES = Number(process.env.BENCH_FAILOVER_FREEZES ?? 5);
/** How long a frozen leader's takeover is waited for before the bench calls it never. */
const FREEZE_GIVE_UP_MS = 60_000;

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const leads = (instance: BotProcess) => instance.lines.some((l) => l.includes("now the leader"));

async function failover(databaseUrl: string): Promise<number[]> {
  const tg = await startFakeTelegram();
  const sandbox = await startSandbox({ schedule: false, limits: false });
  const env = {
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: sandbox.apiKey,
    DATABASE_URL: databaseUrl,
    STATUS_POLL_INTERVAL_MS: "1000",
    LOG_LEVEL: "info",
  };
  let leader = startBotProcess(env);
  await until(() => leads(leader), 60_000, "a first leader");
  let standby = startBotProcess(env);
  await until(() => standby.lines.some((l) => l.includes("standby until")), 60_000, "a standby");
  const user = tg.user();
  const id = await createSwapViaChat(user);
  const times: number[] = [];
  for (let kill = 0; kill < KILLS; kill++) {
    // A status never seen before each time: the outbox announces each (swap, status) once.
    const status = `on-hold-${kill + 1}`;
    const killedAt = performance.now();
    leader.child.kill("SIGKILL");
    // The change happens while nobody leads: only the new leader can push it.
    sandbox.control.setStatus(id, status);
    await leader.exit;
    await until(
      () => user.transcript().some((m) => m.text.includes(`${id}: ${status}`)),
      30_000,
      `the push after kill ${kill + 1}`,
    );
    times.push(performance.now() - killedAt);
    // The killed one comes back as the next standby.
    leader = standby;
    standby = startBotProcess(env);
    await until(() => standby.lines.some((l) => l.includes("standby until")), 60_000, "a standby");
  }
  for (const instance of [leader, standby]) {
    instance.child.kill("SIGTERM");
    await instance.exit;
  }
  await tg.close();
  await sandbox.close();
  return times;
}

interface FreezeFigures {
  /** SIGSTOP → the first push by the new leader, per freeze that was taken over. */
  times: number[];
  /** Set when a freeze was not taken over within FREEZE_GIVE_UP_MS (the bench stops there). */
  neverTakenOver: boolean;
  /** getUpdates and pushes a resumed former leader made between its SIGCONT and the next freeze. */
  pollsAfterResume: number;
  pushesAfterResume: number;
  /** 409s answered to getUpdates asked for in those windows (by either instance). */
  conflictsAfterResume: number;
}

/**
 * SIGSTOP of the leader's process group (a frozen process: its database session stays open),
 * then SIGCONT once the standby took over: the resumed one must stay quiet and become the standby.
 */
async function freezes(databaseUrl: string): Promise<FreezeFigures> {
  const tg = await startFakeTelegram();
  const sandbox = await startSandbox({ schedule: false, limits: false });
  const env = (caller: string) => ({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRootFor(caller),
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: sandbox.apiKey,
    DATABASE_URL: databaseUrl,
    STATUS_POLL_INTERVAL_MS: "1000",
    LOG_LEVEL: "info",
  });
  const start = (caller: string) => ({
    caller,
    bot: startBotProcess(env(caller), { group: true }),
  });
  let leader = start("a");
  await until(() => leads(leader.bot), 60_000, "a first leader");
  let standby = start("b");
  await until(
    () => standby.bot.lines.some((l) => l.includes("standby until")),
    60_000,
    "a standby",
  );
  const user = tg.user();
  const id = await createSwapViaChat(user);
  const figures: FreezeFigures = {
    times: [],
    neverTakenOver: false,
    pollsAfterResume: 0,
    pushesAfterResume: 0,
    conflictsAfterResume: 0,
  };
  // From each SIGCONT to the next freeze, when the resumed one may lead again.
  const resumed: Array<{ caller: string; from: number; to: number }> = [];
  const leadsNow = (bot: BotProcess) => {
    const last = (words: string) => bot.lines.findLastIndex((l) => l.includes(words));
    return last("now the leader") > last("no longer the leader");
  };
  for (let freeze = 0; freeze < FREEZES; freeze++) {
    const status = `on-hold-frozen-${freeze + 1}`;
    const window = resumed.at(-1);
    if (window) window.to = Date.now();
    const stoppedAt = performance.now();
    signalGroup(leader.bot, "SIGSTOP");
    sandbox.control.setStatus(id, status);
    const pushed = () => user.transcript().some((m) => m.text.includes(`${id}: ${status}`));
    try {
      await until(pushed, FREEZE_GIVE_UP_MS, `the push after freeze ${freeze + 1}`);
    } catch {
      figures.neverTakenOver = true;
      signalGroup(leader.bot, "SIGCONT");
      break;
    }
    figures.times.push(performance.now() - stoppedAt);
    signalGroup(leader.bot, "SIGCONT");
    resumed.push({ caller: leader.caller, from: Date.now(), to: Number.POSITIVE_INFINITY });
    // The resumed one stays up as the next standby.
    await until(
      () => !leadsNow(leader.bot),
      30_000,
      `the former leader steps down after freeze ${freeze + 1}`,
    );
    [leader, standby] = [standby, leader];
  }
  await tg.settle(1_000, 30_000).catch(() => undefined);
  for (const { caller, from, to } of resumed) {
    const within = (c: { at: number }) => c.at >= from && c.at < to;
    const by = (c: { caller?: string; at: number }) => c.caller === caller && within(c);
    figures.pollsAfterResume += tg.polls.filter(by).length;
    figures.pushesAfterResume += tg.calls.filter((c) => by(c) && c.method === "sendMessage").length;
    figures.conflictsAfterResume += tg.polls.filter(
      (c) => within(c) && c.response?.ok === false && c.response.error_code === 409,
    ).length;
  }
  for (const instance of [leader.bot, standby.bot]) {
    instance.child.kill("SIGTERM");
    await instance.exit;
  }
  await tg.close();
  await sandbox.close();
  return figures;
}

async function throughputOn(databaseUrl: string | undefined) {
  const h = await startHarness({
    env: { LOG_LEVEL: "silent" },
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const start = await throughput(h.tg, 2_000, "/start", 1_000);
  const help = await throughput(h.tg, 2_000, "/help", 1_000);
  await h.close();
  return { start, help };
}

export async function run(): Promise<void> {
  const server = await startPostgresServer();
  try {
    let next = 1;
    const database = async () => {
      const name = `swapbot_bench_${next++}`;
      await server.admin.query(`create database ${name} template ${TEMPLATE}`);
      return server.url(name);
    };

    const times = await failover(await database());
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    console.log(
      `failover, SIGKILL of the leader → first push by the new one, ${times.length} kills: ` +
        `p50 ${seconds(percentile(times, 50))} s, max ${seconds(Math.max(...times))} s ` +
        `(tracker interval 1 s)`,
    );

    const frozen = await freezes(await database());
    console.log(
      frozen.neverTakenOver
        ? `failover, SIGSTOP of the leader's process group: no takeover within ${FREEZE_GIVE_UP_MS / 1000} s ` +
            `(${frozen.times.length} freezes taken over before)`
        : `failover, SIGSTOP of the leader's process group → first push by the new one, ` +
            `${frozen.times.length} freezes: p50 ${seconds(percentile(frozen.times, 50))} s, ` +
            `max ${seconds(Math.max(...frozen.times))} s; after SIGCONT the former leaders made ` +
            `${frozen.pollsAfterResume} getUpdates and ${frozen.pushesAfterResume} pushes, ` +
            `${frozen.conflictsAfterResume} × 409`,
    );

    const sqlite = await throughputOn(undefined);
    const postgres = await throughputOn(await database());
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log(
      `one instance, updates/s: /start SQLite ${sqlite.start.toFixed(0)}, PostgreSQL ${postgres.start.toFixed(0)} ` +
        `(${ratio(postgres.start, sqlite.start)}×); /help SQLite ${sqlite.help.toFixed(0)}, ` +
        `PostgreSQL ${postgres.help.toFixed(0)} (${ratio(postgres.help, sqlite.help)}×)`,
    );
  } finally {
    await server.stop();
  }
}
