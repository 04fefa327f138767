import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

export interface HealthCheck {
  /** Problems that make the bot unhealthy; empty when all is well. */
  problems(): Promise<string[]>;
  /**
   * What works only in part while the bot still serves (an exchange down while others answer):
   * reported, with 200.
   */
  degraded?(): Promise<string[]>;
  /** `leader` or `standby` (several instances on PostgreSQL; always `leader` with SQLite). */
  role?(): string;
}

/**
 * `/healthz` (200, `degraded` with what works only in part, or 503 with the reasons) and `/metrics` (Prometheus text) for the operator's
 * monitoring, on their own port so they never compete with Telegram traffic, and on loopback
 * unless the operator says otherwise (METRICS_HOST).
 */
export async function startOpsServer(options: {
  port: number;
  host: string;
  health: HealthCheck;
  /** What /metrics serves (metrics.ts: metricsRegistry). */
  metrics: Registry;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
      res.end(body);
    };
    if (req.method !== "GET") return send(405, "text/plain", "method not allowed\n");
    if (path === "/healthz") {
      const role = options.health.role?.();
      const answer = (status: number, body: Record<string, unknown>) =>
        send(status, "application/json", JSON.stringify({ ...body, ...(role ? { role } : {}) }));
      Promise.all([options.health.problems(), options.health.degraded?.() ?? []]).then(
        ([problems, degraded]) => {
          const partly = degraded.length > 0 ? { degraded } : {};
          if (problems.length > 0) answer(503, { status: "unhealthy", problems, ...partly });
          else if (degraded.length > 0) answer(200, { status: "degraded", ...partly });
          else answer(200, { status: "ok" });
        },
        (error: unknown) => answer(503, { status: "unhealthy", problems: [String(error)] }),
      );
      return;
    }
    if (path === "/metrics") {
      options.metrics.metrics().then(
        (text) => send(200, options.metrics.contentType, text),
        (error: unknown) => send(500, "text/plain", `${String(error)}\n`),
      );
      return;
    }
    send(404, "text/plain", "not found\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, resolve);
  });
  const { address, family, port } = server.address() as AddressInfo;
  return {
    url: `http://${urlHost(address, family)}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Where a client on this machine reaches the server: a wildcard address is reached on loopback. */
function urlHost(address: string, family: string): string {
  if (address === "0.0.0.0") return "127.0.0.1";
  if (address === "::") return "[::1]";
  return family === "IPv6" ? `[${address}]` : address;
}
