import type { TestProject } from "vitest/node";
import { buildBot } from "./build.ts";
import { startPostgresServer } from "./postgres-server.ts";
import { type InstalledRelease, installPreviousRelease } from "./previous-release-install.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The previous release, installed for the upgrade tests (test/upgrades/), or why it could
     * not be: those tests then fail with that sentence.
     */
    previousRelease: InstalledRelease | { error: string };
  }
}

/**
 * vitest's global setup, once per `vitest run` before any test file: compiles the bot (process
 * tests run dist/, as `npm start` does) while the run's one PostgreSQL server starts and the
 * previous release is installed (once, cached: test/support/previous-release-install.ts); every
 * file makes its databases on that server (test/support/postgres.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [server, , previous] = await Promise.all([
    startPostgresServer(),
    buildBot(),
    installPreviousRelease().catch((error: unknown) => ({
      error: error instanceof Error ? error.message : String(error),
    })),
  ]);
  project.provide("postgresAdminUrl", server.url("postgres"));
  project.provide("previousRelease", previous);
  return () => server.stop();
}
