import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Process tests start the compiled bot (dist/), as `npm start` does: built once per run.
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Integration tests start real HTTP servers and SQLite files; two cores run two files at once.
    pool: "forks",
    maxWorkers: 2,
  },
});
