import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./test/support/sequencer.ts";

/** The end-to-end suite: the real bot over HTTP, run once per exchange dialect. */
const END_TO_END = ["test/e2e/**/*.test.ts", "test/bot/swap-flow.test.ts"];

export default defineConfig({
  test: {
    // Once per run: the compiled bot (process tests start dist/, as `npm start` does) and the one
    // PostgreSQL server every file makes its databases on (shared by both projects).
    globalSetup: ["test/support/global-setup.ts"],
    // A test's bound only decides when a wait that will never succeed gives up (tests assert no
    // timings): generous, because the whole suite on a 2-core machine runs a step several times
    // slower than the same file alone. TEST_PATIENCE stretches every wait of the fake Telegram and
    // of `until` (test/support/until.ts) the same way.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    env: { TEST_PATIENCE: "3" },
    // The suite mostly waits (bot processes, polls, real-time windows), so more files run at once
    // than there are cores. A worker process runs file after file; each file still gets our own
    // modules afresh (fresh-modules.ts).
    pool: "forks",
    maxWorkers: 8,
    isolate: false,
    setupFiles: ["test/support/fresh-modules.ts"],
    sequence: { sequencer: LongFilesFirst },
    projects: [
      // Every test, the end-to-end suite over the spec's dialect (docs/exchange-api-v2.md).
      { extends: true, test: { name: "spec", include: ["test/**/*.test.ts"] } },
      // The end-to-end suite again over Exolix's (docs/exchange-in-the-wild.md): the sandbox speaks it
      // and the bot is set to it (test/support/test-dialect.ts).
      {
        extends: true,
        test: {
          name: "exolix",
          include: END_TO_END,
          // Once (spec) what the exchange's dialect cannot change: starting and stopping the
          // process and faults of the bot's other neighbours (SQLite, PostgreSQL, Telegram), where
          // the exchange only stands by, and `npm run try`, which runs on its own embedded sandbox
          // whatever the tests' dialect.
          exclude: [
            "test/e2e/start-and-stop.test.ts",
            "test/e2e/try.test.ts",
            "test/e2e/sqlite-faults.test.ts",
            "test/e2e/sqlite-disk-full.test.ts",
            "test/e2e/outages.test.ts",
            "test/e2e/telegram-outage.test.ts",
            "test/e2e/telegram-retry.test.ts",
            "test/e2e/telegram-unreachable.test.ts",
          ],
          env: { SWAPBOT_TEST_DIALECT: "exolix" },
        },
      },
    ],
  },
});
