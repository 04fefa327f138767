/** The names the database drivers give their errors (better-sqlite3, node-postgres, drizzle's wrapper). */
const STORAGE_ERRORS = new Set(["SqliteError", "DatabaseError", "DrizzleQueryError"]);

/**
 * Whether an update failed because the database refused or could not be reached (SQLite busy,
 * full or read-only; PostgreSQL away): the user is then told the bot is briefly unavailable and
 * that their swaps are safe, rather than that something went wrong. Read by name along the error's
 * causes: bot/ knows nothing of the database's modules.
 */
export function storageFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (STORAGE_ERRORS.has(e.name) || STORAGE_ERRORS.has(e.constructor.name)) return true;
    e = e.cause;
  }
  return false;
}
