import type { ConversationData, VersionedState } from "@grammyjs/conversations";
import { and, eq } from "drizzle-orm";
import {
  type ConversationRows,
  conversationDataSchema,
  parseConversationState,
  type StoredConversation,
} from "../../conversation-storage.ts";
import type { PgDb, PgExecutor } from "../client.ts";
import { conversationState, updateJournal } from "../schema.ts";

/**
 * The conversations plugin's state per chat (`../../repositories/conversations.ts`) on
 * PostgreSQL. Compare-and-set on the revision: an instance that read an older state cannot
 * overwrite the newer one another instance wrote.
 */
export function createPgConversationsRepository(db: PgDb) {
  return {
    async read(key: string): Promise<StoredConversation<ConversationData>> {
      const [row] = await db
        .select({ value: conversationState.value, revision: conversationState.revision })
        .from(conversationState)
        .where(eq(conversationState.key, key));
      if (!row) return { state: undefined, revision: 0 };
      return {
        state: parseConversationState<ConversationData>(row.value, conversationDataSchema),
        revision: row.revision,
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
        if (written) await tx.delete(updateJournal).where(eq(updateJournal.updateId, updateId));
        return written;
      });
    },

    async delete(key: string, revision: number, updateId?: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(conversationState)
          .where(and(eq(conversationState.key, key), eq(conversationState.revision, revision)));
        const deleted =
          removed.rowCount === 1 ||
          (
            await tx
              .select({ key: conversationState.key })
              .from(conversationState)
              .where(eq(conversationState.key, key))
          ).length === 0;
        if (deleted && updateId !== undefined) {
          await tx.delete(updateJournal).where(eq(updateJournal.updateId, updateId));
        }
        return deleted;
      });
    },
  } satisfies ConversationRows<ConversationData>;
}

async function writeState(
  db: PgExecutor,
  key: string,
  state: VersionedState<ConversationData>,
  revision: number,
): Promise<boolean> {
  const next = { value: JSON.stringify(state), revision: revision + 1, updatedAt: Date.now() };
  const written =
    revision === 0
      ? await db
          .insert(conversationState)
          .values({ key, ...next })
          .onConflictDoUpdate({
            target: conversationState.key,
            set: next,
            setWhere: eq(conversationState.revision, 0),
          })
      : await db
          .update(conversationState)
          .set(next)
          .where(and(eq(conversationState.key, key), eq(conversationState.revision, revision)));
  return written.rowCount === 1;
}
