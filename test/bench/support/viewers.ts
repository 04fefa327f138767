import { fork } from "node:child_process";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/**
 * Viewers asking an HTTP server at once, from a process of their own: the serving process's CPU
 * (process.cpuUsage there) is then the server's alone, and the viewers' client does not queue on
 * the server's event loop, as phones would not. They ask with node:http on kept-alive
 * connections, one a viewer: the client shares the machine's cores with the server (phones do
 * not), and fetch's client costs it several times the server's CPU a request.
 */
export interface ViewersJob {
  /** One entry per viewer: its headers. Every viewer asks `rounds` times, one after another. */
  viewers: Record<string, string>[];
  url: string;
  rounds: number;
}

/** The latency of every request (ms), and what the asking cost the viewers' process. */
export interface ViewersResult {
  times: number[];
  /** The viewers' process's CPU (user + system) a request, in µs. */
  clientCpuUs: number;
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
    child.once("error", reject);
    child.once("message", (message) => {
      const parsed = answer.parse(message);
      child.kill();
      if (parsed.failures.length > 0) reject(new Error(parsed.failures.slice(0, 3).join("; ")));
      else resolve({ times: parsed.times, clientCpuUs: parsed.clientCpuUs });
    });
    child.send(work);
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

async function serve(work: ViewersJob): Promise<z.infer<typeof answer>> {
  const times: number[] = [];
  const failures: string[] = [];
  const cpu = process.cpuUsage();
  await Promise.all(
    work.viewers.map(async (headers) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; i < work.rounds; i++) {
        const started = performance.now();
        const status = await get(agent, work.url, headers);
        times.push(performance.now() - started);
        if (status !== 200) failures.push(`${work.url}: HTTP ${status}`);
      }
      agent.destroy();
    }),
  );
  const used = process.cpuUsage(cpu);
  return { times, clientCpuUs: (used.user + used.system) / times.length, failures };
}

if (process.argv.includes("--viewers")) {
  process.once("message", (message) => {
    void serve(job.parse(message)).then((result) => process.send?.(result));
  });
}
