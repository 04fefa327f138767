import { startFakeTelegram } from "../../src/fake-telegram/fake-telegram.ts";
import { startSandbox } from "../../src/sandbox/index.ts";
import { startHarness } from "../support/bot-harness.ts";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { createSwapViaChat } from "../support/flows.ts";
import { startPostgresServer, TEMPLATE } from "../support/postgres-server.ts";
import { percentile } from "./stats.ts";
import { throughput } from "./updates-per-second.ts";

/**
 * Several instances on PostgreSQL: how long a takeover takes (SIGKILL of the leader → the first
 * push sent by the new one), and what PostgreSQL costs one instance's update throughput against
 * SQLite.
 */

const KILLS = Number(process.env.BENCH_FAILOVER_KILLS ?? 10);

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
        `(standbys try the lock every 3 s; tracker interval 1 s)`,
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
