import type { TestProject } from "vitest/node";
import { buildBot } from "./build.ts";
import { startPostgresServer } from "./postgres-server.ts";

/**
 * vitest's global setup, once per `vitest run` before any test file: compiles the bot (process
 * tests run dist/, as `npm start` does) while the run's one PostgreSQL server starts; every file
 * makes its databases on that server (test/support/postgres.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [server] = await Promise.all([startPostgresServer(), buildBot()]);
  project.provide("postgresAdminUrl", server.url("postgres"));
  return () => server.stop();
}
