import { fork } from "node:child_process";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/**
 * Viewers asking an HTTP server at once, from a process of their own: the serving process's CPU
 * (process.cpuUsage there) is then the server's alone, and the viewers' client does not queue on
 * the server's event loop, as phones would not. They ask with node:http on kept-alive
 * connections, one a viewer: the client shares the machine's cores with the server (phones do
 * not), so it is kept as light as node allows.
 */
export interface ViewersJob {
  /** One entry per viewer: its headers. Every viewer asks `rounds` times, one after another. */
  viewers: Record<string, string>[];
  url: string;
  rounds: number;
}

/** The latency of every request (ms), and the CPU a request cost each side. */
export interface ViewersResult {
  times: number[];
  /** The viewers' process's CPU (user + system) a request, in µs. */
  clientCpuUs: number;
  /**
   * The calling process's CPU a request, in µs, from the moment the viewers were connected
   * until they had all been answered: the server's, when it runs in the caller (starting the
   * viewers' process, their connections and reading their figures are not in it).
   */
  serverCpuUs: number;
}

const job = z.object({
  viewers: z.array(z.record(z.string(), z.string())),
  url: z.string(),
  rounds: z.number().int().positive(),
});
const answer = z.object({
  times: z.array(z.number()),
  clientCpuUs: z.number(),
  failures: z.array(z.string()),
});

/** Runs the job in a child process. */
export function askAsViewers(work: ViewersJob): Promise<ViewersResult> {
  const child = fork(fileURLToPath(import.meta.url), ["--viewers"], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    let started: NodeJS.CpuUsage | undefined;
    let used: NodeJS.CpuUsage | undefined;
    child.once("error", reject);
    child.on("message", (message) => {
      if (message === "ready") {
        child.send(work);
        return;
      }
      if (message === "connected") {
        started = process.cpuUsage();
        child.send("go");
        return;
      }
      if (message === "answered") {
        used = process.cpuUsage(started);
        return;
      }
      const parsed = answer.parse(message);
      child.kill();
      if (parsed.failures.length > 0) {
        reject(new Error(parsed.failures.slice(0, 3).join("; ")));
        return;
      }
      const serverCpuUs = used ? (used.user + used.system) / parsed.times.length : Number.NaN;
      resolve({ times: parsed.times, clientCpuUs: parsed.clientCpuUs, serverCpuUs });
    });
  });
}

/** One GET on the viewer's own kept-alive connection: its status, the body read to the end. */
function get(agent: Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Each viewer first opens its connection with one request that is not counted, as a page has
 * one open to the origin it polls; then, on "go", all ask their rounds at once.
 */
async function serve(work: ViewersJob, go: Promise<unknown>): Promise<z.infer<typeof answer>> {
  const times: number[] = [];
  const failures: string[] = [];
  const agents = work.viewers.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  await Promise.all(agents.map((agent, i) => get(agent, work.url, work.viewers[i] ?? {})));
  process.send?.("connected");
  await go;
  const cpu = process.cpuUsage();
  await Promise.all(
    work.viewers.map(async (headers, i) => {
      const agent = agents[i]!;
      for (let round = 0; round < work.rounds; round++) {
        const started = performance.now();
        const status = await get(agent, work.url, headers);
        times.push(performance.now() - started);
        if (status !== 200) failures.push(`${work.url}: HTTP ${status}`);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  process.send?.("answered");
  for (const agent of agents) agent.destroy();
  return { times, clientCpuUs: (used.user + used.system) / times.length, failures };
}

if (process.argv.includes("--viewers")) {
  const go = new Promise((resolve) => {
    process.on("message", (message) => {
      if (message === "go") resolve(message);
    });
  });
  process.once("message", (message) => {
    void serve(job.parse(message), go).then((result) => process.send?.(result));
  });
  process.send?.("ready");
}
