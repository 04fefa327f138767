import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import BetterSqlite3 from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema.ts";

export type Db = BetterSQLite3Database<typeof schema>;

export interface Database {
  db: Db;
  sqlite: BetterSqlite3.Database;
  close(): void;
}

/** The committed migrations, found from this file (not the working directory). */
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../drizzle", import.meta.url));

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date. WAL lets readers
 * run beside the single writer; NORMAL sync is durable across process crashes (only a power loss
 * can drop the last commits); the busy timeout rides out a backup tool's lock.
 */
export function openDatabase(path: string): Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  // drizzle's table-rebuild migrations switch foreign keys off inside a transaction, where that
  // does nothing: switch them off on the connection around migrate() instead.
  sqlite.pragma("foreign_keys = OFF");
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  sqlite.pragma("foreign_keys = ON");
  return {
    db,
    sqlite,
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}
