import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { openSqliteDatabase } from "../../src/db/client.ts";
import { createPorts, createRepositories } from "../../src/db/repositories.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { createChatSettings } from "../../src/frontends/chat-settings.ts";
import { SPEC_LIMITS, startSandbox } from "../../src/sandbox/index.ts";
import { SANDBOX_EXCHANGE } from "../../src/swaps/swap.ts";
import { SwapReader } from "../../src/swaps/swap-reader.ts";
import { StatusTracker } from "../../src/tracker/status-tracker.ts";
import { oneExchange } from "../support/one-exchange.ts";
import { seedOpenSwaps } from "../support/seed-swaps.ts";
import { percentile, seededRandom } from "./stats.ts";
import { FullScanTracker, type TrackerMode } from "./support/full-scan-tracker.ts";
import { VirtualTime } from "./support/virtual-time.ts";

/**
 * A realistic day against the sandbox, on a virtual clock (see support/virtual-time.ts): swaps
 * arrive as a Poisson process whose rate follows the day (2 a minute at 04:00, 30 at 16:00);
 * 70 % get their deposit 2–30 minutes after creation, confirm for 5–40 minutes and exchange for
 * 1–10; 30 % never get one and expire after EXPIRY_MS (the spec does not say when: three hours
 * here). Another client on the same key creates twice the bot's volume, and users ask /status
 * at a third of the arrival rate. The tracker runs as in production (15 s interval, 120 reads a
 * minute, hot swaps every cycle); what it queues in the outbox is what would be pushed.
 */

const MIN = 60_000;
/** Real timers, taken before the virtual clock replaces the globals. */
const setRealInterval = globalThis.setInterval;
const clearRealInterval = globalThis.clearInterval;
const HOUR = 60 * MIN;
export const INTERVAL_MS = 15_000;
const EXPIRY_MS = 3 * HOUR;
/** Simulated before the measured day starts, so that it starts with the night's open swaps. */
const WARM_UP_MS = EXPIRY_MS;
const DAY_MS = 24 * HOUR;
const LONG_WAIT_MS = HOUR;
const T0 = Date.UTC(2025, 5, 2, 0, 0, 0);

/** The bot's swaps per minute at a time of day: 2 at 04:00, 30 at 16:00, a smooth day between. */
function botRatePerMin(at: number): number {
  const hours = (at - T0) / HOUR;
  return 2 + 28 * ((1 - Math.cos((2 * Math.PI * (hours - 4)) / 24)) / 2);
}

/** Arrival times of a Poisson process with rate `perMin(t)` ≤ `maxPerMin` (by thinning). */
function arrivals(
  random: () => number,
  perMin: (at: number) => number,
  maxPerMin: number,
  from: number,
  to: number,
): number[] {
  const times: number[] = [];
  for (let at = from; ; ) {
    at += (-Math.log(1 - random()) / maxPerMin) * MIN;
    if (at >= to) return times;
    if (random() < perMin(at) / maxPerMin) times.push(at);
  }
}

interface PlannedSwap {
  createdAt: number;
  steps: Array<{ status: string; at: number }>;
}

interface Day {
  swaps: PlannedSwap[];
  others: number[];
  statusReads: number[];
}

/** The day's events, the same for every tracker replaying it. */
function planDay(seed: number): Day {
  const random = seededRandom(seed);
  const between = (lo: number, hi: number) => (lo + random() * (hi - lo)) * MIN;
  const from = T0 - WARM_UP_MS;
  const to = T0 + DAY_MS;
  const swaps = arrivals(random, botRatePerMin, 30, from, to).map((createdAt) => {
    if (random() >= 0.7)
      return { createdAt, steps: [{ status: "overdue", at: createdAt + EXPIRY_MS }] };
    const confirming = createdAt + between(2, 30);
    const exchanging = confirming + between(5, 40);
    const success = exchanging + between(1, 10);
    return {
      createdAt,
      steps: [
        { status: "confirmation", at: confirming },
        { status: "exchanging", at: exchanging },
        { status: "success", at: success },
      ],
    };
  });
  const others = arrivals(random, (at) => 2 * botRatePerMin(at), 60, from, to);
  const statusReads = arrivals(random, (at) => botRatePerMin(at) / 3, 10, from, to);
  return { swaps, others, statusReads };
}

export interface DayFigures {
  mode: TrackerMode | "per-swap";
  readsPerMin: { mean: number; max: number };
  /** Mean reads a minute in the night's quietest hour (04:00) and the afternoon's peak (16:00). */
  readsPerMinAt: { night: number; peak: number };
  trackerReadsPerMin: { mean: number; max: number };
  moving: number[];
  longWaiting: number[];
  statusWaits: number[];
  statusRefused: number;
  served429: number;
  wallMs: number;
}

