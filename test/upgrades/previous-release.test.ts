import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FLOW_STORAGE_VERSION } from "../../src/bot/swap-flow/flow.ts";
import { OLDER_FLOW_VERSIONS } from "../../src/bot/swap-flow/flow-versions.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import {
  type FakeTelegram,
  type FakeUser,
  startFakeTelegram,
} from "../../tools/fake-telegram/fake-telegram.ts";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { createSwapViaChat, step, toSummary } from "../support/flows.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { flowVersionAt, type Release } from "../support/previous-release.ts";
import {
  type InstalledRelease,
  installPreviousRelease,
} from "../support/previous-release-install.ts";
import { until } from "../support/until.ts";

/**
 * Upgrades from the previous release (contract: "Upgrades"): its code, from git, installed once
 * (test/support/previous-release-install.ts), runs as a real process beside or before this one,
 * on one database, one fake Telegram and one sandbox exchange.
 */

let tg: FakeTelegram | undefined;
let sandbox: Sandbox | undefined;
const cleanups: (() => void | Promise<void>)[] = [];
const processes: BotProcess[] = [];
afterEach(async () => {
  for (const { child, exit } of processes.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exit;
  }
  await tg?.close();
  await sandbox?.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  tg = undefined;
  sandbox = undefined;
});

/**
 * The previous release, installed here rather than in the global setup, so that no other file
 * waits for it (a clean clone builds it first: some seconds); cached for later runs.
 */
let installed: InstalledRelease | undefined;
beforeAll(async () => {
  installed = await installPreviousRelease();
}, 300_000);

function previous(): InstalledRelease {
  if (!installed) throw new Error("the previous release is not installed (see the hook's error)");
  return installed;
}

async function servers() {
  tg = await startFakeTelegram();
  sandbox = await startSandbox({ schedule: false, limits: false });
  return { tg, sandbox };
}

/** A bot process of the previous release (`old`) or this one, its Telegram calls marked `caller`. */
function start(release: InstalledRelease | "this", env: Record<string, string>): BotProcess {
  const bot = startBotProcess(env, release === "this" ? {} : { root: `${release.dir}/` });
  processes.push(bot);
  return bot;
}

async function stop(bot: BotProcess): Promise<void> {
  bot.child.kill("SIGTERM");
  expect(await bot.exit).toBe(0);
}

const said = (bot: BotProcess, words: string) => bot.lines.some((l) => l.includes(words));

/** The chat's pushes about `id` reaching `word`, and which process sent each. */
function pushedBy(telegram: FakeTelegram, id: string, word: string): (string | undefined)[] {
  return telegram.calls
    .filter((c) => c.method === "sendMessage" && String(c.params.text).includes(`${id}: ${word}`))
    .map((c) => c.caller);
}

/**
 * The chat left mid-flow (at the amount step) by the previous release answers its next step on
 * this one: the flow carries on when its version is this one's or registered as carried, else the
 * chat is told the bot was updated; never "I did not get that".
 */
async function carriesOn(user: FakeUser, release: InstalledRelease): Promise<void> {
  const version = flowVersionAt(release.commit);
  const carried =
    version === FLOW_STORAGE_VERSION || OLDER_FLOW_VERSIONS[version]?.kind === "carry";
  const answer = await step(user, "0.5", carried ? "address" : "The bot was updated", 15_000);
  expect(answer.text).toContain(carried ? "BTC" : "/exchange");
  expect(user.transcript().filter((m) => m.text.includes("I did not get that"))).toEqual([]);
}

/** Leaves a chat at the amount step. */
async function midFlow(user: FakeUser): Promise<void> {
  await step(user, "/exchange", "send");
  await step(user, "btc", "receive");
  await step(user, "eth", "amount");
}

async function showsSwap(user: FakeUser, id: string): Promise<void> {
  expect((await step(user, `/status ${id}`, id, 15_000)).text).toContain(id);
  expect((await step(user, "/history", id, 15_000)).text).toContain(id);
}

/**
 * A confirm whose create answer the previous release loses (the exchange makes the swap and
 * answers 502) while the exchange's list fails, so that it cannot look the swap up before it
 * stops: its intent, stored without an exchange, is left for this release to reconcile.
 */
async function loseCreateAnswer(user: FakeUser, exchange: Sandbox): Promise<void> {
  await toSummary(user, "0.7");
  exchange.control.failNext("list", { status: 500, times: 100_000 });
  exchange.control.createThenHang(0, { status: 502 });
  await step(user, "confirm", "may have been created");
}

/** The chat is told its lost swap was found, with its deposit address. */
async function toldFound(user: FakeUser, exchange: Sandbox): Promise<void> {
  const found = await user.waitFor((m) => m.text.includes("Found it"), { timeoutMs: 30_000 });
  const [swap] = exchange.control.transactions().filter((t) => t.amount_in === 0.7);
  expect(found.text).toContain(swap!.deposit_address);
}

