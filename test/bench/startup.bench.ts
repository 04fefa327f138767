import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startFakeTelegram } from "../../src/fake-telegram/fake-telegram.ts";
import { percentile } from "./stats.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);

/** How the bot can be started: the operator's `npm start`, and the bare process behind it. */
const WAYS: Record<string, [string, string[]]> = {
  "npm start": ["npm", ["start", "--silent"]],
  "node --max-semi-space-size=4 dist/main.js": [
    process.execPath,
    ["--max-semi-space-size=4", "dist/main.js"],
  ],
  "node --import tsx src/main.ts": [process.execPath, ["--import", "tsx", "src/main.ts"]],
};

/** Resident memory of a process and all its descendants, in MB (from /proc). */
function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return kb / 1024;
}

/** One start on a fresh SQLite file and the embedded sandbox: ms to the first getUpdates, idle RSS. */
async function once(command: string, args: string[]): Promise<{ ms: number; rss: number }> {
  const tg = await startFakeTelegram();
  const dir = mkdtempSync(join(tmpdir(), "swapbot-startup-"));
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      DATABASE_PATH: join(dir, "bot.sqlite"),
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  const exit = new Promise((resolve) => child.once("exit", resolve));
  try {
    await tg.waitForPolling(60_000);
    const first = tg.calls.find((c) => c.method === "getUpdates");
    // Idle after start-up, as an operator would look at it with ps.
    await new Promise((r) => setTimeout(r, 5_000));
    return { ms: (first?.at ?? Date.now()) - started, rss: treeRssMb(child.pid ?? 0) };
  } finally {
    child.kill("SIGTERM");
    await exit;
    await tg.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const only = process.env.BENCH_STARTUP_WAYS?.split(",");
  console.log(
    `start to first getUpdates (fresh SQLite file, embedded sandbox; ${RUNS} runs each, spawn → the fake Telegram sees the call), and resident memory of the process tree 5 s later:`,
  );
  for (const [name, [command, args]] of Object.entries(WAYS)) {
    if (only && !only.includes(name)) continue;
    const results: Array<{ ms: number; rss: number }> = [];
    for (let i = 0; i < RUNS; i++) results.push(await once(command, args));
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const rss = results.map((r) => r.rss).sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(30)} first getUpdates p50 ${percentile(ms, 50).toFixed(0)} ms (min ${ms[0]?.toFixed(0)}, max ${ms.at(-1)?.toFixed(0)}); RSS p50 ${percentile(rss, 50).toFixed(0)} MB (min ${rss[0]?.toFixed(0)}, max ${rss.at(-1)?.toFixed(0)})`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
