import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { buildWebApp } from "../../src/webapp/build.ts";
import { WEBAPP_BUILD_DIR } from "../../src/webapp/server/server.ts";
import { freePort, startHarness } from "../support/bot-harness.ts";
import { launchBrowser, launchUrl, signedInitData } from "../support/browser.ts";
import { swapOf } from "../support/seed-swaps.ts";
import { percentile } from "./stats.ts";

const VIEWERS = 100;
const SWAPS_PER_VIEWER = 10;

/**
 * The Mini App: what a phone downloads (the page's JS, CSS and HTML, as served gzipped), how long
 * the page takes to show its first coin list in chromium on this machine, and the API's latency
 * for the swap list and a cached quote with 100 viewers asking at once, beside a bare Hono handler
 * answering the same list's JSON to the same viewers in the same run; and the CPU each request
 * costs this process (the viewers' client included, as for the bare handler).
 */
export async function run(): Promise<void> {
  await buildWebApp();
  // The figures below depend on what else the machine is doing: say so.
  console.log(
    `load average at start: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")} (${cpus().length} cores)`,
  );
  const port = await freePort();
  const pageUrl = `http://127.0.0.1:${port}/`;
  const h = await startHarness({
    env: { WEBAPP_URL: pageUrl, WEBAPP_PORT: String(port), LOG_LEVEL: "warn" },
  });
  try {
    await transferred(pageUrl);
    await firstCoinList(pageUrl, h.tg.token);

    const viewers = Array.from({ length: VIEWERS }, (_, i) => 900_000 + i);
    const ids = h.sandbox.control.seed(VIEWERS * SWAPS_PER_VIEWER, { spreadOverMs: 3_600_000 });
    for (const [i, id] of ids.entries()) {
      await h.app.repos.transactions.insert(swapOf(h.sandbox.control, id, viewers[i % VIEWERS]!));
    }
    const auth = new Map(viewers.map((id) => [id, `tma ${signedInitData(h.tg.token, { id })}`]));
    const get = async (viewer: number, path: string) => {
      const started = performance.now();
      const response = await fetch(`${pageUrl}api${path}`, {
        headers: { authorization: auth.get(viewer)!, "accept-encoding": "gzip" },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
      return performance.now() - started;
    };

    // Each viewer polls its list as the page does, 20 times; all 100 at once.
    const list: number[] = [];
    let cpu = process.cpuUsage();
    await Promise.all(
      viewers.map(async (viewer) => {
        for (let i = 0; i < 20; i++) list.push(await get(viewer, "/swaps"));
      }),
    );
    const listCpu = cpuPer(cpu, list.length);
    console.log(
      `swap list (${SWAPS_PER_VIEWER} swaps each), ${VIEWERS} concurrent viewers × 20: p50 ${ms(percentile(list, 50))} · p95 ${ms(percentile(list, 95))} · max ${ms(Math.max(...list))} · ${listCpu} µs CPU a request`,
    );
    await bareHono(
      await (
        await fetch(`${pageUrl}api/swaps`, { headers: { authorization: auth.get(viewers[0]!)! } })
      ).text(),
    );

    // The same quote for everyone (the cache answers after the first), 4 each: a viewer's share.
    const quotePath = "/quote?from=btc&to=eth&amount=0.5&rateType=float";
    await get(viewers[0]!, quotePath);
    const quotes: number[] = [];
    const upstreamBefore = h.app.quotes.stats.upstreamCalls;
    cpu = process.cpuUsage();
    await Promise.all(
      viewers.map(async (viewer, i) => {
        for (let k = i === 0 ? 1 : 0; k < 4; k++) quotes.push(await get(viewer, quotePath));
      }),
    );
    console.log(
      `cached quote, ${VIEWERS} concurrent viewers × 4: p50 ${ms(percentile(quotes, 50))} · p95 ${ms(percentile(quotes, 95))} · max ${ms(Math.max(...quotes))} · upstream calls ${h.app.quotes.stats.upstreamCalls - upstreamBefore} · ${cpuPer(cpu, quotes.length)} µs CPU a request`,
    );
  } finally {
    await h.close();
  }
}

/** This process's CPU (user + system) since `from`, per request, in µs. */
function cpuPer(from: NodeJS.CpuUsage, requests: number): string {
  const used = process.cpuUsage(from);
  return ((used.user + used.system) / requests).toFixed(0);
}

/**
 * The floor: a bare Hono app on @hono/node-server answering `body` (the swap list's JSON) to the
 * same 100 viewers × 20, through the same client.
 */
async function bareHono(body: string): Promise<void> {
  const app = new Hono();
  app.get("/swaps", (c) => c.body(body, 200, { "content-type": "application/json" }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/swaps`;
  const times: number[] = [];
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: VIEWERS }, async () => {
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await (await fetch(url, { headers: { "accept-encoding": "gzip" } })).arrayBuffer();
        times.push(performance.now() - started);
      }
    }),
  );
  const per = cpuPer(cpu, times.length);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
  console.log(
    `bare Hono handler, the same list's JSON (${kb(body.length)}), same viewers: p50 ${ms(percentile(times, 50))} · p95 ${ms(percentile(times, 95))} · max ${ms(Math.max(...times))} · ${per} µs CPU a request`,
  );
}

/** Bytes on the wire for each of the page's files, gzipped as the server sends them. */
async function transferred(pageUrl: string): Promise<void> {
  const files = [
    "index.html",
    ...readdirSync(join(WEBAPP_BUILD_DIR, "assets")).map((f) => `assets/${f}`),
  ];
  const rows: string[] = [];
  let total = 0;
  for (const file of files) {
    const raw = readFileSync(join(WEBAPP_BUILD_DIR, file)).length;
    const wire = await wireBytes(`${pageUrl}${file === "index.html" ? "" : file}`);
    total += wire.bytes;
    rows.push(
      `${file.replace(/-[A-Z0-9]{8}/, "")}: ${kb(raw)} raw, ${kb(wire.bytes)} on the wire (${wire.encoding ?? "identity"}; gzip -9 ${kb(gzipSync(readFileSync(join(WEBAPP_BUILD_DIR, file)), { level: 9 }).length)})`,
    );
  }
  console.log(`page transferred: ${kb(total)} in all\n  ${rows.join("\n  ")}`);
}

function wireBytes(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () =>
        resolve({ bytes, encoding: res.headers["content-encoding"] as string | undefined }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** From navigation to the form, and to the first coin list shown under "You send". */
async function firstCoinList(pageUrl: string, token: string): Promise<void> {
  const { browser, close } = await launchBrowser();
  const ready: number[] = [];
  const list: number[] = [];
  try {
    for (let i = 0; i < 7; i++) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(launchUrl(pageUrl, signedInitData(token, { id: 800_000 + i })));
      await page.getByLabel("You send").waitFor();
      ready.push(performance.now() - started);
      await page.getByLabel("You send").click();
      await page.locator(".coin-list button").first().waitFor();
      list.push(performance.now() - started);
      await context.close();
    }
  } finally {
    await close();
  }
  console.log(
    `chromium, fresh context each (7 runs): form shown p50 ${ms(percentile(ready, 50))} · first coin list p50 ${ms(percentile(list, 50))}, max ${ms(Math.max(...list))}`,
  );
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
