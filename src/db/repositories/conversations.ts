import type { ConversationData, VersionedState } from "@grammyjs/conversations";
import { sql } from "drizzle-orm";
import {
  type ConversationRows,
  conversationDataSchema,
  parseConversationState,
  type StoredConversation,
} from "../conversation-storage.ts";
import { type Executor, long, type Seam } from "../seam.ts";
import { forgetUpdate } from "./updates.ts";

/**
 * The conversations plugin's state per chat, written compare-and-set on its revision: an instance
 * that read an older state cannot overwrite the newer one another instance wrote.
 */
export function createConversationsRepository(db: Seam) {
  return {
    async read(key: string): Promise<StoredConversation<ConversationData>> {
      const [row] = await db.all(
        sql`select "value", revision from conversation_state where "key" = ${key}`,
      );
      if (!row) return { state: undefined, revision: 0 };
      return {
        state: parseConversationState<ConversationData>(String(row.value), conversationDataSchema),
        revision: long.parse(row.revision),
      };
    },

    async write(
      key: string,
      state: VersionedState<ConversationData>,
      revision: number,
      updateId?: number,
    ): Promise<boolean> {
      if (updateId === undefined) return writeState(db, key, state, revision);
      // The update that moved the conversation on is handled: both or neither are stored.
      return db.transaction(async (tx) => {
        const written = await writeState(tx, key, state, revision);
        if (written) await forgetUpdate(tx, updateId);
        return written;
      });
    },

    delete(key: string, revision: number, updateId?: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted =
          (await tx.run(sql`delete from conversation_state
            where "key" = ${key} and revision = ${revision}`)) === 1 ||
          (await tx.all(sql`select 1 as one from conversation_state where "key" = ${key}`))
            .length === 0;
        if (deleted && updateId !== undefined) await forgetUpdate(tx, updateId);
        return deleted;
      });
    },
  } satisfies ConversationRows<ConversationData>;
}

async function writeState(
  db: Executor,
  key: string,
  state: VersionedState<ConversationData>,
  revision: number,
): Promise<boolean> {
  const value = JSON.stringify(state);
  const next = revision + 1;
  const now = Date.now();
  // Revision 0 was read as "no row" (or a row from before revisions): insert or take it over.
  // A later one must still be there: a row deleted meanwhile is not brought back.
  const written =
    revision === 0
      ? await db.run(sql`insert into conversation_state ("key", "value", revision, updated_at)
          values (${key}, ${value}, ${next}, ${now})
          on conflict ("key") do update set "value" = ${value}, revision = ${next},
            updated_at = ${now} where conversation_state.revision = 0`)
      : await db.run(sql`update conversation_state
          set "value" = ${value}, revision = ${next}, updated_at = ${now}
          where "key" = ${key} and revision = ${revision}`);
  return written === 1;
}
