import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { createSwapViaChat } from "../support/flows.ts";
import {
  type RestartablePostgres,
  startRestartablePostgres,
} from "../support/restartable-postgres.ts";
import { until } from "../support/until.ts";

/**
 * Outages ridden out (issue 26): the database (PostgreSQL, stopped and started again on the same
 * port) or Telegram (its front end answering 502 to every call) away for a while, a swap's status
 * changing meanwhile and a user writing meanwhile. Printed: from the moment it is back, the time to
 * the first push (the change made meanwhile) and to the first answer (to the user who wrote). The
 * baseline beside them: the same two times with nothing away (change made, command sent, at once).
 * And how soon the user who wrote during the outage was told the bot is briefly unavailable.
 * `BENCH_OUTAGE_LONG_S` sets the long outages (60 s by default).
 */
const LONG_S = Number(process.env.BENCH_OUTAGE_LONG_S ?? 60);

type Away =
  | { what: "nothing"; postgres: boolean }
  | { what: "database" | "telegram"; seconds: number };

interface Rig {
  tg: FakeTelegram;
  sandbox: Sandbox;
  bot: BotProcess;
  postgres?: RestartablePostgres;
  dir?: string;
}

async function rig(onPostgres: boolean): Promise<Rig> {
  const tg = await startFakeTelegram();
  const sandbox = await startSandbox({ schedule: false, limits: false });
  const env: Record<string, string> = {
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: sandbox.apiKey,
    // A 2 s poll, so that the tracker's rhythm does not hide the recovery's.
    STATUS_POLL_INTERVAL_MS: "2000",
    LOG_LEVEL: "warn",
  };
  if (onPostgres) {
    const postgres = await startRestartablePostgres();
    const bot = startBotProcess({ ...env, DATABASE_URL: postgres.url });
    return { tg, sandbox, bot, postgres };
  }
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-outage-"));
  const bot = startBotProcess({ ...env, DATABASE_PATH: join(dir, "bot.sqlite") });
  return { tg, sandbox, bot, dir };
}

async function close(r: Rig): Promise<void> {
  if (r.bot.child.exitCode === null) r.bot.child.kill("SIGKILL");
  await r.bot.exit;
  await r.tg.close();
  await r.sandbox.close();
  await r.postgres?.destroy();
  if (r.dir) rmSync(r.dir, { recursive: true, force: true });
}

/**
 * ms from `back` to the first push and to the first answer, or why there was none; and how soon
 * after writing the user was told, during the outage, that the bot is briefly unavailable.
 */
async function measure(away: Away): Promise<{ push: string; answer: string; told: string }> {
  const r = await rig(away.what === "database" || (away.what === "nothing" && away.postgres));
  try {
    await r.tg.waitForPolling(60_000);
    const buyer = r.tg.user();
    const id = await createSwapViaChat(buyer);
    await r.tg.settle(500);
    const asker = r.tg.user();
    const sentTo = (chatId: number, match: (text: string) => boolean) =>
      r.tg.calls.find(
        (c) =>
          c.method === "sendMessage" &&
          Number(c.params.chat_id) === chatId &&
          match(String(c.params.text)),
      );

    if (away.what === "database") await r.postgres?.stop();
    if (away.what === "telegram") await r.tg.goAway("bad-gateway");
    r.sandbox.control.setStatus(id, "confirmation");
    const asked = Date.now();
    await asker.send("/help");
    if (away.what !== "nothing") await new Promise((ok) => setTimeout(ok, away.seconds * 1000));
    if (away.what === "database") await r.postgres?.start();
    if (away.what === "telegram") await r.tg.comeBack();
    const back = Date.now();

    const pushed = () => sentTo(buyer.chatId, (t) => t.includes(`${id}: confirming`));
    // /help's own answer, not the sentence saying the bot is briefly unavailable.
    const answered = () => sentTo(asker.chatId, (t) => t.includes("/exchange"));
    const told = sentTo(asker.chatId, (t) => t.includes("briefly unavailable"));
    const deadline = 120_000;
    await until(() => (pushed() && answered()) !== undefined, deadline).catch(() => undefined);
    const alive = r.bot.child.exitCode === null;
    const since = (call: { at: number } | undefined) =>
      call
        ? `${Math.max(0, call.at - back)} ms`
        : alive
          ? "none in 120 s"
          : `exited ${r.bot.child.exitCode}`;
    return {
      push: since(pushed()),
      answer: since(answered()),
      told: told ? `${told.at - asked} ms` : "-",
    };
  } finally {
    await close(r);
  }
}

export async function run(): Promise<void> {
  const cases: Array<[string, Away]> = [
    ["baseline: nothing away (PostgreSQL)", { what: "nothing", postgres: true }],
    ["baseline: nothing away (SQLite)", { what: "nothing", postgres: false }],
    ["PostgreSQL away 10 s", { what: "database", seconds: 10 }],
    [`PostgreSQL away ${LONG_S} s`, { what: "database", seconds: LONG_S }],
    [
      `Telegram away ${LONG_S} s (502 from its front end; SQLite)`,
      { what: "telegram", seconds: LONG_S },
    ],
  ];
  console.log("from the moment it is back (baseline: from the change / the command):");
  for (const [name, away] of cases) {
    const { push, answer, told } = await measure(away);
    console.log(
      `  ${name.padEnd(56)} first push ${push.padStart(10)}   first answer ${answer.padStart(10)}   told meanwhile ${told.padStart(8)}`,
    );
  }
}
