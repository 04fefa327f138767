import type { ConversationData, VersionedState } from "@grammyjs/conversations";
import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  type ConversationRows,
  conversationDataSchema,
  parseConversationState,
  type StoredConversation,
} from "../conversation-storage.ts";
import { conversationState } from "../schema.ts";

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

    write(key: string, state: VersionedState<ConversationData>, revision: number): boolean {
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
    },

    delete(key: string, revision: number): boolean {
      const deleted = db
        .delete(conversationState)
        .where(and(eq(conversationState.key, key), eq(conversationState.revision, revision)))
        .run();
      if (deleted.changes === 1) return true;
      return !db
        .select({ key: conversationState.key })
        .from(conversationState)
        .where(eq(conversationState.key, key))
        .get();
    },
  } satisfies ConversationRows<ConversationData>;
}
