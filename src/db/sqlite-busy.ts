import { setTimeout as sleep } from "node:timers/promises";

/**
 * How long a statement waits, in all, for another connection's lock on the SQLite file (a backup,
 * a careless sqlite3 shell) before it fails with SQLITE_BUSY: the user is then told the bot is
 * briefly unavailable (bot/storage-failure.ts).
 */
export const BUSY_WAIT_MS = 5_000;

/**
 * SQLite's own busy timeout while the bot runs: none. better-sqlite3 is synchronous, so SQLite's
 * busy handler sleeps with the whole process (the event loop, every chat, the loops, Telegram's
 * polling) for as long as it waits, and each of several waiting statements would add its own
 * sleep. A busy statement fails at once instead and `whileBusy` waits between event-loop turns.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 0;

/** The pauses between tries: short at first (most locks are brief), then a steady 100 ms. */
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 100;

/**
 * SQLITE_BUSY and its extended codes (better-sqlite3 turns extended result codes on): another
 * connection holds the lock this statement needs.
 */
function isBusy(error: unknown): boolean {
  if (!(error instanceof Error) || !("code" in error)) return false;
  return typeof error.code === "string" && error.code.startsWith("SQLITE_BUSY");
}

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY, pausing between tries without holding
 * the event loop, for at most `budgetMs` in all; then its last error is thrown. Safe only for work
 * that SQLite rolled back whole when it answered busy: one statement in autocommit, a BEGIN.
 */
export async function whileBusy<T>(
  attempt: () => T | Promise<T>,
  budgetMs: number = BUSY_WAIT_MS,
): Promise<T> {
  const giveUpAt = performance.now() + budgetMs;
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const left = giveUpAt - performance.now();
      if (!isBusy(error) || left <= 0) throw error;
      await sleep(Math.min(pause, left));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }
}
