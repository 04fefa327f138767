import { pathToFileURL } from "node:url";
import pino from "pino";
import { CoinCatalog } from "../../src/catalog/catalog.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { startSandbox } from "../../src/sandbox/index.ts";
import { percentile } from "./stats.ts";

const N = 1_000;

/**
 * The exchange client's own cost per request (budget, ky, zod) against the sandbox: the same GET
 * /rate timed through the client and as a bare fetch + JSON.parse, and the time to load the whole
 * currency list page by page.
 */
export async function run(): Promise<void> {
  const sandbox = await startSandbox({ schedule: false, limits: false });
  const unlimited = { publicPerMin: 1e9, createPerMin: 1e9, readPerMin: 1e9 };
  const client = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    limits: unlimited,
    timeoutMs: 5_000,
  });
  const amount = "0.5" as DecimalString;
  const url = `${sandbox.url}/rate?coinFrom=btc&coinTo=eth&amount=0.5`;

  for (let i = 0; i < 100; i++) {
    await client.getRate({ coinFrom: "btc", coinTo: "eth", amount });
    await (await fetch(url)).json();
  }
  const viaClient: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < N; i++) {
    let t = performance.now();
    await client.getRate({ coinFrom: "btc", coinTo: "eth", amount });
    viaClient.push(performance.now() - t);
    t = performance.now();
    JSON.parse(await (await fetch(url)).text());
    bare.push(performance.now() - t);
  }
  const overhead = (p: number) => percentile(viaClient, p) - percentile(bare, p);
  console.log(`GET /rate × ${N} against the sandbox (ms):`);
  console.log(
    `  through the client  p50 ${percentile(viaClient, 50).toFixed(3)}  p95 ${percentile(viaClient, 95).toFixed(3)}`,
  );
  console.log(
    `  bare fetch          p50 ${percentile(bare, 50).toFixed(3)}  p95 ${percentile(bare, 95).toFixed(3)}`,
  );
  console.log(
    `  client overhead     p50 ${overhead(50).toFixed(3)}  p95 ${overhead(95).toFixed(3)}`,
  );

  const logger = pino({ level: "silent" });
  const times: number[] = [];
  let coins = 0;
  for (let i = 0; i < 5; i++) {
    const catalog = new CoinCatalog({
      exchanges: [{ id: "sandbox", port: client }],
      logger,
      refreshIntervalMs: 3_600_000,
    });
    const t = performance.now();
    await catalog.refresh();
    times.push(performance.now() - t);
    coins = catalog.size;
  }
  console.log(
    `whole currency list (${coins} coins, page by page): p50 ${percentile(times, 50).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (5 runs)`,
  );
  await sandbox.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
