import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Api } from "grammy";
import pino from "pino";
import { createI18n } from "../../src/bot/i18n.ts";
import { Notifier } from "../../src/bot/notifier.ts";
import { openDatabase } from "../../src/db/client.ts";
import { createRepositories } from "../../src/db/repositories.ts";
import { chatsStore, createStores } from "../../src/db/stores.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { startFakeTelegram } from "../../src/fake-telegram/fake-telegram.ts";
import { startSandbox } from "../../src/sandbox/index.ts";
import { createChatSettings } from "../../src/swaps/chat-settings.ts";
import { type CycleStats, StatusTracker } from "../../src/tracker/status-tracker.ts";
import { seedOpenSwaps } from "../support/seed-swaps.ts";
import { percentile } from "./stats.ts";

const INTERVAL_MS = 15_000;
const READS_PER_MIN = 120;

interface Scenario {
  open: number;
  /** How long status changes are injected (and pushes measured). */
  seconds: number;
  changesPerSecond: number;
}

const SCENARIOS: Scenario[] = [
  { open: 100, seconds: 45, changesPerSecond: 0.5 },
  { open: 1_000, seconds: 60, changesPerSecond: 0.5 },
  { open: 10_000, seconds: 180, changesPerSecond: 0.25 },
];

/** Each change moves a swap one step on; a third of the steps complete a swap (a detail read). */
const NEXT: Record<string, [string, string]> = {
  wait: ["confirmation", "confirming"],
  confirmation: ["exchanging", "exchanging"],
  exchanging: ["success", "complete"],
};

/**
 * The status tracker with N open swaps in the sandbox, under the real read budget (120/min) and
 * the default 15 s interval: reads per cycle, cycle duration, and the time from a status change in
 * the sandbox to its push reaching (fake) Telegram; beside it, what polling each swap would cost.
 */
export async function run(): Promise<void> {
  const only = process.env.BENCH_TRACKER_N ? Number(process.env.BENCH_TRACKER_N) : undefined;
  for (const scenario of SCENARIOS) {
    if (only === undefined || only === scenario.open) await runScenario(scenario);
  }
}

async function runScenario({ open, seconds, changesPerSecond }: Scenario): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-"));
  const sandbox = await startSandbox({ schedule: false });
  const tg = await startFakeTelegram();
  const database = openDatabase(join(dir, "bot.sqlite"));
  const repos = createRepositories(database.db);
  const stores = createStores(repos, createChatSettings(chatsStore(repos)));
  const logger = pino({ level: "silent" });
  const exchange = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    limits: { publicPerMin: 60, createPerMin: 30, readPerMin: READS_PER_MIN },
    timeoutMs: 10_000,
  });

  // The same swaps on both sides: seeded upstream, owned by 1,000 chats here.
  const chatOf = seedOpenSwaps(sandbox.control, database.db, repos, {
    count: open,
    chats: 1_000,
    firstChat: 10_000,
  });
  const ids = [...chatOf.keys()];

  const i18n = createI18n(() => undefined);
  const api = new Api(tg.token, { apiRoot: tg.apiRoot });
  const outbox = new Notifier({
    api,
    i18n,
    store: stores.outboxStore,
    logger,
    intervalMs: 200,
  });
  const cycles: CycleStats[] = [];
  const tracker = new StatusTracker({
    exchange,
    store: stores.trackerStore,
    logger,
    intervalMs: INTERVAL_MS,
    onChange: () => outbox.wake(),
    onCycle: (stats) => cycles.push(stats),
  });
  outbox.start();
  tracker.start();

  // Keyed by "id: word", the way the push names the new state.
  const changedAt = new Map<string, number>();
  const state = new Map(ids.map((id) => [id, "wait"]));
  // A few swaps move through several steps, as real ones do.
  const active = ids.slice(0, Math.max(10, Math.round(changesPerSecond * seconds * 0.6)));
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    const movable = active.filter((id) => NEXT[state.get(id)!]);
    const id = movable[Math.floor(Math.random() * movable.length)];
    if (!id) break;
    const [status, word] = NEXT[state.get(id)!]!;
    sandbox.control.setStatus(id, status);
    state.set(id, status);
    changedAt.set(`${id}: ${word}`, Date.now());
    await new Promise((r) => setTimeout(r, 1000 / changesPerSecond));
  }
  // Let the last changes come through (one full cycle at most).
  const settleUntil =
    Date.now() + Math.max(INTERVAL_MS, (open / 100 / (READS_PER_MIN / 60)) * 1000) + 20_000;
  const pushedAt = new Map<string, number>();
  while (Date.now() < settleUntil) {
    for (const call of tg.calls) {
      if (call.method !== "sendMessage") continue;
      const text = String(call.params.text ?? "");
      const key = /Swap (\w+: (?:confirming|exchanging|complete))/.exec(text)?.[1];
      if (key && !pushedAt.has(key)) pushedAt.set(key, call.at);
    }
    if (pushedAt.size >= changedAt.size) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await tracker.stop();
  await outbox.stop();

  const latencies = [...changedAt].flatMap(([key, at]) => {
    const pushed = pushedAt.get(key);
    return pushed ? [(pushed - at) / 1000] : [];
  });
  const steady = cycles.slice(1).filter((c) => c.open > 0);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const maxExtra = Math.max(0, ...cycles.map((c) => c.reads - c.pages - c.changes));
  const pages = mean(steady.map((c) => c.pages));
  const reads = mean(steady.map((c) => c.reads));
  const duration = mean(steady.map((c) => c.durationMs)) / 1000;
  console.log(
    `N=${open} open · list page size ${cycles.at(-1)?.pageCap ?? "?"} (asked, or the cap learned) · ${changedAt.size} changes over ${seconds} s`,
  );
  console.log(
    `  tracker:  ${reads.toFixed(1)} reads/cycle (pages ${pages.toFixed(1)} + changes; max reads − pages − changes in any cycle: ${maxExtra}) · cycle ${duration.toFixed(1)} s · push latency p50 ${percentile(latencies, 50).toFixed(1)} s, p95 ${percentile(latencies, 95).toFixed(1)} s · pushed ${latencies.length}/${changedAt.size} · 429s served ${sandbox.control.stats.served429}`,
  );
  const missing = [...changedAt.keys()].filter((key) => !pushedAt.has(key));
  if (missing.length > 0) {
    console.log(
      `  not pushed within ${((settleUntil - started) / 1000).toFixed(0)} s: ${missing
        .slice(0, 5)
        .map(
          (key) =>
            `${key} (changed at +${((changedAt.get(key)! - started) / 1000).toFixed(0)} s, stored ${repos.transactions.getForChat(chatOf.get(key.split(":")[0]!) ?? 0, key.split(":")[0]!)?.status})`,
        )
        .join(", ")}`,
    );
  }
  // Per-transaction polling, computed on the same data: one read per open swap per cycle.
  const baselineCycle = Math.max(INTERVAL_MS / 1000, open / (READS_PER_MIN / 60));
  console.log(
    `  baseline: ${open} reads/cycle · cycle ${baselineCycle.toFixed(1)} s · push latency p50 ≈ ${(baselineCycle / 2).toFixed(1)} s, p95 ≈ ${(baselineCycle * 0.95).toFixed(1)} s (computed: a change waits for its swap's turn)`,
  );

  database.close();
  await tg.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