/** Which processes told the chat its lost swap was found. */
const foundBy = (telegram: FakeTelegram, user: FakeUser) =>
  telegram.calls
    .filter((c) => c.method === "sendMessage" && c.params.chat_id === user.chatId)
    .filter((c) => String(c.params.text).includes("Found it"))
    .map((c) => c.caller);

const noFailedQueries = (...bots: BotProcess[]) =>
  expect(bots.flatMap((b) => b.lines.filter((l) => /Failed query|"level":50/.test(l)))).toEqual([]);

describe("from the previous release to this one", () => {
  it("SQLite: stop the previous release, start this one on its file: the change made meanwhile is pushed once, the swap whose create answer it lost is found, /status and /history show the swap, the chat mid-flow goes on; and the previous release runs again on the migrated file (a rollback)", async () => {
    const release = previous();
    const { tg, sandbox } = await servers();
    const dir = mkdtempSync(join(tmpdir(), "swapbot-upgrade-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env = (caller: string) => ({
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRootFor(caller),
      EXCHANGE_API_URL: sandbox.url,
      EXCHANGE_API_KEY: sandbox.apiKey,
      DATABASE_PATH: join(dir, "bot.sqlite"),
      STATUS_POLL_INTERVAL_MS: "200",
      LOG_LEVEL: "info",
    });
    const polled = (caller: string) => () => tg.polls.some((c) => c.caller === caller);

    const old = start(release, env("old"));
    await until(polled("old"), 30_000, `the previous release (${release.tag}) polls`);
    const buyer = tg.user();
    const id = await createSwapViaChat(buyer);
    const halfway = tg.user();
    await midFlow(halfway);
    const lost = tg.user();
    await loseCreateAnswer(lost, sandbox);
    await stop(old);

    // The exchange moves on while nothing runs.
    sandbox.control.clearFaults();
    sandbox.control.setStatus(id, "confirmation");
    const fresh = start("this", env("new"));
    await until(() => pushedBy(tg, id, "confirming").length > 0, 30_000, "the change is pushed");
    expect(pushedBy(tg, id, "confirming")).toEqual(["new"]);
    // The intent stored without an exchange is named at start-up and reconciled there.
    expect(said(fresh, "intents named")).toBe(true);
    await toldFound(lost, sandbox);
    await showsSwap(buyer, id);
    await carriesOn(halfway, release);
    await stop(fresh);

    // Rolled back one release: the previous one runs on the migrated file.
    const back = start(release, env("back"));
    await until(polled("back"), 30_000, "the previous release polls again");
    sandbox.control.setStatus(id, "exchanging");
    await until(() => pushedBy(tg, id, "exchanging").length > 0, 30_000, "it pushes");
    await showsSwap(buyer, id);
    await tg.settle(500);
    expect(pushedBy(tg, id, "exchanging")).toEqual(["back"]);
    expect(pushedBy(tg, id, "confirming")).toEqual(["new"]);
    expect(foundBy(tg, lost)).toEqual(["new"]);
    noFailedQueries(old, fresh, back);
  }, 150_000);

  it("PostgreSQL, rolling: the previous release leads, this one joins and migrates; the previous one still creates a swap and pushes, and loses a create answer, then stops; this one takes over, pushes and finds the lost swap; nothing twice", async () => {
    const release = previous();
    const { tg, sandbox } = await servers();
    // Empty: the previous release migrates it to its own schema first.
    const database = await freshPostgresDatabase({ empty: true });
    cleanups.push(database.drop);
    const env = (caller: string) => ({
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRootFor(caller),
      EXCHANGE_API_URL: sandbox.url,
      EXCHANGE_API_KEY: sandbox.apiKey,
      DATABASE_URL: database.url,
      STATUS_POLL_INTERVAL_MS: "200",
      LOG_LEVEL: "info",
    });

    const old = start(release, env("old"));
    await until(() => said(old, "now the leader"), 30_000, `the previous release leads`);
    const fresh = start("this", env("new"));
    // It migrated at start-up, before it waits for the lock.
    await until(() => said(fresh, "standby until"), 30_000, "this release joins as a standby");

    // The previous release, on the migrated schema, still serves the chat and the tracker.
    const buyer = tg.user();
    const id = await createSwapViaChat(buyer);
    const halfway = tg.user();
    await midFlow(halfway);
    sandbox.control.setStatus(id, "confirmation");
    await until(() => pushedBy(tg, id, "confirming").length > 0, 30_000, "the old leader pushes");
    expect(pushedBy(tg, id, "confirming")).toEqual(["old"]);
    // Its intent, stored without an exchange after this release named those at its start-up.
    const lost = tg.user();
    await loseCreateAnswer(lost, sandbox);

    await stop(old);
    sandbox.control.clearFaults();
    await until(() => said(fresh, "now the leader"), 20_000, "this release takes over");
    sandbox.control.setStatus(id, "exchanging");
    await until(() => pushedBy(tg, id, "exchanging").length > 0, 30_000, "the new leader pushes");
    await carriesOn(halfway, release);
    await showsSwap(buyer, id);
    expect(said(fresh, "intents named")).toBe(false);
    await toldFound(lost, sandbox);
    await tg.settle(500);
    expect(foundBy(tg, lost)).toEqual(["new"]);
    expect(pushedBy(tg, id, "confirming")).toEqual(["old"]);
    expect(pushedBy(tg, id, "exchanging")).toEqual(["new"]);
    expect(tg.polls.filter((c) => c.response?.ok === false)).toEqual([]);
    noFailedQueries(old, fresh);
  }, 150_000);
});

