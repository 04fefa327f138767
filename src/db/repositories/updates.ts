import { sql } from "drizzle-orm";
import type { z } from "zod";
import { journaledRow } from "../rows.ts";
import { type Executor, insertInto, parseRows, type Seam, sqlList } from "../seam.ts";

/** An update as Telegram sent it: its id and its JSON. */
type JournaledUpdate = z.output<typeof journaledRow>;

/** Rows per INSERT (three parameters each): a polled batch is 100 at most. */
const CHUNK = 500;

/** Deletes a handled update's row; with a conversation write, in that write's transaction. */
export async function forgetUpdate(tx: Executor, updateId: number): Promise<void> {
  await tx.run(sql`delete from update_journal where update_id = ${updateId}`);
}

/**
 * The journal of Telegram updates taken by long polling and not yet handled (`update_journal`):
 * written before a batch is handed on, so that an update whose handling a crash cut short is
 * handled again by the next start, and never lost with the offset Telegram already moved past.
 */
export function createUpdatesRepository(db: Seam) {
  return {
    /** Records a batch, atomically; an update recorded already is kept as it was. */
    async record(updates: readonly JournaledUpdate[], now = Date.now()): Promise<void> {
      if (updates.length === 0) return;
      const rows = updates.map(({ updateId, payload }) => ({ updateId, payload, receivedAt: now }));
      const insert = (tx: Executor, from: number) =>
        tx.run(
          sql`${insertInto("update_journal", rows.slice(from, from + CHUNK))} on conflict do nothing`,
        );
      // One statement is atomic by itself; a batch larger than one INSERT takes a transaction.
      if (rows.length <= CHUNK) await insert(db, 0);
      else
        await db.transaction(async (tx) => {
          for (let i = 0; i < rows.length; i += CHUNK) await insert(tx, i);
        });
    },

    async done(updateIds: readonly number[]): Promise<void> {
      if (updateIds.length === 0) return;
      await db.run(sql`delete from update_journal where update_id in ${sqlList(updateIds)}`);
    },

    /**
     * Takes every update left unhandled, oldest first, deleting them in the same statement: each
     * is handled again once at most, so an update that kills the process cannot do so on every
     * start.
     */
    async takeLeft(): Promise<JournaledUpdate[]> {
      const rows = await db.all(
        sql`delete from update_journal returning update_id as "updateId", payload`,
      );
      return parseRows(journaledRow, rows).sort((a, b) => a.updateId - b.updateId);
    },
  };
}

export type UpdatesRepository = ReturnType<typeof createUpdatesRepository>;
