import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that wait longest (bot processes, a browser, real-time windows), longest first, as
 * measured on a 2-core machine (a whole run's JSON report, 2026-11-26; refresh it when a file's
 * time changes much, or a new long file is added): started first, none of them ends the run alone while the other
 * workers sit idle. A file missing here or one that got faster only costs a little of that.
 */
const LONGEST = [
  "test/e2e/fair-shares.test.ts",
  "test/e2e/outages.test.ts",
  "test/e2e/telegram-outage.test.ts",
  "test/bot/support.test.ts",
  "test/e2e/webapp.test.ts",
  "test/e2e/crash.test.ts",
  "test/e2e/instances.test.ts",
  "test/e2e/reconcile.test.ts",
  "test/e2e/over-exolix/reconcile.test.ts",
  "test/e2e/over-exolix/webapp.test.ts",
  "test/e2e/start-and-stop.test.ts",
  "test/e2e/status-pushes.test.ts",
  "test/e2e/over-exolix/status-pushes.test.ts",
  "test/bot/swap-flow.test.ts",
  "test/e2e/over-exolix/swap-flow.test.ts",
  "test/e2e/sqlite-faults.test.ts",
  "test/upgrades/previous-release.test.ts",
  "test/tracker/status-tracker.test.ts",
  "test/rig/fake-telegram.test.ts",
  "test/ops/ops-server.test.ts",
  "test/db/pg-client.test.ts",
  "test/e2e/secrets.test.ts",
  "test/e2e/process.test.ts",
  "test/e2e/flow-lifecycle.test.ts",
  "test/e2e/try.test.ts",
  "test/bot/rate.test.ts",
  "test/e2e/webapp-page.test.ts",
  "test/bot/forget.test.ts",
  "test/db/migrations.test.ts",
  "test/e2e/explorer-links.test.ts",
  "test/e2e/copy-buttons.test.ts",
  "test/e2e/over-exolix/deposit-instructions.test.ts",
  "test/e2e/over-exolix/explorer-links.test.ts",
  "test/e2e/money-promise.test.ts",
  "test/e2e/sqlite-disk-full.test.ts",
  "test/e2e/exchange-resilience.test.ts",
  "test/e2e/deposit-instructions.test.ts",
  "test/e2e/telegram-unreachable.test.ts",
  "test/e2e/postgres.test.ts",
  "test/e2e/telegram-retry.test.ts",
];

/** Longest (as listed above) first, then the others in vitest's own order. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      LONGEST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
    const known = files.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
    const others = await super.sort(files.filter((file) => rank(file) < 0));
    return [...known, ...others];
  }
}
