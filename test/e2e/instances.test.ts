import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { type App, startApp } from "../../src/app/app.ts";
import { loadConfig } from "../../src/config.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { type BotProcess, signalGroup, startBotProcess } from "../support/bot-process.ts";
import { createSwapViaChat, ETH_ADDRESS, step } from "../support/flows.ts";
import { freePort } from "../support/ports.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { TEST_DIALECT } from "../support/test-dialect.ts";
import { until } from "../support/until.ts";

/**
 * Several instances on one PostgreSQL database (contract: "Several instances"): real bot
 * processes, one fake Telegram, one sandbox exchange.
 */

let tg: FakeTelegram | undefined;
let sandbox: Sandbox | undefined;
let drop: (() => Promise<void>) | undefined;
const instances: BotProcess[] = [];
const apps: App[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
  for (const { child, exit } of instances.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exit;
  }
  await tg?.close();
  await sandbox?.close();
  await drop?.();
  tg = undefined;
  sandbox = undefined;
  drop = undefined;
});

function startInstance(env: Record<string, string>, options: { group?: boolean } = {}): BotProcess {
  const instance = startBotProcess(env, options);
  instances.push(instance);
  return instance;
}

const said = (instance: BotProcess, words: string) => instance.lines.some((l) => l.includes(words));

async function servers(sandboxOptions: Parameters<typeof startSandbox>[0]) {
  tg = await startFakeTelegram();
  sandbox = await startSandbox({ dialect: TEST_DIALECT, ...sandboxOptions });
  const database = await freshPostgresDatabase();
  drop = database.drop;
  return { tg, sandbox, url: database.url };
}

/** getUpdates answered 409 (another poller), those asked for since `since` only when given. */
const conflicts = (telegram: FakeTelegram, since = 0) =>
  telegram.polls.filter(
    (c) => c.at >= since && c.response?.ok === false && c.response.error_code === 409,
  ).length;

