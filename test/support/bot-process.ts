import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const ROOT = new URL("../..", import.meta.url).pathname;

/**
 * What `npm start` runs (`exec node <flags> dist/main.js`), with this Node: the same flags as
 * operators get, read from package.json so that tests and benches cannot drift from it.
 */
function startCommand(root: string): [string, ...string[]] {
  const { scripts } = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as {
    scripts: { start: string };
  };
  const [exec, node, ...args] = scripts.start.split(/\s+/);
  if (exec !== "exec" || node !== "node") {
    // Another release may start otherwise (an older one ran `tsx src/main.ts`): its script as npm
    // would run it, without npm in between (its own node_modules/.bin is on PATH).
    if (root !== ROOT) return ["sh", "-c", `exec ${scripts.start}`];
    throw new Error(`unexpected start script: ${scripts.start}`);
  }
  return [
    process.execPath,
    ...args.map((arg) => (arg.startsWith("dist/") ? `${root}${arg}` : arg)),
  ];
}

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

 * The bot as `npm start` runs it: node on the compiled entry (dist/main.js, built by `npm ci`, by
 * the test run's global setup and by `npm run bench`) with the start script's flags, without npm
 * in between to skip its own start-up time, and with only `env` besides PATH and HOME: nothing of
 * the test runner's environment leaks in. With `group` it leads a process group of its own, which
 * `signalGroup` stops and resumes as a whole (a frozen machine, a paused VM), as a supervisor or
 * the kernel would.
 */
export function startBotProcess(
  env: Record<string, string>,
  options: {
    /** The command instead of the start script's `node … dist/main.js` (`["npm", "start"]`). */
    command?: readonly [string, ...string[]];
    /** Working directory (the project folder by default). */
    cwd?: string;
    /**
     * Another release's project folder (ending in "/"): its start script on its dist/, run in
     * that folder (test/support/previous-release-install.ts).
     */
    root?: string;
    /** Lead a process group of its own. */
    group?: boolean;
  } = {},
): BotProcess {
  const root = options.root ?? ROOT;
  const [command, ...args] = options.command ?? startCommand(root);
  const child = spawn(command, args, {
    cwd: options.cwd ?? root,
    env: {
      PATH: `${options.root ? `${options.root}node_modules/.bin:` : ""}${process.env.PATH ?? ""}`,
      HOME: process.env.HOME ?? "",
      ...env,
    },
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
