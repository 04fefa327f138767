import { eq, inArray, sql } from "drizzle-orm";
import type { Db, DbExecutor } from "../client.ts";
import { WRITE } from "../client.ts";
import { meta, updateJournal } from "../schema.ts";

/** An update as Telegram sent it: its id and its JSON. */
export interface JournaledUpdate {
  updateId: number;
  payload: string;
}

/** The highest update id recorded, and when it was. */
export interface HighWater {
  updateId: number;
  recordedAt: number;
}

export function toHighWater(row: { value: string; updatedAt: number }): HighWater | undefined {
  const updateId = Number(row.value);
  return Number.isSafeInteger(updateId) ? { updateId, recordedAt: row.updatedAt } : undefined;
}

/** The meta key of the highest update id ever recorded. */
export const UPDATE_HIGH_WATER_KEY = "telegram.update_high_water";

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
  const raiseHighWater = db
    .insert(meta)
    .values({
      key: UPDATE_HIGH_WATER_KEY,
      value: sql.placeholder("value"),
      updatedAt: sql.placeholder("at"),
    })
    .onConflictDoUpdate({
      target: meta.key,
      set: {
        value: sql`max(cast(${meta.value} as integer), cast(excluded.value as integer))`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .prepare();

  return {
    /** Records a batch, and the highest update id ever recorded, in one transaction. */
    record(updates: readonly JournaledUpdate[], now = Date.now()): void {
      if (updates.length === 0) return;
      let top = 0;
      db.transaction(() => {
        for (const update of updates) {
          insertRow.run({ ...update, receivedAt: now });
          top = Math.max(top, update.updateId);
        }
        raiseHighWater.run({ value: String(top), at: now });
      }, WRITE);
    },

    /** The highest update id ever recorded, and when (undefined: none). */
    highWater(): HighWater | undefined {
      const row = db
        .select({ value: meta.value, updatedAt: meta.updatedAt })
        .from(meta)
        .where(eq(meta.key, UPDATE_HIGH_WATER_KEY))
        .get();
      return row && toHighWater(row);
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