export interface DayShape {
  swaps: number;
  deposited: number;
  expired: number;
  others: number;
  statusReads: number;
  openMean: number;
  openMax: number;
}

/** Plays the day with one tracker mode; all times measured on the virtual clock. */
export async function replayDay(
  mode: TrackerMode,
  options: { seed: number; pageCap: number; onProgress?: (clock: VirtualTime) => void },
): Promise<DayFigures> {
  const day = planDay(options.seed);
  const wallStart = performance.now();
  const clock = new VirtualTime(T0 - WARM_UP_MS);
  clock.install();
  const dir = mkdtempSync(join(tmpdir(), "swapbot-day-"));
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const sandbox = await startSandbox({
    schedule: false,
    limits: SPEC_LIMITS,
    pageSizeCap: { currencies: 100, transactions: options.pageCap },
  });
  const database = openSqliteDatabase(join(dir, "bot.sqlite"));
  try {
    const repos = createRepositories(database.seam);
    const stores = createPorts(repos, createChatSettings(repos.chats));
    const logger = pino({ level: "silent" });
    const minuteOf = (at: number) => Math.floor((at - T0) / MIN);
    const reads = new Array<number>(DAY_MS / MIN).fill(0);
    const statusPerMin = new Array<number>(DAY_MS / MIN).fill(0);
    const exchange = new ExchangeClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      limits: { publicPerMin: 60, createPerMin: 30, readPerMin: 120 },
      timeoutMs: 10_000,
      fetch: clock.fetch(agent),
      onRequest: (event) => {
        const minute = minuteOf(Date.now());
        if (event.endpointClass === "read" && minute >= 0 && minute < reads.length)
          reads[minute]!++;
      },
    });
    const reader = new SwapReader({
      exchanges: oneExchange(exchange),
      swaps: repos.transactions,
      logger,
      // The virtual clock replaced Date.now (support/virtual-time.ts).
      now: () => Date.now(),
    });
    const trackerOptions = {
      exchangeId: SANDBOX_EXCHANGE,
      exchange,
      store: stores.trackerStore,
      logger,
      intervalMs: INTERVAL_MS,
    };
    const tracker =
      mode === "full-scan"
        ? new FullScanTracker(trackerOptions)
        : new StatusTracker(trackerOptions);

    // The bot's swaps, as if created through the bot; each one's future planned in the sandbox.
    const created: Array<{ id: string; chatId: number; plan: PlannedSwap }> = [];
    day.swaps.forEach((plan, i) => {
      setTimeout(async () => {
        const chatId = 1_000_000 + i;
        const [id] = (
          await seedOpenSwaps(sandbox.control, database.seam, {
            count: 1,
            chats: 1,
            firstChat: chatId,
            spreadOverMs: 0,
            createdAt: Date.now(),
          })
        ).keys();
        sandbox.control.setTimeline(id!, plan.steps);
        created.push({ id: id!, chatId, plan });
      }, plan.createdAt - Date.now());
    });
    for (const at of day.others) {
      setTimeout(() => sandbox.control.seed(1, { createdAt: Date.now() }), at - Date.now());
    }
    // Users ask about one of their open swaps; the wait is the budget's (HTTP takes no time here).
    const statusWaits: number[] = [];
    let statusRefused = 0;
    const random = seededRandom(options.seed + 1);
    for (const at of day.statusReads) {
      setTimeout(() => {
        const recent = created.slice(-2_000).filter((swap) => {
          const last = swap.plan.steps.at(-1)!;
          return last.at > Date.now();
        });
        const swap = recent[Math.floor(random() * recent.length)];
        if (!swap) return;
        const asked = Date.now();
        void reader.get(swap.chatId, swap.id).then((view) => {
          const minute = minuteOf(asked);
          if (minute >= 0 && minute < statusPerMin.length) {
            statusPerMin[minute]!++;
            statusWaits.push((Date.now() - asked) / 1000);
            if (!view?.fresh) statusRefused++;
          }
        });
      }, at - Date.now());
    }

    tracker.start();
    const progress = options.onProgress;
    const ticker = progress ? setRealInterval(() => progress(clock), 10_000) : undefined;
    await clock.runUntil(T0 + DAY_MS + 5 * MIN);
    if (ticker) clearRealInterval(ticker);
    // The clock keeps going while the tracker stops: a cycle may be waiting on a timer.
    const stopping = tracker.stop();
    await clock.advance(MIN);
    await stopping;

    // Push latency: from the planned change to its outbox row (what the notifier sends at once).
    const queued = new Map<string, number>();
    for (const row of database.sqlite
      .prepare("select transaction_id as id, status, created_at as at from notifications")
      .all() as Array<{ id: string; status: string; at: number }>) {
      queued.set(`${row.id} ${row.status}`, row.at);
    }
    const moving: number[] = [];
    const longWaiting: number[] = [];
    for (const { id, plan } of created) {
      let before = "wait";
      for (const step of plan.steps) {
        if (step.at >= T0 && step.at < T0 + DAY_MS) {
          const at = queued.get(`${id} ${step.status}`);
          const latency = at === undefined ? Number.POSITIVE_INFINITY : (at - step.at) / 1000;
          const waitedLong = before === "wait" && step.at - plan.createdAt > LONG_WAIT_MS;
          (waitedLong ? longWaiting : moving).push(latency);
        }
        before = step.status;
      }
    }
    const trackerReads = reads.map((n, i) => n - statusPerMin[i]!);
    return {
      mode,
      readsPerMin: meanMax(reads),
      readsPerMinAt: hourMeans(reads),
      trackerReadsPerMin: meanMax(trackerReads),
      moving,
      longWaiting,
      statusWaits,
      statusRefused,
      served429: sandbox.control.stats.served429,
      wallMs: performance.now() - wallStart,
    };
  } finally {
    database.close();
    await sandbox.close();
    agent.destroy();
    clock.uninstall();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The day's shape, and what one detail read per open swap per cycle would cost (computed). */
export function perSwapBaseline(seed: number): { shape: DayShape; figures: DayFigures } {
  const day = planDay(seed);
  const random = seededRandom(seed + 2);
  const openAt = new Array<number>(DAY_MS / MIN).fill(0);
  for (const swap of day.swaps) {
    const end = swap.steps.at(-1)!.at;
    for (
      let m = Math.max(0, Math.ceil((swap.createdAt - T0) / MIN));
      m * MIN + T0 < Math.min(end, T0 + DAY_MS);
      m++
    ) {
      openAt[m]!++;
    }
  }
  const budgetPerSec = 120 / 60;
  const passSeconds = (at: number) =>
    Math.max(INTERVAL_MS / 1000, (openAt[Math.floor((at - T0) / MIN)] ?? 0) / budgetPerSec);
  const moving: number[] = [];
  const longWaiting: number[] = [];
  for (const swap of day.swaps) {
    let before = "wait";
    for (const step of swap.steps) {
      if (step.at >= T0 && step.at < T0 + DAY_MS) {
        // A change waits for its swap's turn in the pass: anywhere from none to a whole pass.
        const latency = passSeconds(step.at) * random();
        const waitedLong = before === "wait" && step.at - swap.createdAt > LONG_WAIT_MS;
        (waitedLong ? longWaiting : moving).push(latency);
      }
      before = step.status;
    }
  }
  const needed = openAt.map((open) => open * (MIN / INTERVAL_MS));
  const inDay = (at: number) => at >= T0 && at < T0 + DAY_MS;
  return {
    shape: {
      swaps: day.swaps.filter((s) => inDay(s.createdAt)).length,
      deposited: day.swaps.filter((s) => inDay(s.createdAt) && s.steps.length > 1).length,
      expired: day.swaps.filter((s) => inDay(s.createdAt) && s.steps.length === 1).length,
      others: day.others.filter(inDay).length,
      statusReads: day.statusReads.filter(inDay).length,
      openMean: meanMax(openAt).mean,
      openMax: meanMax(openAt).max,
    },
    figures: {
      mode: "per-swap",
      readsPerMin: meanMax(needed),
      readsPerMinAt: hourMeans(needed),
      trackerReadsPerMin: meanMax(needed),
      moving,
      longWaiting,
      statusWaits: [],
      statusRefused: 0,
      served429: 0,
      wallMs: 0,
    },
  };
}

function hourMeans(perMinute: readonly number[]): { night: number; peak: number } {
  const hour = (h: number) => meanMax(perMinute.slice(h * 60, (h + 1) * 60)).mean;
  return { night: hour(4), peak: hour(16) };
}

function meanMax(values: readonly number[]): { mean: number; max: number } {
  const sum = values.reduce((a, b) => a + b, 0);
  return { mean: sum / Math.max(1, values.length), max: Math.max(0, ...values) };
}

export function latencyLine(values: readonly number[]): string {
  if (values.length === 0) return "none (n=0)";
  const f = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} s` : "never");
  return `p50 ${f(percentile(values, 50))}, p95 ${f(percentile(values, 95))}, max ${f(Math.max(...values))} (n=${values.length})`;
}
