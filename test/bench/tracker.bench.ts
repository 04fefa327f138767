import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Api } from "grammy";
import pino from "pino";
import { createI18n } from "../../src/bot/i18n.ts";
import { Notifier } from "../../src/bot/outbox/notifier.ts";
import { openSqliteDatabase } from "../../src/db/client.ts";
import { createPorts, createRepositories } from "../../src/db/repositories.ts";
import type { Seam } from "../../src/db/seam.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { EXCHANGE_DIALECTS, type ExchangeDialect } from "../../src/exchange/dialect.ts";
import { dialectNamed } from "../../src/exchange/dialects/index.ts";
import { createChatSettings } from "../../src/frontends/chat-settings.ts";
import { type SandboxControl, startSandbox } from "../../src/sandbox/index.ts";
import { SANDBOX_EXCHANGE } from "../../src/swaps/swap.ts";
import type { PassStats } from "../../src/tracker/pass-parts.ts";
import { StatusTracker } from "../../src/tracker/status-tracker.ts";
import { startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { seedOpenSwaps } from "../support/seed-swaps.ts";
import { FullScanTracker, type TrackerMode } from "./support/full-scan-tracker.ts";
import { type DayFigures, latencyLine, perSwapBaseline, replayDay } from "./tracker-day.ts";

const INTERVAL_MS = 15_000;
const READS_PER_MIN = 120;
const HOUR = 3_600_000;
const LONG_WAIT_MS = HOUR;

/** The swaps a scenario changes: moving ones step on, long-waiting ones get their deposit. */
interface Seeded {
  chatOf: Map<string, number>;
  moving: string[];
  longWaiting: string[];
  /** Moving swaps every list leaves out (their detail answers): read by id. */
  unlisted?: string[];
  /** Swaps the exchange forgot (404, absent from the list): never change. */
  forgotten?: string[];
}

interface Scenario {
  /** What BENCH_TRACKER_N selects. */
  key: string;
  label: string;
  open: number;
  seed(control: SandboxControl, db: Seam): Promise<Seeded>;
  /** Measured with nothing changing, after the first cycle (0: not measured). */
  idleSeconds: number;
  /** How long status changes are injected (and pushes measured). */
  changeSeconds: number;
  changesPerSecond: number;
  /** Also run the full-scan tracker (today's before windows) on the same scenario. */
  baseline: boolean;
}

/**
 * N open swaps created evenly over six hours, the list holding nothing else (the scenarios measured
 * before windows). Changes go to swaps of the last hour, where deposits come, and to three that
 * have waited for hours, measured apart.
 */
function uniform(open: number): Scenario["seed"] {
  return async (control, db) => {
    const chatOf = await seedOpenSwaps(control, db, {
      count: open,
      chats: 1_000,
      firstChat: 10_000,
    });
    const ids = [...chatOf.keys()];
    // Fresh: well inside the hour, so none turns long-waiting while the scenario runs.
    const fresh = ids.filter(
      (id) => Date.now() - control.transaction(id)!.createdMs < LONG_WAIT_MS - 15 * 60_000,
    );
    const spread = (from: string[], n: number) =>
      Array.from(
        { length: Math.min(n, from.length) },
        (_, i) => from[Math.floor((i * from.length) / n)]!,
      );
    return {
      chatOf,
      moving: spread(fresh, 60),
      longWaiting: spread(ids.slice(0, ids.length / 2), 3),
    };
  };
}

/**
 * A key shared with a website: 19,990 transactions over the last 24 hours (the website's and the
 * bot's finished swaps), and the bot's 10 open swaps: 6 created in the last five minutes, 4 waiting
 * for their deposit for 2 to 6 hours.
 */
const sharedKey: Scenario["seed"] = async (control, db) => {
  control.seed(19_990, { status: "success", spreadOverMs: 24 * HOUR, createdAt: Date.now() });
  const chatOf = new Map<string, number>();
  const add = async (createdAt: number, spreadOverMs: number, count: number) => {
    for (const [id, chat] of await seedOpenSwaps(control, db, {
      count,
      chats: count,
      firstChat: 20_000 + chatOf.size,
      spreadOverMs,
      createdAt,
    })) {
      chatOf.set(id, chat);
    }
  };
  await add(Date.now() - 2 * HOUR, 0, 1);
  await add(Date.now() - 3 * HOUR, 0, 1);
  await add(Date.now() - 5 * HOUR, 0, 1);
  await add(Date.now() - 6 * HOUR, 0, 1);
  await add(Date.now(), 5 * 60_000, 6);
  const ids = [...chatOf.keys()];
  return { chatOf, moving: ids.slice(4), longWaiting: ids.slice(0, 2) };
};

/**
 * N open swaps as `uniform`, of which `forgotten` the exchange no longer knows (404, spread over
 * the six hours) and `unlisted` fresh moving ones every list leaves out (their detail answers).
 */
function vanished(open: number, forgotten: number, unlisted: number): Scenario["seed"] {
  return async (control, db) => {
    const seeded = await uniform(open)(control, db);
    const still = [...seeded.chatOf.keys()].filter(
      (id) => !seeded.moving.includes(id) && !seeded.longWaiting.includes(id),
    );
    const lost = Array.from(
      { length: forgotten },
      (_, i) => still[Math.floor(((i + 0.5) * still.length) / forgotten)]!,
    );
    const left = seeded.moving.slice(0, unlisted);
    for (const id of lost) control.forget(id);
    for (const id of left) control.leaveOutOfList(id);
    return { ...seeded, moving: seeded.moving.slice(unlisted), unlisted: left, forgotten: lost };
  };
}

const SCENARIOS: Scenario[] = [
  {
    key: "100",
    label: "N=100 open (uniform over 6 h)",
    open: 100,
    seed: uniform(100),
    idleSeconds: 0,
    changeSeconds: 45,
    changesPerSecond: 0.5,
    baseline: false,
  },
  {
    key: "1000",
    label: "N=1,000 open (uniform over 6 h)",
    open: 1_000,
    seed: uniform(1_000),
    idleSeconds: 0,
    changeSeconds: 60,
    changesPerSecond: 0.5,
    baseline: false,
  },
  {
    key: "10000",
    label: "N=10,000 open (uniform over 6 h)",
    open: 10_000,
    seed: uniform(10_000),
    idleSeconds: 100,
    changeSeconds: 150,
    changesPerSecond: 0.25,
    baseline: true,
  },
  {
    key: "vanished",
    label:
      "N=1,000 open (uniform over 6 h), 10 the exchange forgot (404), 5 moving ones left out of the list",
    open: 1_000,
    seed: vanished(1_000, 10, 5),
    idleSeconds: 0,
    changeSeconds: 180,
    changesPerSecond: 0.5,
    baseline: false,
  },
  {
    key: "10",
    label: "10 open among 20,000 transactions on the key",
    open: 10,
    seed: sharedKey,
    idleSeconds: 120,
    changeSeconds: 60,
    changesPerSecond: 0.25,
    baseline: true,
  },
];

/** Each change moves a swap one step on; a third of the steps complete a swap (a detail read). */
const NEXT: Record<string, [string, string]> = {
  wait: ["confirmation", "confirming"],
  confirmation: ["exchanging", "exchanging"],
  exchanging: ["success", "complete"],
};

/**
 * The status tracker under the real read budget (120/min) and the default 15 s interval, over
 * real HTTP to the sandbox and to a fake Telegram: reads in the first cycle (which reads every open
 * swap), idle reads per minute, and the time from a status change in the sandbox to its push
 * reaching Telegram, for moving swaps and for long-waiting ones apart; beside it, the full-scan
 * tracker and what polling each swap would cost. Then the realistic day (tracker-day.ts).
 *
 * Then N swaps change at once (N = 10, 100, 1,000) at a 1 s poll: when each push reaches
 * Telegram, and the reads made until the last one.
 *
 * `BENCH_TRACKER_N=100|1000|10000|10|day|burst` runs one of them (BENCH_TRACKER_BURST=10,100
 * picks the burst sizes). `BENCH_TRACKER_DIALECTS=spec,exolix,changenow,letsexchange` runs the
 * scenarios over each of those exchange dialects in turn (default: the spec's), the adapter and the
 * sandbox both.
 */
export async function run(): Promise<void> {
  const only = process.env.BENCH_TRACKER_N;
  console.log(
    `(machine: ${cpus().length} cores shared with other work, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}: real-time figures include its noise; the day replay runs on a virtual clock)`,
  );
  const dialects = benchDialects();
  for (const scenario of SCENARIOS) {
    if (only !== undefined && only !== scenario.key) continue;
    for (const dialect of dialects) {
      console.log(
        `\n${scenario.label}${dialects.length > 1 || dialect !== "spec" ? `, over ${dialect}` : ""}`,
      );
      await runScenario(scenario, "windows", dialect);
      if (scenario.baseline) await runScenario(scenario, "full-scan", dialect);
    }
    perSwapLine(scenario.open);
  }
  if (only === undefined || only === "burst") {
    const sizes = (process.env.BENCH_TRACKER_BURST ?? "10,100,1000").split(",").map(Number);
    console.log(
      "\nN swaps change at once (confirming), 1 s poll, 120 reads/min, Telegram paced at 25 messages/s:",
    );
    for (const n of sizes) await runBurst(n);
  }
  if (only === undefined || only === "day") await runDay();
}

/** How long a burst's pushes are waited for. */
const BURST_WAIT_MS = 150_000;

/**
 * N open swaps of the last half hour, one chat each, all moved to confirming at the same moment:
 * each push's delay from that moment to Telegram, and the list and detail reads made until the
 * last push went out (or BURST_WAIT_MS passed).
 */
async function runBurst(n: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-"));
  const sandbox = await startSandbox({ schedule: false });
  const tg = await startFakeTelegram();
  const database = openSqliteDatabase(join(dir, "bot.sqlite"));
  const repos = createRepositories(database.seam);
  const stores = createPorts(repos, createChatSettings(repos.chats));
  const logger = pino({ level: "silent" });
  const exchange = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    limits: { publicPerMin: 60, createPerMin: 30, readPerMin: READS_PER_MIN },
    timeoutMs: 10_000,
  });
  const chatOf = await seedOpenSwaps(sandbox.control, database.seam, {
    count: n,
    chats: n,
    firstChat: 50_000,
    spreadOverMs: 30 * 60_000,
  });
  const outbox = new Notifier({
    api: new Api(tg.token, { apiRoot: tg.apiRoot }),
    i18n: createI18n(() => undefined),
    store: stores.outboxStore,
    logger,
    intervalMs: 200,
  });
  let firstCycle: (() => void) | undefined;
  const firstDone = new Promise<void>((resolve) => {
    firstCycle = resolve;
  });
  const tracker = new StatusTracker({
    exchangeId: SANDBOX_EXCHANGE,
    exchange,
    store: stores.trackerStore,
    logger,
    intervalMs: 1_000,
    onChange: () => outbox.wake(),
    onPass: () => firstCycle?.(),
  });
  outbox.start();
  tracker.start();
  await firstDone;
  const lists = () => sandbox.control.stats.byEndpoint.list ?? 0;
  const details = () => sandbox.control.stats.byEndpoint.get ?? 0;
  const [listsBefore, detailsBefore] = [lists(), details()];
  const changedAt = Date.now();
  for (const id of chatOf.keys()) sandbox.control.setStatus(id, "confirmation");
  const pushedAt = new Map<string, number>();
  let seen = 0;
  while (pushedAt.size < n && Date.now() - changedAt < BURST_WAIT_MS) {
    for (; seen < tg.calls.length; seen++) {
      const call = tg.calls[seen]!;
      if (call.method !== "sendMessage") continue;
      const id = /Swap (\w+): confirming/.exec(String(call.params.text ?? ""))?.[1];
      if (id && !pushedAt.has(id)) pushedAt.set(id, call.at);
    }
    await sleep(100);
  }
  const [listReads, detailReads] = [lists() - listsBefore, details() - detailsBefore];
  await tracker.stop();
  await outbox.stop();
  const latencies = [...chatOf.keys()].map((id) => {
    const at = pushedAt.get(id);
    return at === undefined ? Number.POSITIVE_INFINITY : (at - changedAt) / 1000;
  });
  console.log(
    `  N=${n}: push ${latencyLine(latencies)} · until the last push (or ${BURST_WAIT_MS / 1000} s): ${listReads} list reads, ${detailReads} detail reads · load ${loadavg()[0]!.toFixed(1)}`,
  );
  database.close();
  await tg.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