/**
 * v0.8.0, two releases back (before the swaps' holds): the issue of several exchanges asks that an
 * operator still on it upgrades straight to this one, its open swaps followed and pushed.
 */
const V0_8_0: Release = { tag: "v0.8.0", commit: "0ff1cd2fadea7a135e7a2a4f7a7b121524275a23" };

describe("from v0.8.0, two releases back, to this one", () => {
  let older: InstalledRelease | undefined;
  beforeAll(async () => {
    older = await installPreviousRelease({ release: V0_8_0 });
  }, 300_000);
  const v080 = () => {
    if (!older) throw new Error("v0.8.0 is not installed (see the hook's error)");
    return older;
  };

  it("SQLite: a swap v0.8.0 opened is followed by this one after the upgrade: the change made meanwhile is pushed once, and /status and /history show it", async () => {
    const { tg, sandbox } = await servers();
    const dir = mkdtempSync(join(tmpdir(), "swapbot-upgrade-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env = (caller: string) => ({
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRootFor(caller),
      EXCHANGE_API_URL: sandbox.url,
      EXCHANGE_API_KEY: sandbox.apiKey,
      DATABASE_PATH: join(dir, "bot.sqlite"),
      STATUS_POLL_INTERVAL_MS: "200",
      LOG_LEVEL: "info",
    });
    const old = start(v080(), env("old"));
    await until(() => tg.polls.some((c) => c.caller === "old"), 30_000, "v0.8.0 polls");
    const buyer = tg.user();
    const id = await createSwapViaChat(buyer);
    await stop(old);

    sandbox.control.setStatus(id, "confirmation");
    const fresh = start("this", env("new"));
    await until(() => pushedBy(tg, id, "confirming").length > 0, 30_000, "the change is pushed");
    await showsSwap(buyer, id);
    await tg.settle(500);
    expect(pushedBy(tg, id, "confirming")).toEqual(["new"]);
    noFailedQueries(old, fresh);
  }, 150_000);

  it("PostgreSQL, rolling: v0.8.0 leads, this one joins and migrates; v0.8.0 still opens a swap and pushes, then stops; this one takes over and pushes; nothing twice", async () => {
    const { tg, sandbox } = await servers();
    const database = await freshPostgresDatabase({ empty: true });
    cleanups.push(database.drop);
    const env = (caller: string) => ({
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRootFor(caller),
      EXCHANGE_API_URL: sandbox.url,
      EXCHANGE_API_KEY: sandbox.apiKey,
      DATABASE_URL: database.url,
      STATUS_POLL_INTERVAL_MS: "200",
      LOG_LEVEL: "info",
    });
    const old = start(v080(), env("old"));
    await until(() => said(old, "now the leader"), 30_000, "v0.8.0 leads");
    const fresh = start("this", env("new"));
    await until(() => said(fresh, "standby until"), 30_000, "this release joins as a standby");

    const buyer = tg.user();
    const id = await createSwapViaChat(buyer);
    sandbox.control.setStatus(id, "confirmation");
    await until(() => pushedBy(tg, id, "confirming").length > 0, 30_000, "v0.8.0 pushes");

    await stop(old);
    await until(() => said(fresh, "now the leader"), 20_000, "this release takes over");
    sandbox.control.setStatus(id, "exchanging");
    await until(() => pushedBy(tg, id, "exchanging").length > 0, 30_000, "the new leader pushes");
    await showsSwap(buyer, id);
    await tg.settle(500);
    expect(pushedBy(tg, id, "confirming")).toEqual(["old"]);
    expect(pushedBy(tg, id, "exchanging")).toEqual(["new"]);
    noFailedQueries(old, fresh);
  }, 150_000);
});
