import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { freePort } from "../support/bot-harness.ts";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { createSwapViaChat, step } from "../support/flows.ts";
import {
  type RestartablePostgres,
  startRestartablePostgres,
} from "../support/restartable-postgres.ts";
import { until } from "../support/until.ts";

/**
 * Outages (contract: "Starting it"): PostgreSQL stopped (a fast shutdown, as a failover does) and
 * started again on the same port, under real bot processes.
 */

let tg: FakeTelegram | undefined;
let sandbox: Sandbox | undefined;
let postgres: RestartablePostgres | undefined;
const instances: BotProcess[] = [];
afterEach(async () => {
  for (const { child, exit } of instances.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exit;
  }
  await tg?.close();
  await sandbox?.close();
  await postgres?.destroy();
  tg = undefined;
  sandbox = undefined;
  postgres = undefined;
});

const said = (instance: BotProcess, words: string) => instance.lines.some((l) => l.includes(words));
const running = (instance: BotProcess) =>
  instance.child.exitCode === null && instance.child.signalCode === null;

async function servers() {
  tg = await startFakeTelegram();
  sandbox = await startSandbox({ schedule: false, limits: false });
  postgres = await startRestartablePostgres();
  const env = {
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: sandbox.apiKey,
    DATABASE_URL: postgres.url,
    STATUS_POLL_INTERVAL_MS: "500",
    LOG_LEVEL: "info",
  };
  return { tg, sandbox, postgres, env };
}

function startInstance(env: Record<string, string>): BotProcess {
  const instance = startBotProcess(env);
  instances.push(instance);
  return instance;
}

/** How many times a user was told the bot is briefly unavailable. */
const told = (user: ReturnType<FakeTelegram["user"]>) =>
  user.transcript().filter((m) => m.text.includes("briefly unavailable")).length;

/**
 * Waits for `count` more of the stand-in's looks at the updates Telegram holds (no instance leads
 * while the database is away, so every getUpdates now is one).
 */
async function standInLooks(telegram: FakeTelegram, count: number): Promise<void> {
  const before = telegram.polls.length;
  await until(
    () => telegram.polls.filter((p) => p.response !== undefined).length >= before + count,
    15_000,
    `${count} more looks of the stand-in`,
  );
}

/** Lines a process printed, for a failing assertion's message. */
const tail = (instance: BotProcess) => instance.lines.slice(-40).join("\n");

