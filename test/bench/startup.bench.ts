import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
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

/** A process and all its descendants (from /proc). */
function tree(pid: number): number[] {
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
  const all: number[] = [];
  const visit = (p: number) => {
    all.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return all;
}

/** Reads one /proc file of each process, skipping those that ended meanwhile. */
function sumOver(pids: number[], read: (pid: number) => number): number {
  let sum = 0;
  for (const pid of pids) {
    try {
      sum += read(pid);
    } catch {
      // ended meanwhile
    }
  }
  return sum;
}

/** Resident memory of a process tree, in MB. */
function treeRssMb(pid: number): number {
  const kb = (p: number) =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
  return sumOver(tree(pid), kb) / 1024;
}

/**
 * CPU time a process tree has used, in ms (user + system, at 100 ticks a second): unlike the wall
 * clock, it hardly depends on what else the shared machine runs.
 */
function treeCpuMs(pid: number): number {
  const ticks = (p: number) => {
    // Fields after the command name, which may hold spaces: state is the first, utime the 12th.
    const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return Number(fields[11]) + Number(fields[12]);
  };
  return sumOver(tree(pid), ticks) * 10;
}

/** One start on a fresh SQLite file and the embedded sandbox: ms to the first getUpdates, idle RSS. */
async function once(
  command: string,
  args: string[],
): Promise<{ ms: number; cpu: number; rss: number }> {
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
    const cpu = treeCpuMs(child.pid ?? 0);
    // getUpdates calls are kept apart from the other calls (`polls`, not `calls`).
    const first = tg.polls[0];
    if (!first) throw new Error("polling started but no getUpdates was recorded");
    // Idle after start-up, as an operator would look at it with ps.
    await new Promise((r) => setTimeout(r, 5_000));
    return { ms: first.at - started, cpu, rss: treeRssMb(child.pid ?? 0) };
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
    `start to first getUpdates (fresh SQLite file, embedded sandbox; ${RUNS} runs each, from spawn until the fake Telegram sees the call), the CPU time the process tree used by then, and its resident memory 5 s later:`,
  );
  for (const [name, [command, args]] of Object.entries(WAYS)) {
    if (only && !only.includes(name)) continue;
    const results: Array<{ ms: number; cpu: number; rss: number }> = [];
    for (let i = 0; i < RUNS; i++) results.push(await once(command, args));
    const spread = (values: number[], unit: string) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `p50 ${percentile(sorted, 50).toFixed(0)} ${unit} (min ${sorted[0]?.toFixed(0)}, max ${sorted.at(-1)?.toFixed(0)})`;
    };
    console.log(`  ${name}:`);
    console.log(
      `    first getUpdates after ${spread(
        results.map((r) => r.ms),
        "ms",
      )}`,
    );
    console.log(
      `    CPU time used by then  ${spread(
        results.map((r) => r.cpu),
        "ms",
      )}`,
    );
    console.log(
      `    RSS 5 s later          ${spread(
        results.map((r) => r.rss),
        "MB",
      )}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
