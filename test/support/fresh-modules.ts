import { vi } from "vitest";

/**
 * Runs before each test file. Files share a worker process (`isolate: false`: a fresh process per
 * file cost more CPU than the tests themselves), so our own modules are evaluated afresh for each
 * file as before: a helper's top-level hook (test/db/helpers.ts) attaches to every file that
 * imports it, and no module state of src/ outlives its file. Only node_modules stay loaded.
 */
vi.resetModules();
// The dialect a file in test/e2e/over-exolix/ named for itself (test/support/over-exolix.ts).
delete (globalThis as Record<symbol, unknown>)[Symbol.for("swapbot.test-dialect")];
