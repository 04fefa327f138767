import { eq, inArray, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "../client.ts";
import { WRITE } from "../client.ts";
import { updateJournal } from "../schema.ts";

/** An update as Telegram sent it: its id and its JSON. */
export interface JournaledUpdate {
  updateId: number;
  payload: string;
}

/** Deletes a handled update's row; with a conversation write, in that write's transaction. */
export function forgetUpdate(tx: DbExecutor, updateId: number): void {
  tx.delete(updateJournal).where(eq(updateJournal.updateId, updateId)).run();
}

/**
 * The journal of Telegram updates taken by long polling and not yet handled (`update_journal`):
 * written before a batch is handed on, so that an update whose handling a crash cut short is
 * handled again by the next start, and never lost with the offset Telegram already moved past.
 */
export function createUpdatesRepository(db: Db) {
  // Every polled batch passes here: prepared once, not built per row.
  const insertRow = db
    .insert(updateJournal)
    .values({
      updateId: sql.placeholder("updateId"),
      payload: sql.placeholder("payload"),
      receivedAt: sql.placeholder("receivedAt"),
    })
    .onConflictDoNothing()
    .prepare();

  return {
    /** Records a batch in one transaction; an update recorded already is kept as it was. */
    record(updates: readonly JournaledUpdate[], now = Date.now()): void {
      if (updates.length === 0) return;
      db.transaction(() => {
        for (const update of updates) insertRow.run({ ...update, receivedAt: now });
      }, WRITE);
    },

    /** Forgets handled updates. */
    done(updateIds: readonly number[]): void {
      if (updateIds.length === 0) return;
      db.delete(updateJournal)
        .where(inArray(updateJournal.updateId, [...updateIds]))
        .run();
    },

    /**
     * Takes every update left unhandled, oldest first, deleting them in the same statement: each
     * is handled again once at most, so an update that kills the process cannot do so on every
     * start.
     */
    takeLeft(): JournaledUpdate[] {
      return db
        .delete(updateJournal)
        .returning({ updateId: updateJournal.updateId, payload: updateJournal.payload })
        .all()
        .sort((a, b) => a.updateId - b.updateId);
    },
  };
}