/** BENCH_TRACKER_DIALECTS: the exchange dialects the scenarios run over, comma-separated. */
function benchDialects(): ExchangeDialect[] {
  const names = (process.env.BENCH_TRACKER_DIALECTS ?? "spec").split(",").map((d) => d.trim());
  return names.map((name) => {
    const found = EXCHANGE_DIALECTS.find((d) => d === name);
    if (!found)
      throw new Error(`BENCH_TRACKER_DIALECTS: ${name} is none of ${EXCHANGE_DIALECTS.join(", ")}`);
    return found;
  });
}

async function runScenario(
  scenario: Scenario,
  mode: TrackerMode,
  dialect: ExchangeDialect = "spec",
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-"));
  const sandbox = await startSandbox({ schedule: false, dialect });
  const tg = await startFakeTelegram();
  const database = openSqliteDatabase(join(dir, "bot.sqlite"));
  const repos = createRepositories(database.seam);
  const stores = createPorts(repos, createChatSettings(repos.chats));
  const logger = pino({ level: "silent" });
  const exchange = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    dialect: dialectNamed(dialect),
    limits: { publicPerMin: 60, createPerMin: 30, readPerMin: READS_PER_MIN },
    timeoutMs: 10_000,
  });
  const {
    chatOf,
    moving,
    longWaiting,
    unlisted = [],
    forgotten = [],
  } = await scenario.seed(sandbox.control, database.seam);
  const notFoundReads = () => sandbox.control.stats.responses.get?.[404] ?? 0;
  const notFoundPerMinute: number[] = [];
  let notFoundMark = notFoundReads();
  const minutes = setInterval(() => {
    notFoundPerMinute.push(notFoundReads() - notFoundMark);
    notFoundMark = notFoundReads();
  }, 60_000);

  const api = new Api(tg.token, { apiRoot: tg.apiRoot });
  const outbox = new Notifier({
    api,
    i18n: createI18n(() => undefined),
    store: stores.outboxStore,
    logger,
    intervalMs: 200,
  });
  const cycles: PassStats[] = [];
  let firstCycle: (() => void) | undefined;
  const firstDone = new Promise<void>((resolve) => {
    firstCycle = resolve;
  });
  const trackerOptions = {
    exchangeId: SANDBOX_EXCHANGE,
    exchange,
    store: stores.trackerStore,
    logger,
    intervalMs: INTERVAL_MS,
    onChange: () => outbox.wake(),
    onPass: (stats: PassStats) => {
      cycles.push(stats);
      firstCycle?.();
    },
  };
  const tracker =
    mode === "full-scan" ? new FullScanTracker(trackerOptions) : new StatusTracker(trackerOptions);
  outbox.start();
  tracker.start();
  await firstDone;
  const reads = () =>
    (sandbox.control.stats.byEndpoint.list ?? 0) + (sandbox.control.stats.byEndpoint.get ?? 0);

  let idlePerMin: number | undefined;
  if (scenario.idleSeconds > 0) {
    const before = reads();
    await sleep(scenario.idleSeconds * 1000);
    idlePerMin = ((reads() - before) * 60) / scenario.idleSeconds;
  }

  // Keyed by "id: word", the way the push names the new state.
  const changedAt = new Map<
    string,
    { at: number; longWaiting: boolean; kind: "moving" | "long-waiting" | "unlisted" }
  >();
  const state = new Map([...chatOf.keys()].map((id) => [id, "wait"]));
  const started = Date.now();
  const readsBefore = reads();
  const queue = [...longWaiting];
  while (Date.now() - started < scenario.changeSeconds * 1000) {
    // Every fifth change a long-waiting swap gets its deposit; the others step on.
    const steps = moving.filter((id) => NEXT[state.get(id)!]);
    // Every fourth change (when some are left) steps on a swap the list leaves out.
    const hidden = unlisted.filter((id) => NEXT[state.get(id)!]);
    const id =
      queue.length > 0 && changedAt.size % 5 === 4
        ? queue.shift()
        : hidden.length > 0 && changedAt.size % 4 === 1
          ? hidden[Math.floor(Math.random() * hidden.length)]
          : steps[Math.floor(Math.random() * steps.length)];
    if (!id) break;
    const [status, word] = NEXT[state.get(id)!]!;
    sandbox.control.setStatus(id, status);
    const isLong = longWaiting.includes(id) && status === "confirmation";
    changedAt.set(`${id}: ${word}`, {
      at: Date.now(),
      longWaiting: isLong,
      kind: unlisted.includes(id) ? "unlisted" : isLong ? "long-waiting" : "moving",
    });
    state.set(id, status);
    await sleep(1000 / scenario.changesPerSecond);
  }
  const changeReadsPerMin = ((reads() - readsBefore) * 60_000) / (Date.now() - started);
  // Long-waiting changes may take up to two minutes; a full pass of 10,000 about one.
  const settleUntil = Date.now() + 150_000;
  const pushedAt = new Map<string, number>();
  while (Date.now() < settleUntil) {
    for (const call of tg.calls) {
      if (call.method !== "sendMessage") continue;
      const key = /Swap (\w+: (?:confirming|exchanging|complete))/.exec(
        String(call.params.text ?? ""),
      )?.[1];
      if (key && !pushedAt.has(key)) pushedAt.set(key, call.at);
    }
    if ([...changedAt.keys()].every((key) => pushedAt.has(key))) break;
    await sleep(500);
  }
  await tracker.stop();
  await outbox.stop();
  clearInterval(minutes);

  const latencies = (long: boolean) =>
    [...changedAt]
      .filter(([, change]) => change.longWaiting === long && change.kind !== "unlisted")
      .map(([key, change]) => {
        const pushed = pushedAt.get(key);
        return pushed === undefined ? Number.POSITIVE_INFINITY : (pushed - change.at) / 1000;
      });
  const first = cycles[0]!;
  const bound =
    Math.ceil(first.open / first.pageCap) + first.changes + first.windows + first.fallbackReads;
  const steady = cycles.slice(1).filter((c) => c.open > 0);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const firstLine =
    mode === "windows"
      ? `first cycle (every swap due) ${first.reads} reads in ${(first.durationMs / 1000).toFixed(1)} s, bound ⌈${first.open} open ÷ ${first.pageCap}⌉ + ${first.changes} changes + ${first.windows} windows${first.fallbackReads ? ` + ${first.fallbackReads} reads by id` : ""} = ${bound}`
      : `first cycle ${first.reads} reads in ${(first.durationMs / 1000).toFixed(1)} s`;
  console.log(
    `  ${mode === "windows" ? "windows:  " : "full scan:"} ${firstLine} · then ${mean(steady.map((c) => c.reads)).toFixed(1)} reads/cycle (${mean(steady.map((c) => c.pages)).toFixed(1)} list pages, ${mean(steady.map((c) => c.detailReads)).toFixed(1)} receipts, ${mean(steady.map((c) => c.fallbackReads)).toFixed(1)} by id) · ${idlePerMin === undefined ? "" : `idle ${idlePerMin.toFixed(1)} reads/min · `}${changeReadsPerMin.toFixed(1)} reads/min while changing · 429s ${sandbox.control.stats.served429} · page size ${first.pageCap} (asked, or the cap learned)`,
  );
  console.log(`             push, moving swaps: ${latencyLine(latencies(false))}`);
  if (longWaiting.length > 0) {
    console.log(`             push, long-waiting: ${latencyLine(latencies(true))}`);
  }
  if (unlisted.length > 0) {
    const hidden = [...changedAt]
      .filter(([, change]) => change.kind === "unlisted")
      .map(([key, change]) => {
        const pushed = pushedAt.get(key);
        return pushed === undefined ? Number.POSITIVE_INFINITY : (pushed - change.at) / 1000;
      });
    console.log(
      `             push, left out of the list: ${latencyLine(hidden)} (bound 3 polls + 2 s = ${(3 * INTERVAL_MS) / 1000 + 2} s)`,
    );
  }
  if (forgotten.length > 0) {
    const runMin = (Date.now() - started) / 60_000;
    console.log(
      `             reads answered 404 (${forgotten.length} forgotten swaps): per minute ${notFoundPerMinute.join(", ")} (first minute from the tracker's start); ${notFoundReads()} in all over ${runMin.toFixed(1)} min; once at the 1 h backoff cap, ${forgotten.length} × 1/60 = ${(forgotten.length / 60).toFixed(2)} a minute`,
    );
  }
  database.close();
  await tg.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

