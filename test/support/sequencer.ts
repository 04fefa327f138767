import { statSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that wait longest (test/e2e/: bot processes, browsers, real-time windows) start first,
 * larger files first, so that none of them ends the run alone while the other workers sit idle.
 * Always the same order: no timings of an earlier run are needed, as on a clean clone.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (file: TestSpecification) =>
      (file.moduleId.includes("/test/e2e/") ? 1e9 : 0) + statSync(file.moduleId).size;
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}