describe("two instances on one PostgreSQL", () => {
  it("one polls, the standby takes over within 15 s of a SIGKILL, and nothing is lost", async () => {
    const { tg, sandbox, url } = await servers({ schedule: false, limits: false });
    const env = {
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      EXCHANGE_API_URL: sandbox.url,
      EXCHANGE_DIALECT: sandbox.dialect,
      EXCHANGE_API_KEY: sandbox.apiKey,
      DATABASE_URL: url,
      STATUS_POLL_INTERVAL_MS: "200",
      LOG_LEVEL: "info",
    };
    const metricsPorts = [await freePort(), await freePort()];
    const first = startInstance({ ...env, METRICS_PORT: String(metricsPorts[0]) });
    await until(() => said(first, "now the leader"), 30_000, "the first instance leads");
    const second = startInstance({ ...env, METRICS_PORT: String(metricsPorts[1]) });
    await until(() => said(second, "standby until"), 30_000, "the second instance is up");
    const roles = await Promise.all(
      metricsPorts.map(async (port) => {
        const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
        return ((await answer.json()) as { role?: string }).role;
      }),
    );
    expect(roles).toEqual(["leader", "standby"]);

    // A swap in flight, a conversation half-way whose next prompt the leader is sending as it
    // dies (the step's state not yet written), and a push on its way too.
    const buyer = tg.user();
    const id = await createSwapViaChat(buyer);
    const halfway = tg.user();
    await step(halfway, "/exchange", "send");
    await step(halfway, "btc", "receive");
    const prompt = tg.holdNext("sendMessage", halfway.chatId);
    halfway.send("eth");
    await prompt.arrived;
    const held = tg.holdNext("sendMessage", buyer.chatId);
    sandbox.control.setStatus(id, "confirmation");
    await held.arrived;
    expect(said(second, "now the leader")).toBe(false);

    const killedAt = Date.now();
    first.child.kill("SIGKILL");
    await first.exit;
    held.release();
    prompt.release();
    await until(() => said(second, "now the leader"), 15_000, "the standby takes over");
    expect(Date.now()).toBeGreaterThan(killedAt);
    const role = await fetch(`http://127.0.0.1:${metricsPorts[1]}/healthz`);
    expect(((await role.json()) as { role?: string }).role).toBe("leader");

    // The survivor finishes what the leader left: the push, the next status, the conversation.
    sandbox.control.setStatus(id, "exchanging");
    const pushes = (word: string) =>
      buyer.transcript().filter((m) => m.text.includes(`${id}: ${word}`)).length;
    await until(() => pushes("exchanging") === 1, 15_000, "the next status is pushed");
    expect(pushes("confirming")).toBeGreaterThanOrEqual(1);
    expect(pushes("confirming")).toBeLessThanOrEqual(2);
    const quote = await step(halfway, "0.5", "address", 15_000);
    expect(quote.text).toContain("BTC");
    await step(halfway, ETH_ADDRESS, "refund");
    await tg.settle(500);
    expect(pushes("exchanging")).toBe(1);
    // The standby never polled while a leader lived: Telegram never had to answer 409.
    expect(conflicts(tg)).toBe(0);
  }, 120_000);

  it("a leader frozen by SIGSTOP loses the lead: the standby pushes, and once resumed the old leader neither polls nor pushes", async () => {
    const { tg, sandbox, url } = await servers({ schedule: false, limits: false });
    const pollMs = 1_000;
    // Each instance through its own API root, so the fake Telegram knows who polled and pushed.
    const env = (caller: string) => ({
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRootFor(caller),
      EXCHANGE_API_URL: sandbox.url,
      EXCHANGE_DIALECT: sandbox.dialect,
      EXCHANGE_API_KEY: sandbox.apiKey,
      DATABASE_URL: url,
      STATUS_POLL_INTERVAL_MS: String(pollMs),
      LOG_LEVEL: "info",
    });
    const metricsPort = await freePort();
    const first = startInstance(
      { ...env("first"), METRICS_PORT: String(metricsPort) },
      { group: true },
    );
    await until(() => said(first, "now the leader"), 30_000, "the first instance leads");
    const second = startInstance(env("second"), { group: true });
    await until(() => said(second, "standby until"), 30_000, "the second instance is up");

    const buyer = tg.user();
    const id = await createSwapViaChat(buyer);
    const pushes = (word: string) =>
      buyer.transcript().filter((m) => m.text.includes(`${id}: ${word}`)).length;
    sandbox.control.setStatus(id, "confirmation");
    await until(() => pushes("confirming") === 1, 15_000, "the leader pushes");

    // The whole process group stops: its sockets stay open, its database session too.
    signalGroup(first, "SIGSTOP");
    sandbox.control.setStatus(id, "exchanging");
    await until(() => pushes("exchanging") === 1, 15_000 + 3 * pollMs, "the standby pushes");
    const pushedBy = (word: string) =>
      tg.calls
        .filter(
          (c) => c.method === "sendMessage" && String(c.params.text).includes(`${id}: ${word}`),
        )
        .map((c) => c.caller);
    expect(pushedBy("exchanging")).toEqual(["second"]);

    const resumedAt = Date.now();
    signalGroup(first, "SIGCONT");
    await until(() => said(first, "no longer the leader"), 10_000, "the old leader steps down");
    sandbox.control.setStatus(id, "on-hold");
    await until(() => pushes("on-hold") === 1, 15_000, "the new leader goes on pushing");
    await tg.settle(1_000, 30_000);

    // Once resumed, the old leader asked Telegram for no update and pushed nothing...
    const byFirstSince = (c: { caller?: string; at: number }) =>
      c.caller === "first" && c.at >= resumedAt;
    expect(tg.polls.filter(byFirstSince)).toHaveLength(0);
    expect(tg.calls.filter((c) => byFirstSince(c) && c.method === "sendMessage")).toHaveLength(0);
    // ...so nobody met a 409 afterwards, and the new leader never did.
    expect(conflicts(tg, resumedAt)).toBe(0);
    expect(tg.polls.filter((c) => c.caller === "second" && c.response?.ok === false)).toHaveLength(
      0,
    );
    // The new leader is the one poller.
    expect(tg.polling).toBe(1);
    expect(tg.polls.at(-1)?.caller).toBe("second");
    for (const word of ["confirming", "exchanging", "on-hold"]) {
      expect(pushes(word)).toBeLessThanOrEqual(2);
    }
    // It stays up, as the standby.
    expect(first.child.exitCode).toBeNull();
    const health = await fetch(`http://127.0.0.1:${metricsPort}/healthz`);
    expect(((await health.json()) as { role?: string }).role).toBe("standby");
  }, 150_000);

  it("answer 90 simultaneous /rate requests together within the shared public budget", async () => {
    const { tg, sandbox, url } = await servers({ schedule: false });
    const ports = [await freePort(), await freePort()];
    const secret = "shared-budget-secret_0123";
    for (const port of ports) {
      const config = loadConfig({
        BOT_TOKEN: tg.token,
        TELEGRAM_API_ROOT: tg.apiRoot,
        EXCHANGE_API_URL: sandbox.url,
        EXCHANGE_DIALECT: sandbox.dialect,
        EXCHANGE_API_KEY: sandbox.apiKey,
        DATABASE_URL: url,
        WEBHOOK_URL: `http://127.0.0.1:${port}/telegram`,
        WEBHOOK_SECRET: secret,
        PORT: String(port),
        QUOTE_CACHE_MS: "0",
      });
      apps.push(await startApp(config, pino({ level: "silent" })));
    }
    const users = Array.from({ length: 90 }, () => tg.user());
    // A load balancer in front of both: every other update to the other instance.
    await Promise.all(
      users.map((user, i) => {
        const text = `/rate ${(0.1 + i / 1000).toFixed(3)} btc eth`;
        const update = {
          update_id: 1_000 + i,
          message: {
            message_id: 1,
            date: Math.floor(Date.now() / 1000),
            chat: { id: user.chatId, type: "private", first_name: "R" },
            from: user.from,
            text,
            entities: [{ type: "bot_command", offset: 0, length: 5 }],
          },
        };
        return fetch(`http://127.0.0.1:${ports[i % 2]}/telegram`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "X-Telegram-Bot-Api-Secret-Token": secret,
          },
          body: JSON.stringify(update),
        });
      }),
    );
    await tg.settle(500, 60_000);
    // Everyone got an answer (a quote, or "busy, try again in N s"), and the exchange never had
    // to refuse: both instances counted against one budget.
    for (const user of users) expect(user.transcript().length).toBeGreaterThanOrEqual(1);
    expect(sandbox.control.stats.byEndpoint.rate ?? 0).toBeGreaterThan(0);
    expect(sandbox.control.stats.byEndpoint.rate ?? 0).toBeLessThanOrEqual(60);
    expect(sandbox.control.stats.served429).toBe(0);
  }, 120_000);
});
