import { type ChildProcess, spawn } from "node:child_process";

const ROOT = new URL("../..", import.meta.url).pathname;

/** A bot process and what it printed, line by line. */
export interface BotProcess {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** Both streams, in the order the lines arrived. */
  lines: string[];
  exit: Promise<number | null>;
}

/**
 * The bot as `npm start` runs it (tsx directly, to skip npm's own start-up time), with only
 * `env` besides PATH and HOME: nothing of the test runner's environment leaks in. With `group`
 * it leads a process group of its own, which `signalGroup` stops and resumes as a whole (a frozen
 * machine, a paused VM), as a supervisor or the kernel would.
 */
export function startBotProcess(
  env: Record<string, string>,
  options: { group?: boolean } = {},
): BotProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.group ?? false,
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const lines: string[] = [];
  const collect = (into: string[]) => (data: Buffer) => {
    const arrived = data.toString().split("\n").filter(Boolean);
    into.push(...arrived);
    lines.push(...arrived);
  };
  child.stdout?.on("data", collect(stdout));
  child.stderr?.on("data", collect(stderr));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, stdout, stderr, lines, exit };
}

/** Sends `signal` to the whole process group of a bot started with `group: true`. */
export function signalGroup(bot: BotProcess, signal: NodeJS.Signals): void {
  if (bot.child.pid === undefined) throw new Error("the bot process did not start");
  process.kill(-bot.child.pid, signal);
}
