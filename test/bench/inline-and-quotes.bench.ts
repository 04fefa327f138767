import { pathToFileURL } from "node:url";
import { startHarness } from "../support/bot-harness.ts";
import { percentile } from "./stats.ts";

/**
 * Inline answers through the fake Telegram (update in → answerInlineQuery out), and a burst of 90
 * users asking for quotes at once under the real public budget of 60 per minute.
 */
export async function run(): Promise<void> {
  const h = await startHarness({
    sandbox: { limits: { publicPerMin: 60, createPerMin: 30, readPerMin: 120 } },
    env: { LOG_LEVEL: "warn" },
  });
  try {
    const queries = ["btc", "eth", "monero", "bitcon", "usd", "tether", "sol", "", "doge", "lite"];
    const latencies: number[] = [];
    const users = Array.from({ length: 20 }, () => h.tg.user());
    for (let i = 0; i < 50; i++)
      await users[i % users.length]!.inlineQuery(queries[i % queries.length]!);
    for (let i = 0; i < 500; i++) {
      const started = performance.now();
      await users[i % users.length]!.inlineQuery(queries[i % queries.length]!);
      latencies.push(performance.now() - started);
    }
    console.log(
      `inline answer through the fake Telegram (500 queries): p50 ${percentile(latencies, 50).toFixed(1)} ms · p95 ${percentile(latencies, 95).toFixed(1)} ms · max ${Math.max(...latencies).toFixed(1)} ms`,
    );

    const before = h.sandbox.control.stats.responses.rate?.[200] ?? 0;
    const burst = Array.from({ length: 90 }, () => h.tg.user());
    const pairs = ["btc eth", "eth btc", "ltc xmr", "xmr btc", "sol usdt", "doge ltc"];
    const started = performance.now();
    const times = await Promise.all(
      burst.map(async (user, i) => {
        // Most people ask for the same few things; a third ask for their own amount.
        const amount = i % 3 === 0 ? `${1 + i / 100}` : "1";
        user.send(`/rate ${amount} ${pairs[i % pairs.length]}`);
        const answer = await user.answer({ timeoutMs: 30_000, quietMs: 50 });
        return {
          ms: performance.now() - started,
          quote: answer.text.includes("≈"),
          busy: answer.text.includes("busy"),
        };
      }),
    );
    const calls = (h.sandbox.control.stats.responses.rate?.[200] ?? 0) - before;
    const ms = times.map((t) => t.ms);
    console.log(
      `burst of 90 users asking quotes: ${calls} upstream GET /rate calls · ${times.filter((t) => t.quote).length} quotes, ${times.filter((t) => t.busy).length} "busy, try again", ${times.filter((t) => !t.quote && !t.busy).length} out of limits · 429s served by the exchange: ${h.sandbox.control.stats.served429} · time to answer p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`,
    );
  } finally {
    await h.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
