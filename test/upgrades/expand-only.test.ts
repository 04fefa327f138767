import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contractions } from "../support/migration-rules.ts";
import { fileAt, filesAt, previousRelease } from "../support/previous-release.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const FOLDERS = ["drizzle/sqlite", "drizzle/pg"];

/** Every migration file of this tree that the previous release does not have. */
function migrationsSince(commit: string): string[] {
  return FOLDERS.flatMap((folder) => {
    const old = new Set(filesAt(commit, folder));
    return readdirSync(join(ROOT, folder))
      .filter((name) => name.endsWith(".sql"))
      .map((name) => `${folder}/${name}`)
      .filter((path) => !old.has(path));
  });
}

/** Every source file under src/ (the page's bundle included). */
function sources(dir = join(ROOT, "src")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("migrations since the previous release only add (expand, then contract)", () => {
  it("no migration added since the previous tag drops, renames or adds a NOT NULL column without a default", () => {
    const { commit } = previousRelease();
    const added = migrationsSince(commit);
    const problems = added.flatMap((path) =>
      contractions(path, readFileSync(join(ROOT, path), "utf8")),
    );
    expect(problems).toEqual([]);
  });

  it("the previous release's migrations are all still here, unchanged (a migration is never edited)", () => {
    const { commit } = previousRelease();
    // The journal gains entries; every other file (SQL, snapshots) stays as it was.
    const old = FOLDERS.flatMap((folder) => filesAt(commit, folder)).filter(
      (path) => !path.endsWith("/_journal.json"),
    );
    expect(old.length).toBeGreaterThan(10);
    const changed = old.filter(
      (path) =>
        !existsSync(join(ROOT, path)) ||
        readFileSync(join(ROOT, path), "utf8") !== fileAt(commit, path),
    );
    expect(changed).toEqual([]);
  });

  it("names each kind of contraction, and lets additions through", () => {
    const sqlite = [
      "ALTER TABLE `transactions` DROP COLUMN `sandbox`;",
      "ALTER TABLE `transactions` RENAME COLUMN `memo` TO `payout_memo`;",
      "ALTER TABLE `transactions` ADD `kind` text NOT NULL;",
      "DROP TABLE `old`;--> statement-breakpoint\nALTER TABLE `__new_chats` RENAME TO `chats`;",
    ].join("--> statement-breakpoint\n");
    expect(contractions("x.sql", sqlite).map((line) => line.split(":")[0])).toEqual([
      "x.sql drops something",
      "x.sql renames something",
      "x.sql adds a NOT NULL column without a default",
      "x.sql drops something",
      "x.sql renames something",
    ]);
    const pg =
      'ALTER TABLE "t" ALTER COLUMN "memo" SET NOT NULL;--> statement-breakpoint\nALTER TABLE "t" ALTER COLUMN "n" SET DATA TYPE bigint;';
    expect(contractions("y.sql", pg)).toHaveLength(2);
    const additive = [
      "CREATE TABLE `tickets` (`id` integer PRIMARY KEY NOT NULL, `chat_id` integer NOT NULL);",
      "ALTER TABLE `transactions` ADD `exchange` text DEFAULT '' NOT NULL;",
      "ALTER TABLE `transactions` ADD `given_up_at` integer;",
      "CREATE INDEX `tx_open` ON `transactions` (`status`);",
      "-- Data: a backfill the old code ignores (nothing to drop here).\nUPDATE `transactions` SET `exchange` = 'sandbox' WHERE `exchange` = '';",
    ].join("--> statement-breakpoint\n");
    expect(contractions("z.sql", additive)).toEqual([]);
  });

  it("the code names the columns it reads: no `select *` that a new column would break", () => {
    const selectAll = sources().filter((path) => /\bselect\s+\*/i.test(readFileSync(path, "utf8")));
    expect(selectAll).toEqual([]);
  });
});
