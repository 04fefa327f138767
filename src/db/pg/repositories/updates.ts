import { eq, inArray, sql } from "drizzle-orm";
import {
  type HighWater,
  type JournaledUpdate,
  toHighWater,
  UPDATE_HIGH_WATER_KEY,
} from "../../repositories/updates.ts";
import type { PgDb } from "../client.ts";
import { meta, updateJournal } from "../schema.ts";

/** The journal of updates taken by polling (`../../repositories/updates.ts`) on PostgreSQL. */
export function createPgUpdatesRepository(db: PgDb) {
  return {
    async record(updates: readonly JournaledUpdate[], now = Date.now()): Promise<void> {
      if (updates.length === 0) return;
      const top = String(Math.max(...updates.map((update) => update.updateId)));
      await db.transaction(async (tx) => {
        await tx
          .insert(updateJournal)
          .values(updates.map((update) => ({ ...update, receivedAt: now })))
          .onConflictDoNothing();
        await tx
          .insert(meta)
          .values({ key: UPDATE_HIGH_WATER_KEY, value: top, updatedAt: now })
          .onConflictDoUpdate({
            target: meta.key,
            set: {
              value: sql`greatest(${meta.value}::bigint, excluded.value::bigint)::text`,
              updatedAt: now,
            },
          });
      });
    },

    async highWater(): Promise<HighWater | undefined> {
      const [row] = await db
        .select({ value: meta.value, updatedAt: meta.updatedAt })
        .from(meta)
        .where(eq(meta.key, UPDATE_HIGH_WATER_KEY));
      return row && toHighWater(row);
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