/** Per-transaction polling, computed: one read per open swap per cycle, at 120 reads a minute. */
function perSwapLine(open: number): void {
  const pass = Math.max(INTERVAL_MS / 1000, open / (READS_PER_MIN / 60));
  console.log(
    `  one read per open swap (computed): ${Math.min(open * (60_000 / INTERVAL_MS), READS_PER_MIN)} reads/min (${open * (60_000 / INTERVAL_MS)} wanted) · a pass takes ${pass.toFixed(1)} s · push p50 ≈ ${(pass / 2).toFixed(1)} s, p95 ≈ ${(pass * 0.95).toFixed(1)} s`,
  );
}

async function runDay(): Promise<void> {
  const seed = Number(process.env.BENCH_TRACKER_DAY_SEED ?? 1);
  const pageCap = Number(process.env.BENCH_TRACKER_DAY_CAP ?? 500);
  const { shape, figures: perSwap } = perSwapBaseline(seed);
  console.log(
    `\nrealistic day: ${shape.swaps} swaps (${shape.deposited} deposited, ${shape.expired} expired), ${shape.others} by another client on the key, ${shape.statusReads} /status reads; open swaps mean ${shape.openMean.toFixed(0)}, max ${shape.openMax}; list page cap ${pageCap}; 15 s interval, 120 reads/min`,
  );
  const results: DayFigures[] = [];
  for (const mode of ["windows", "full-scan"] as const)
    results.push(await replayDay(mode, { seed, pageCap }));
  results.push(perSwap);
  for (const r of results) {
    const label =
      r.mode === "windows" ? "windows:  " : r.mode === "full-scan" ? "full scan:" : "per swap: ";
    const wall = r.wallMs
      ? ` · replayed in ${(r.wallMs / 60_000).toFixed(1)} min of wall time (${((27 * HOUR) / r.wallMs).toFixed(0)}× compression)`
      : " (computed)";
    console.log(
      `  ${label} reads/min mean ${r.readsPerMin.mean.toFixed(1)}, max ${r.readsPerMin.max.toFixed(0)}${r.mode === "per-swap" ? " wanted (budget 120)" : ` (tracker alone ${r.trackerReadsPerMin.mean.toFixed(1)} / ${r.trackerReadsPerMin.max.toFixed(0)})`}; 04:00 ${r.readsPerMinAt.night.toFixed(1)}, 16:00 ${r.readsPerMinAt.peak.toFixed(1)} · 429s ${r.served429}${wall}`,
    );
    console.log(`             push, moving swaps: ${latencyLine(r.moving)}`);
    console.log(`             push, long-waiting: ${latencyLine(r.longWaiting)}`);
    if (r.mode !== "per-swap") {
      console.log(
        `             /status wait: ${latencyLine(r.statusWaits)}, stale answers ${r.statusRefused}`,
      );
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
