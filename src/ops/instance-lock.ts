import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import BetterSqlite3 from "better-sqlite3";

/** Another process holds the database: SQLite mode runs one instance. */
class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
}

/**
 * Claims the SQLite database for this process, for as long as it runs: a second instance on the
 * same file would poll Telegram against this one and push every status twice. The claim is an
 * exclusive lock SQLite takes on a small file beside the database (`<path>.lock`); the operating
 * system drops it when the process ends, however it ends, so a crash never leaves it stale.
 */
export function claimDatabase(path: string): { since: number; release(): void } {
  // The claim comes before openDatabase, which would otherwise create the database's folder.
  mkdirSync(dirname(path), { recursive: true });
  const lock = new BetterSqlite3(`${path}.lock`);
  let since: number;
  try {
    lock.pragma("busy_timeout = 0");
    lock.pragma("locking_mode = EXCLUSIVE");
    // The first write takes the exclusive lock; in EXCLUSIVE mode it is kept after the commit.
    lock.exec("CREATE TABLE IF NOT EXISTS owner (pid INTEGER, since INTEGER)");
    lock.prepare("INSERT INTO owner (pid, since) VALUES (?, ?)").run(process.pid, Date.now());
    since = Date.now();
  } catch (error) {
    lock.close();
    if (error instanceof Error && /locked|busy/i.test(error.message)) {
      throw new DatabaseInUseError(
        `another instance is running on ${path}: SQLite mode is single-instance (set DATABASE_URL to a PostgreSQL database to run several)`,
      );
    }
    throw error;
  }
  return {
    /**
     * When this process held the database (unix ms, wall clock, read once the lock was taken: every
     * process before it had ended by then). Whatever another process began before this instant,
     * it will never finish.
     */
    since,
    release: () => {
      if (lock.open) lock.close();
    },
  };
}
