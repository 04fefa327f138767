import type { ConversationData, VersionedState } from "@grammyjs/conversations";
import { and, eq } from "drizzle-orm";
import { type Db, type DbExecutor, WRITE } from "../client.ts";
import {
  type ConversationRows,
  conversationDataSchema,
  parseConversationState,
  type StoredConversation,
} from "../conversation-storage.ts";
import { conversationState } from "../schema.ts";
import { forgetUpdate } from "./updates.ts";

/** The conversations plugin's state per chat, written compare-and-set on its revision. */
export function createConversationsRepository(db: Db) {
  return {
    read(key: string): StoredConversation<ConversationData> {
      const row = db
        .select({ value: conversationState.value, revision: conversationState.revision })
        .from(conversationState)
        .where(eq(conversationState.key, key))
        .get();
      if (!row) return { state: undefined, revision: 0 };
      return {
        state: parseConversationState<ConversationData>(row.value, conversationDataSchema),
        revision: row.revision,
      };
    },

    write(
      key: string,
      state: VersionedState<ConversationData>,
      revision: number,
      updateId?: number,
    ): boolean {
      if (updateId === undefined) return writeState(db, key, state, revision);
      // The update that moved the conversation on is handled: both or neither are stored.
      return db.transaction((tx) => {
        const written = writeState(tx, key, state, revision);
        if (written) forgetUpdate(tx, updateId);
        return written;
      }, WRITE);
    },

    delete(key: string, revision: number, updateId?: number): boolean {
      return db.transaction((tx) => {
        const deleted =
          tx
            .delete(conversationState)
            .where(and(eq(conversationState.key, key), eq(conversationState.revision, revision)))
            .run().changes === 1 ||
          !tx
            .select({ key: conversationState.key })
            .from(conversationState)
            .where(eq(conversationState.key, key))
            .get();
        if (deleted && updateId !== undefined) forgetUpdate(tx, updateId);
        return deleted;
      }, WRITE);
    },
  } satisfies ConversationRows<ConversationData>;
}

function writeState(
  db: DbExecutor,
  key: string,
  state: VersionedState<ConversationData>,
  revision: number,
): boolean {
  const value = JSON.stringify(state);
  const updatedAt = Date.now();
  const next = { value, revision: revision + 1, updatedAt };
  // Revision 0 was read as "no row" (or a row from before revisions): insert or take it over.
  // A later one must still be there: a row deleted meanwhile is not brought back.
  const written =
    revision === 0
      ? db
          .insert(conversationState)
          .values({ key, ...next })
          .onConflictDoUpdate({
            target: conversationState.key,
            set: next,
            setWhere: eq(conversationState.revision, 0),
          })
          .run()
      : db
          .update(conversationState)
          .set(next)
          .where(and(eq(conversationState.key, key), eq(conversationState.revision, revision)))
          .run();
  return written.changes === 1;
}
