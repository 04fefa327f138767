import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/**
 * Viewers asking an HTTP server at once, from a process of their own: the serving process's CPU
 * (process.cpuUsage there) is then the server's alone, and the viewers' client does not queue on
 * the server's event loop, as phones would not.
 */
export interface ViewersJob {
  /** One entry per viewer: its headers. Every viewer asks `rounds` times, one after another. */
  viewers: Record<string, string>[];
  url: string;
  rounds: number;
}

const job = z.object({
  viewers: z.array(z.record(z.string(), z.string())),
  url: z.string(),
  rounds: z.number().int().positive(),
});
const answer = z.object({ times: z.array(z.number()), failures: z.array(z.string()) });

/** Runs the job in a child process; the latency of every request, in ms. */
export function askAsViewers(work: ViewersJob): Promise<number[]> {
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
      else resolve(parsed.times);
    });
    child.send(work);
  });
}

async function serve(work: ViewersJob): Promise<z.infer<typeof answer>> {
  const times: number[] = [];
  const failures: string[] = [];
  await Promise.all(
    work.viewers.map(async (headers) => {
      for (let i = 0; i < work.rounds; i++) {
        const started = performance.now();
        const response = await fetch(work.url, { headers });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response.status !== 200) failures.push(`${work.url}: HTTP ${response.status}`);
      }
    }),
  );
  return { times, failures };
}

if (process.argv.includes("--viewers")) {
  process.once("message", (message) => {
    void serve(job.parse(message)).then((result) => process.send?.(result));
  });
}
