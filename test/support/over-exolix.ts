import { beforeAll } from "vitest";

/**
 * Imported first by each file in test/e2e/over-exolix/: the end-to-end file it imports next runs
 * over Exolix's dialect (test/support/test-dialect.ts reads this when it is loaded for the file;
 * test/support/fresh-modules.ts forgets it before the next file).
 */
(globalThis as Record<symbol, unknown>)[Symbol.for("swapbot.test-dialect")] = "exolix";

// The file's tests fail at once if its modules did not take the dialect (loaded before this ran).
beforeAll(async () => {
  const { TEST_DIALECT } = await import("./test-dialect.ts");
  if (TEST_DIALECT !== "exolix") {
    throw new Error(`an over-exolix file runs over ${TEST_DIALECT}: import over-exolix.ts first`);
  }
});
