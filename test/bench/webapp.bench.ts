import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { Session } from "node:inspector/promises";
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
import { askAsViewers, type ViewersResult } from "./support/viewers.ts";

const VIEWERS = 100;
const SWAPS_PER_VIEWER = 10;

/**
 * The Mini App: what a phone downloads (the page's JS, CSS and HTML, as served gzipped), how long
 * the page takes to show its first coin list in chromium on this machine, and the API's latency
 * for the swap list and a cached quote with 100 viewers asking at once, beside a bare Hono handler
 * answering the same list's answer to the same viewers in the same run; and the CPU each request
 * costs this process, the server's (the viewers ask from a process of their own: viewers.ts).
 */
export async function run(): Promise<void> {
  await buildWebApp();
  // The figures below depend on what else the machine is doing: say so.
  console.log(`load average at start: ${load()}`);
  const port = await freePort();
  const pageUrl = `http://127.0.0.1:${port}/`;
  const h = await startHarness({
    env: { WEBAPP_URL: pageUrl, WEBAPP_PORT: String(port), LOG_LEVEL: "warn" },
  });
  try {
    if (!process.env.BENCH_WEBAPP_API_ONLY) {
      await transferred(pageUrl);
      await firstCoinList(pageUrl, h.tg.token);
    }

    const viewers = Array.from({ length: VIEWERS }, (_, i) => 900_000 + i);
    const ids = h.sandbox.control.seed(VIEWERS * SWAPS_PER_VIEWER, { spreadOverMs: 3_600_000 });
    for (const [i, id] of ids.entries()) {
      await h.app.repos.transactions.insert(swapOf(h.sandbox.control, id, viewers[i % VIEWERS]!));
    }
    const headers = (viewer: number) => ({
      authorization: `tma ${signedInitData(h.tg.token, { id: viewer })}`,
      "accept-encoding": "gzip",
    });
    const asViewers = viewers.map(headers);
    // A first round warms the server (V8's code, the init-data memory, prepared statements).
    await askAsViewers({ viewers: asViewers, url: `${pageUrl}api/swaps`, rounds: 1 });

    // Each viewer polls its list as the page does, 20 times; all 100 at once.
    const list = await profiled("swap-list", () =>
      askAsViewers({ viewers: asViewers, url: `${pageUrl}api/swaps`, rounds: 20 }),
    );
    console.log(
      `swap list (${SWAPS_PER_VIEWER} swaps each), ${VIEWERS} concurrent viewers × 20: ${figures(list)}${cpu(list)}`,
    );
    const listBody = await (
      await fetch(`${pageUrl}api/swaps`, { headers: headers(viewers[0]!) })
    ).arrayBuffer();
    await bareHono(listBody);

    // The same quote for everyone (the cache answers after the first: no user's share is spent),
    // 20 each like the list: with 4 each (400 answers in all) the CPU figure moved by half between
    // runs on the shared machine.
    const quoteUrl = `${pageUrl}api/quote?from=btc&to=eth&amount=0.5&rateType=float`;
    await askAsViewers({ viewers: [headers(899_999)], url: quoteUrl, rounds: 1 });
    const upstreamBefore = h.app.quotes.stats.upstreamCalls;
    const quotes = await profiled("cached-quote", () =>
      askAsViewers({ viewers: asViewers, url: quoteUrl, rounds: 20 }),
    );
    console.log(
      `cached quote, ${VIEWERS} concurrent viewers × 20: ${figures(quotes)} · upstream calls ${h.app.quotes.stats.upstreamCalls - upstreamBefore}${cpu(quotes)}`,
    );
    console.log(`load average at the end: ${load()}`);
  } finally {
    await h.close();
  }
}

/**
 * The floor: a bare Hono app on @hono/node-server, in this process, answering `body` (the swap
 * list's JSON, gzipped once beforehand) to the same 100 viewers × 20 from the same client.
 */
async function bareHono(json: ArrayBuffer): Promise<void> {
  const body = new Uint8Array(gzipSync(json, { level: 1 }));
  const app = new Hono();
  app.get("/swaps", (c) =>
    c.body(body, 200, { "content-type": "application/json", "content-encoding": "gzip" }),
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/swaps`;
  const viewers = Array.from({ length: VIEWERS }, () => ({ "accept-encoding": "gzip" }));
  await askAsViewers({ viewers, url, rounds: 1 });
  const times = await profiled("bare-hono", () => askAsViewers({ viewers, url, rounds: 20 }));
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
  console.log(
    `bare Hono handler, the same list (${kb(json.byteLength)} of JSON, ${kb(body.length)} gzipped), same viewers × 20: ${figures(times)}${cpu(times)}`,
  );
}

/**
 * With BENCH_CPU_PROFILE=<dir>, a CPU profile of this (the serving) process while `work` runs,
 * written to <dir>/webapp-<name>.cpuprofile (open it in Chrome's DevTools).
 */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  try {
    return await work();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `webapp-${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

const figures = ({ times }: ViewersResult) =>
  `p50 ${ms(percentile(times, 50))} · p95 ${ms(percentile(times, 95))} · max ${ms(Math.max(...times))}`;

/**
 * The CPU a request cost this process (the server's: process.cpuUsage while the viewers asked),
 * and what it cost the viewers' process, which shares the machine's cores with the server.
 */
const cpu = ({ serverCpuUs, clientCpuUs }: ViewersResult) =>
  ` · ${serverCpuUs.toFixed(0)} µs CPU a request (the viewers' client: ${clientCpuUs.toFixed(0)} µs)`;

const load = () =>
  `${loadavg()
    .map((n) => n.toFixed(1))
    .join(", ")} (${cpus().length} cores)`;

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
