import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storageFailure } from "../../src/bot/storage-failure.ts";
import { createRepositories } from "../../src/db/repositories.ts";
import { sqliteSeam } from "../../src/db/sqlite-seam.ts";
import { onCleanup, tempDatabase } from "./helpers.ts";

/**
 * Another process holding the SQLite file's write lock (issue 26): better-sqlite3 is synchronous,
 * so a write that waited in SQLite's busy handler stopped the whole process. The seam waits between
 * event-loop turns instead (src/db/sqlite-busy.ts).
 */

/** A second connection on the file, holding its write lock until the test lets it go. */
function lockHolder(path: string) {
  const other = new Database(path);
  onCleanup(() => {
    if (other.open) other.close();
  });
  other.exec("begin immediate");
  return { release: () => other.exec("rollback") };
}

/** Tracks whether a promise has settled, without awaiting it. */
function watch<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.then(
    () => {
      state.settled = true;
    },
    () => {
      state.settled = true;
    },
  );
  return state;
}

/** Lets the event loop turn `times` times (timers included): what a blocked process cannot do. */
async function turns(times: number): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe("SQLite's write lock held by another connection", () => {
  it("a write waits without holding the event loop, reads go on meanwhile, and the write lands once the lock goes", async () => {
    const database = tempDatabase();
    // A wait far longer than the test, so that a loaded machine cannot end it early.
    const seam = sqliteSeam(database.sqlite, { busyWaitMs: 120_000 });
    const repos = createRepositories(seam);
    await repos.meta.set("read", "before");
    const lock = lockHolder(database.path);

    const write = watch(repos.meta.set("written", "yes"));
    const transaction = watch(
      seam.transaction(async (tx) => {
        await tx.run(sql`insert into meta ("key", "value", updated_at) values ('tx', 'yes', 1)`);
      }),
    );
    await turns(20);
    // The event loop turned twenty times and the connection still answers reads...
    expect(await repos.meta.get("read")).toBe("before");
    // ...while both writes still wait for the lock (before, they had failed already, after 5 s
    // of a stopped process each).
    expect(write.settled).toBe(false);
    expect(transaction.settled).toBe(false);

    lock.release();
    await write.promise;
    await transaction.promise;
    expect(await repos.meta.get("written")).toBe("yes");
    expect(await repos.meta.get("tx")).toBe("yes");
  });

  it("a lock held past the wait fails the write with SQLITE_BUSY, and the connection serves the next one", async () => {
    const database = tempDatabase();
    const seam = sqliteSeam(database.sqlite, { busyWaitMs: 300 });
    const repos = createRepositories(seam);
    const lock = lockHolder(database.path);

    const failed = await repos.meta.set("k", "v").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toMatchObject({ code: "SQLITE_BUSY" });
    const failedTx = await seam
      .transaction(async (tx) => tx.run(sql`delete from meta`))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failedTx).toMatchObject({ code: "SQLITE_BUSY" });

    lock.release();
    await repos.meta.set("k", "after");
    await seam.transaction(async (tx) =>
      tx.run(sql`insert into meta ("key", "value", updated_at) values ('tx', 'after', 1)`),
    );
    expect([await repos.meta.get("k"), await repos.meta.get("tx")]).toEqual(["after", "after"]);
  });
});

describe("a SQLite file the bot may only read", () => {
  // As root a chmod stops no write, and an open file keeps the rights it was opened with: a
  // connection opened read-only is what SQLite gives a process that may not write the file.
  it("a write fails with SQLITE_READONLY, which the bot reads as the store refusing (the user's sentence), and reads go on", async () => {
    const database = tempDatabase();
    await database.repos.meta.set("kept", "yes");
    const readOnly = new Database(database.path, { readonly: true });
    onCleanup(() => {
      readOnly.close();
    });
    const repos = createRepositories(sqliteSeam(readOnly));

    const failed = await repos.meta.set("k", "v").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toMatchObject({ code: "SQLITE_READONLY" });
    expect(storageFailure(failed)).toBe(true);
    expect(await repos.meta.get("kept")).toBe("yes");
  });
});
