import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that wait longest (bot processes, a browser, real-time windows), longest first, as
 * measured on a 2-core machine (a whole run's JSON report, 2026-11-26; refresh it when a file's
 * time changes much, or a new long file is added): started first, none of them ends the run alone while the other
 * workers sit idle. A file missing here or one that got faster only costs a little of that.
 */
const LONGEST = [
  "test/e2e/outages.test.ts",
  "test/e2e/telegram-outage.test.ts",
  "test/e2e/fair-shares.test.ts",
  "test/e2e/start-and-stop.test.ts",
  "test/e2e/webapp.test.ts",
  "test/e2e/crash.test.ts",
  "test/bot/support.test.ts",
  "test/e2e/instances.test.ts",
  "test/e2e/status-pushes.test.ts",
  "test/e2e/reconcile.test.ts",
  "test/upgrades/previous-release.test.ts",
  "test/bot/swap-flow.test.ts",
  "test/e2e/try.test.ts",
  "test/tracker/status-tracker.test.ts",
  "test/e2e/sqlite-faults.test.ts",
  "test/e2e/process.test.ts",
  "test/e2e/flow-lifecycle.test.ts",
  "test/e2e/telegram-unreachable.test.ts",
  "test/e2e/sqlite-disk-full.test.ts",
  "test/db/transactions.test.ts",
  "test/rig/fake-telegram.test.ts",
  "test/ops/ops-server.test.ts",
  "test/e2e/finished-swaps.test.ts",
  "test/db/migrations.test.ts",
  "test/db/pg-client.test.ts",
  "test/e2e/money-promise.test.ts",
  "test/e2e/copy-buttons.test.ts",
  "test/e2e/secrets.test.ts",
  "test/e2e/deposit-instructions.test.ts",
  "test/bot/forget.test.ts",
  "test/bot/rate.test.ts",
];

/**
 * The longest files of all, which run in the spec project only (vitest.config.ts): started before
 * the exolix project's files, so that they never end the run. Each costs one worker process
 * (see below), worth it only for a file this long.
 */
const BEFORE_ALL = ["test/e2e/outages.test.ts", "test/e2e/telegram-outage.test.ts"];

/**
 * BEFORE_ALL first; then one project after the other, the exolix project's (end-to-end files only,
 * all long) first so that its files never end the run, then the spec project's; within each, the
 * files above first, in that order, the same on every machine (a clean clone has no timings of an
 * earlier run), then the others in vitest's own order (longest of the last run first, or largest
 * first).
 *
 * Never the two projects' files in turn: a worker goes on to the next file only when that file is of
 * its own project (vitest 4's pool, `isEqualRunner`); otherwise it is stopped and a new process
 * loads node_modules again, which alternating projects did for most files (41 worker processes in a
 * run instead of about 12, some 2.5 CPU-seconds each).
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const first = (file: TestSpecification) =>
      BEFORE_ALL.some((path) => file.moduleId.endsWith(`/${path}`));
    const sorted = await this.longFirst(files.filter(first));
    const rest = files.filter((file) => !first(file));
    const projects = [...new Set(rest.map((file) => file.project.name))].sort((a, b) =>
      a === "spec" ? 1 : b === "spec" ? -1 : a.localeCompare(b),
    );
    for (const project of projects) {
      sorted.push(...(await this.longFirst(rest.filter((f) => f.project.name === project))));
    }
    return sorted;
  }

  private async longFirst(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      LONGEST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
    const known = files.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
    const others = await super.sort(files.filter((file) => rank(file) < 0));
    return [...known, ...others];
  }
}
