import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openStorage } from "../../src/db/open.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { onCleanup, rejection, tempDir } from "./helpers.ts";

/** What /healthz asks the store: a check that reads only. */
describe("the store's health check", () => {
  it("SQLite: passes, and fails once the file is gone", async () => {
    const path = join(tempDir(), "bot.sqlite");
    const storage = await openStorage({ databasePath: path });
    onCleanup(() => storage.close());
    await expect(storage.check()).resolves.toBeUndefined();
    const { rmSync } = await import("node:fs");
    rmSync(path);
    expect(await rejection(storage.check())).toMatch(/ENOENT/);
  });

  it("PostgreSQL: passes, and fails once the database is set read-only, or the pool is closed", async () => {
    const { url, drop } = await freshPostgresDatabase();
    onCleanup(drop);
    const storage = await openStorage({
      databasePath: "unused",
      databaseUrl: url,
      onError: () => {},
    });
    await expect(storage.check()).resolves.toBeUndefined();

    // The operator makes the database read-only; the store's connections are renewed.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `alter database ${new URL(url).pathname.slice(1)} set default_transaction_read_only = on`,
    );
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    await admin.end();
    // A connection killed under the pool may fail one query before the pool drops it.
    let failure = "";
    for (let i = 0; i < 5 && !/read-only/.test(failure); i++) {
      failure = await rejection(storage.check());
    }
    expect(failure).toMatch(/read-only/);

    await storage.close();
    expect(await rejection(storage.check())).toMatch(/pool/i);
  });
});
