import { inArray } from "drizzle-orm";
import type { JournaledUpdate } from "../../repositories/updates.ts";
import type { PgDb } from "../client.ts";
import { updateJournal } from "../schema.ts";

/** The journal of updates taken by polling (`../../repositories/updates.ts`) on PostgreSQL. */
export function createPgUpdatesRepository(db: PgDb) {
  return {
    async record(updates: readonly JournaledUpdate[], now = Date.now()): Promise<void> {
      if (updates.length === 0) return;
      await db
        .insert(updateJournal)
        .values(updates.map((update) => ({ ...update, receivedAt: now })))
        .onConflictDoNothing();
    },

    async done(updateIds: readonly number[]): Promise<void> {
      if (updateIds.length === 0) return;
      await db.delete(updateJournal).where(inArray(updateJournal.updateId, [...updateIds]));
    },

    async takeLeft(): Promise<JournaledUpdate[]> {
      const left = await db
        .delete(updateJournal)
        .returning({ updateId: updateJournal.updateId, payload: updateJournal.payload });
      return left.sort((a, b) => a.updateId - b.updateId);
    },
  };
}
