import { cpus, loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { normalizeDecimal } from "../../src/lib/decimal.ts";
import {
  type Harness,
  type HarnessExchange,
  startHarness,
  THREE_EXCHANGES,
} from "../support/bot-harness.ts";
import { swapOf } from "../support/seed-swaps.ts";
import { TestClock } from "../support/test-clock.ts";
import { percentile } from "./stats.ts";

/**
 * Several exchanges side by side (issue 41), each row with its baseline of one exchange, measured
 * in one sitting on the real bot (startHarness) over real sandboxes, each its own HTTP server:
 * - quote latency (QuoteService.offers over the app's real clients, every quote a new amount so
 *   that none is cached) with three exchanges healthy and with one hanging (connections accepted,
 *   nothing answered), at the defaults EXCHANGE_TIMEOUT_MS=10000 and QUOTE_DEADLINE_MS=3000;
 * - upstream quote calls when 100 users ask for the same pair at once through the chat (/rate);
 * - tracker reads per cycle with 100 open swaps spread over three exchanges (the default
 *   STATUS_POLL_INTERVAL_MS=15000 and read budget, on the test clock).
 */

const ONE_EXCHANGE: readonly HarnessExchange[] = [THREE_EXCHANGES[0]!];
/** The defaults a production bot runs with (the harness shortens them for tests). */
const PRODUCTION = { EXCHANGE_TIMEOUT_MS: "10000", LOG_LEVEL: "warn" };

function names(h: Harness): string[] {
  return [...h.sandboxes.keys()];
}

function statsOf(h: Harness) {
  return [...h.sandboxes].map(([name, sandbox]) => ({ name, stats: sandbox.control.stats }));
}

/** Quote latency: `samples` quotes one after another, each a new amount of BTC → ETH. */
async function quoteLatency(
  label: string,
  exchanges: readonly HarnessExchange[],
  samples: number,
  hang?: string,
): Promise<void> {
  const h = await startHarness({ exchanges, env: PRODUCTION });
  try {
    if (hang) h.sandboxes.get(hang)!.control.takeDown("hang");
    const ms: number[] = [];
    const offered: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      const { ranked } = await h.app.quotes.offers({
        coinFrom: "btc",
        coinTo: "eth",
        amount: normalizeDecimal(`0.${100 + i}`),
      });
      ms.push(performance.now() - started);
      offered.push(ranked.length);
    }
    console.log(
      `${label.padEnd(44)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms · p95 ${percentile(ms, 95).toFixed(1).padStart(7)} ms · max ${Math.max(
        ...ms,
      )
        .toFixed(1)
        .padStart(
          7,
        )} ms · offers per quote ${Math.min(...offered)}–${Math.max(...offered)} (${samples} quotes)`,
    );
  } finally {
    await h.close();
  }
}

/**
 * 100 users send `/rate 1 btc eth` at once: the upstream quote requests each exchange served
 * (ChangeNOW's one quote is two requests: the estimate and the pair's range).
 */
async function sameQuestion(label: string, exchanges: readonly HarnessExchange[]): Promise<void> {
  const h = await startHarness({ exchanges, env: PRODUCTION });
  try {
    const users = Array.from({ length: 100 }, () => h.tg.user());
    // Each user's chat has spoken once, so the burst measures the quotes, not first contacts.
    await Promise.all(users.map((user) => user.reply("/help")));
    const before = statsOf(h).map(({ stats }) => stats.byEndpoint.rate ?? 0);
    const started = performance.now();
    const answers = await Promise.all(
      users.map(async (user) => {
        user.send("/rate 1 btc eth");
        const answer = await user.answer({ timeoutMs: 30_000, quietMs: 50 });
        return { ms: performance.now() - started, quote: answer.text.includes("≈") };
      }),
    );
    const calls = statsOf(h).map(
      ({ name, stats }, i) => `${name} ${(stats.byEndpoint.rate ?? 0) - before[i]!}`,
    );
    const ms = answers.map((a) => a.ms);
    console.log(
      `${label.padEnd(44)} upstream quote calls: ${calls.join(", ")} · ${answers.filter((a) => a.quote).length}/100 quotes · time to answer p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`,
    );
  } finally {
    await h.close();
  }
}

const POLL_MS = 15_000;
const CYCLES = 20;

/**
 * `open` swaps waiting for their deposit, created over the last six hours, dealt round-robin to the
 * exchanges (each its own sandbox and the bot's database alike); then CYCLES tracker cycles on the
 * test clock with nothing changing, and the requests each exchange served per cycle.
 */
async function trackerReads(
  label: string,
  exchanges: readonly HarnessExchange[],
  open: number,
): Promise<void> {
  const clock = new TestClock();
  const h = await startHarness({
    exchanges,
    clock,
    env: { ...PRODUCTION, STATUS_POLL_INTERVAL_MS: String(POLL_MS) },
  });
  try {
    const all = names(h);
    for (const [i, name] of all.entries()) {
      const control = h.sandboxes.get(name)!.control;
      const count = Math.floor(open / all.length) + (i < open % all.length ? 1 : 0);
      const ids = control.seed(count, { status: "wait", spreadOverMs: 6 * 3_600_000 });
      for (const [j, id] of ids.entries()) {
        await h.app.repos.transactions.insert(swapOf(control, id, 10_000 + i * 1_000 + j, name));
      }
    }
    // Two cycles to settle (the first reads everything), then CYCLES measured.
    await clock.advance(2 * POLL_MS);
    const before = statsOf(h).map(({ stats }) => ({ ...stats.byEndpoint }));
    await clock.advance(CYCLES * POLL_MS);
    const per = statsOf(h).map(({ name, stats }, i) => {
      const delta = (endpoint: "list" | "get") =>
        ((stats.byEndpoint[endpoint] ?? 0) - (before[i]![endpoint] ?? 0)) / CYCLES;
      return { name, list: delta("list"), get: delta("get") };
    });
    const total = per.reduce((sum, p) => sum + p.list + p.get, 0);
    console.log(
      `${label.padEnd(44)} ${total.toFixed(1)} reads per cycle: ${per.map((p) => `${p.name} ${p.list.toFixed(1)} list + ${p.get.toFixed(1)} detail`).join(", ")} (${CYCLES} cycles of ${POLL_MS / 1000} s, nothing changing)`,
    );
  } finally {
    await h.close();
  }
}

export async function run(): Promise<void> {
  console.log(
    `${cpus().length} cores · load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} · Node ${process.version}`,
  );
  console.log("\nquote latency (QuoteService.offers, BTC → ETH, a new amount each)");
  // 25 quotes within a fresh minute: ChangeNOW's takes two public calls (estimate and range), so
  // more would spend its 60 a minute and leave its offer out as busy, which is not latency.
  await quoteLatency("one exchange (baseline)", ONE_EXCHANGE, 25);
  await quoteLatency("three exchanges, all healthy", THREE_EXCHANGES, 25);
  await quoteLatency("three exchanges, changenow hanging", THREE_EXCHANGES, 15, "changenow");

  console.log("\n100 users asking /rate 1 btc eth at once");
  await sameQuestion("one exchange (baseline)", ONE_EXCHANGE);
  await sameQuestion("three exchanges", THREE_EXCHANGES);

  console.log("\ntracker reads per cycle, 100 open swaps");
  await trackerReads("one exchange (baseline)", ONE_EXCHANGE, 100);
  await trackerReads("three exchanges (34 + 33 + 33)", THREE_EXCHANGES, 100);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
