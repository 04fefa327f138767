import type { VersionedState } from "@grammyjs/conversations";
import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { conversationState } from "../schema.ts";

/**
 * Storage of the conversations plugin on SQLite, so a restart mid-flow loses nothing. Values are
 * the plugin's own versioned JSON state; they are stored and returned as they are.
 */
export function createConversationStateRepository<S>(db: Db) {
  return {
    read(key: string): VersionedState<S> | undefined {
      const row = db.select().from(conversationState).where(eq(conversationState.key, key)).get();
      if (!row) return undefined;
      try {
        return JSON.parse(row.value) as VersionedState<S>;
      } catch {
        // A damaged row only costs this chat its half-finished flow.
        return undefined;
      }
    },
    write(key: string, state: VersionedState<S>): void {
      const value = JSON.stringify(state);
      const updatedAt = Date.now();
      db.insert(conversationState)
        .values({ key, value, updatedAt })
        .onConflictDoUpdate({ target: conversationState.key, set: { value, updatedAt } })
        .run();
    },
    delete(key: string): void {
      db.delete(conversationState).where(eq(conversationState.key, key)).run();
    },
  };
}
