import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./test/support/sequencer.ts";

export default defineConfig({
  test: {
    // Every test file once, over the spec's exchange dialect; the end-to-end files about what the
    // exchange answers run again over Exolix's (test/e2e/over-exolix/, docs/design.md §10). One
    // project, so a worker process runs file after file however the dialects alternate.
    include: ["test/**/*.test.ts"],
    // Once per run: the compiled bot (process tests start dist/, as `npm start` does) and the one
    // PostgreSQL server every file makes its databases on.
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
  },
});
