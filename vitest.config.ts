import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./test/support/sequencer.ts";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Once per run: the compiled bot (process tests start dist/, as `npm start` does) and the one
    // PostgreSQL server every file makes its databases on.
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // The suite mostly waits (bot processes, polls, real-time windows), so more files run at once
    // than there are cores. A worker process runs file after file; each file still gets our own
    // modules afresh (fresh-modules.ts).
    pool: "forks",
    maxWorkers: 6,
    isolate: false,
    setupFiles: ["test/support/fresh-modules.ts"],
    sequence: { sequencer: LongFilesFirst },
  },
});