describe("PostgreSQL goes away and comes back", () => {
  it("one instance stays up through a restart: users who write meanwhile are told once that it is briefly unavailable; it leads again, pushes the change made meanwhile once and answers them", async () => {
    const { tg, sandbox, postgres, env } = await servers();
    const bot = startInstance(env);
    await until(() => said(bot, "now the leader"), 30_000, "the instance leads");
    const buyer = tg.user();
    const id = await createSwapViaChat(buyer);
    const pushes = (word: string) =>
      buyer.transcript().filter((m) => m.text.includes(`${id}: ${word}`)).length;
    const halfway = tg.user();
    await step(halfway, "/exchange", "send");
    // The step's last write done: the outage comes between two updates, not inside one.
    await tg.settle(500);

    await postgres.stop();
    sandbox.control.setStatus(id, "confirmation");
    await until(() => said(bot, "no longer the leader"), 15_000, "the lead is lost");
    await until(() => said(bot, "the database is unreachable"), 15_000, "the cause is named");
    // The chat mid-flow and a user asking /status write while the database is away.
    halfway.send("btc");
    buyer.send(`/status ${id}`);
    // No instance leads, so none polls: the last leader stands in and tells each of them, once,
    // that the bot is briefly unavailable and that the message will be answered.
    for (const user of [halfway, buyer]) {
      const told = await user.waitFor((m) => m.text.includes("briefly unavailable"), {
        timeoutMs: 20_000,
      });
      expect(told.text).toContain("no need to send it again");
    }
    // Without the keep-alive the event loop emptied here and the process exited 0. Two more of
    // the stand-in's looks (one per failed lock try, every 2 s) tell no one again.
    await standInLooks(tg, 2);
    expect(running(bot), tail(bot)).toBe(true);
    await postgres.start();

    await until(() => pushes("confirming") === 1, 30_000, "the change made meanwhile is pushed");
    // Nothing written during the outage was lost: both are answered once the database is back.
    await halfway.waitFor((m) => m.text.includes("receive"), { timeoutMs: 15_000 });
    await buyer.waitFor(
      (m) => m.text.includes(id) && m.text.includes("confirming") && !m.text.includes(`${id}: `),
      {
        timeoutMs: 15_000,
      },
    );
    await step(halfway, "eth", "amount");
    await tg.settle(1_000, 20_000);
    expect(pushes("confirming")).toBe(1);
    for (const user of [halfway, buyer]) {
      expect(told(user)).toBe(1);
    }
    expect(said(bot, "the database answers again")).toBe(true);
    expect(running(bot)).toBe(true);

    bot.child.kill("SIGTERM");
    expect(await bot.exit).toBe(0);
  }, 120_000);

  it("two instances both stay up through a restart: the last leader tells a user who writes meanwhile, one leads again, the change is pushed once, the user is answered, Telegram never answers 409", async () => {
    const { tg, sandbox, postgres, env } = await servers();
    const first = startInstance({ ...env, TELEGRAM_API_ROOT: tg.apiRootFor("first") });
    await until(() => said(first, "now the leader"), 30_000, "the first instance leads");
    const second = startInstance({ ...env, TELEGRAM_API_ROOT: tg.apiRootFor("second") });
    await until(() => said(second, "standby until"), 30_000, "the second instance is up");
    const buyer = tg.user();
    const id = await createSwapViaChat(buyer);
    const pushes = (word: string) =>
      buyer.transcript().filter((m) => m.text.includes(`${id}: ${word}`)).length;

    await postgres.stop();
    sandbox.control.setStatus(id, "confirmation");
    await until(() => said(first, "no longer the leader"), 15_000, "the lead is lost");
    // A user who writes meanwhile is told once, by the instance that led last.
    const asker = tg.user();
    asker.send("/help");
    await asker.waitFor((m) => m.text.includes("briefly unavailable"), { timeoutMs: 20_000 });
    // Two more of the stand-in's looks (every 2 s) tell no one again; both processes stay up.
    await standInLooks(tg, 2);
    expect(running(first), tail(first)).toBe(true);
    expect(running(second), tail(second)).toBe(true);
    const restartedAt = Date.now();
    await postgres.start();

    await until(() => pushes("confirming") === 1, 30_000, "the change made meanwhile is pushed");
    const answer = await buyer.reply(`/status ${id}`, { timeoutMs: 15_000 });
    expect(answer.text).toContain("confirming");
    // ...and answered once the database is back, without writing again.
    await asker.waitFor((m) => m.text.includes("/exchange"), { timeoutMs: 15_000 });
    await tg.settle(1_000, 20_000);
    expect(pushes("confirming")).toBe(1);
    expect(told(asker)).toBe(1);
    // Only the instance that led last stood in: the standby never polled.
    expect(said(first, "users who write meanwhile are told")).toBe(true);
    expect(said(second, "users who write meanwhile are told")).toBe(false);
    // Exactly one leads, and it is the one polling.
    const leads = (instance: BotProcess) =>
      instance.lines.filter((l) => l.includes("now the leader")).length -
      instance.lines.filter((l) => l.includes("no longer the leader")).length;
    expect(leads(first) + leads(second)).toBe(1);
    const conflicts = tg.polls.filter(
      (c) => c.at >= restartedAt && c.response?.ok === false && c.response.error_code === 409,
    );
    expect(conflicts).toHaveLength(0);
    expect(running(first) && running(second)).toBe(true);
  }, 120_000);

  it("in webhook mode too: a user who writes meanwhile is told once that the bot is briefly unavailable and need not send it again, and is answered once it is back", async () => {
    const { tg, postgres, env } = await servers();
    const port = await freePort();
    const bot = startInstance({
      ...env,
      WEBHOOK_URL: `http://127.0.0.1:${port}/telegram`,
      WEBHOOK_SECRET: "outage-webhook-secret_0123",
      PORT: String(port),
    });
    await until(() => said(bot, "webhook registered"), 30_000, "the webhook is served");
    await until(() => said(bot, "now the leader"), 30_000, "the instance leads");
    const halfway = tg.user();
    await step(halfway, "/exchange", "send");
    await tg.settle(500);

    await postgres.stop();
    await until(() => said(bot, "the database is unreachable"), 15_000, "the cause is named");
    // Delivered while the database is away: held at Telegram (which delivers it again and
    // again meanwhile), its user told once.
    halfway.send("btc");
    const held = await halfway.waitFor((m) => m.text.includes("briefly unavailable"), {
      timeoutMs: 20_000,
    });
    expect(held.text).toContain("no need to send it again");
    expect(running(bot), tail(bot)).toBe(true);
    await postgres.start();

    // Not lost: the flow goes on at its step once the database is back.
    await halfway.waitFor((m) => m.text.includes("receive"), { timeoutMs: 30_000 });
    await step(halfway, "eth", "amount");
    expect(told(halfway)).toBe(1);
    bot.child.kill("SIGTERM");
    expect(await bot.exit).toBe(0);
  }, 120_000);

  it("stopped with SIGTERM while the database is away, it still exits 0 within 10 s", async () => {
    const { postgres, env } = await servers();
    const bot = startInstance(env);
    await until(() => said(bot, "now the leader"), 30_000, "the instance leads");
    await postgres.stop();
    await until(() => said(bot, "the database is unreachable"), 15_000, "the cause is named");
    const stopping = Date.now();
    bot.child.kill("SIGTERM");
    expect(await bot.exit, tail(bot)).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(10_000);
  }, 60_000);
});
