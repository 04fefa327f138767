import { accessSync, constants, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { projectPath } from "../lib/project-root.ts";
import * as schema from "./schema.ts";
import { BUSY_WAIT_MS, SQLITE_BUSY_TIMEOUT_MS } from "./sqlite-busy.ts";
import { sqliteSeam } from "./sqlite-seam.ts";
import { SqliteWrites } from "./sqlite-writes.ts";

/** The drizzle instance on the connection, typed with the schema (migrations, tests). */
type Db = BetterSQLite3Database<typeof schema>;

export type SqliteDatabase = ReturnType<typeof openSqliteDatabase>;

/** The committed migrations, found from this file so that the working directory does not matter. */
export const MIGRATIONS_DIR = projectPath("drizzle", "sqlite");

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date. `":memory:"` gives
 * a private in-memory database.
 *
 * WAL lets readers run beside the single writer; NORMAL sync is durable across process crashes
 * (only a power loss can drop the last commits); another connection's lock (a backup, a second
 * process during a deploy) is waited out for a while instead of failing at once.
 */
export function openSqliteDatabase(path: string) {
  if (path !== ":memory:" && path !== "") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  try {
    sqlite.pragma("journal_mode = WAL");
    // Start-up may wait for a lock with the whole process (nothing else runs yet); afterwards the
    // seam waits between event-loop turns instead (see sqlite-busy.ts).
    sqlite.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
    sqlite.pragma("synchronous = NORMAL");
    const db = drizzle(sqlite, { schema });
    runMigrations(sqlite, db);
    sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    const ping = sqlite.prepare("select 1");
    const onDisk = path !== ":memory:" && path !== "";
    const writes = new SqliteWrites();
    return {
      /** What the repositories run on: the one way in while the app runs (see sqlite-seam.ts). */
      seam: sqliteSeam(sqlite, { writes }),
      /** Drizzle on the same connection, for migrations and tests; it bypasses the seam's turns. */
      db,
      /** The raw connection, for pragmas and tests; queries belong in the repositories. */
      sqlite,
      /**
       * Throws when the database cannot serve the bot: the connection is closed, the file (or
       * its folder, where the WAL lives) was removed or is no longer writable, or writes fail for
       * want of room (a full disk: see sqlite-writes.ts). It only reads.
       */
      check: (): void => {
        ping.get();
        writes.check();
        if (onDisk) {
          accessSync(path, constants.W_OK);
          accessSync(dirname(path), constants.W_OK);
        }
      },
      close: () => {
        if (sqlite.open) sqlite.close();
      },
    };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

function runMigrations(sqlite: BetterSqlite3.Database, db: Db): void {
  // drizzle's table-rebuild migrations say `PRAGMA foreign_keys=OFF` inside their transaction,
  // where SQLite ignores it: switch it off on the connection around migrate() instead, and check
  // afterwards that the rebuilt tables still hold together.
  sqlite.pragma("foreign_keys = OFF");
  try {
    migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const broken = sqlite.pragma("foreign_key_check") as unknown[];
    if (broken.length > 0) {
      throw new Error(`migrations left ${broken.length} rows with a broken foreign key`);
    }
  } finally {
    sqlite.pragma("foreign_keys = ON");
  }
}
