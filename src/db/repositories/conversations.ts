import {
  type ConversationData,
  PLUGIN_DATA_VERSION,
  type VersionedState,
} from "@grammyjs/conversations";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Executor, long, type Seam } from "../seam.ts";
import { forgetUpdate } from "./updates.ts";

/**
 * The plugin's envelope, `[plugin data version, our version]` and the state, whose shape is
 * `ConversationData`'s (plugin 2.1.1, `ConversationState` in plugin.d.ts; loose objects: a field a
 * newer plugin adds passes through instead of being stripped).
 */
const envelopeSchema = z.object({
  version: z.tuple([z.literal(PLUGIN_DATA_VERSION), z.union([z.string(), z.number()])]),
  state: z.record(
    z.string(),
    z.array(
      z.looseObject({
        args: z.string().optional(),
        replay: z.looseObject({
          send: z.array(z.looseObject({ payload: z.string() })),
          receive: z.array(z.looseObject({ send: z.number(), returnValue: z.unknown() })),
        }),
        interrupts: z.array(z.number()),
      }),
    ),
  ),
});

/**
 * A stored row's value as the plugin's envelope. One that no longer parses (or was written by
 * another plugin data version) reads as empty: the chat loses its half-finished flow instead of
 * failing on every update.
 */
function parseState(value: string): VersionedState<ConversationData> | undefined {
  try {
    const envelope = envelopeSchema.safeParse(JSON.parse(value));
    // The schema checked ConversationData's shape; zod cannot carry the plugin's own type.
    return envelope.success ? (envelope.data as VersionedState<ConversationData>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The conversations plugin's state per chat, written compare-and-set on its revision: an instance
 * that read an older state cannot overwrite the newer one another instance wrote.
 */
export function createConversationsRepository(db: Seam) {
  return {
    async read(key: string) {
      const [row] = await db.all(
        sql`select "value", revision from conversation_state where "key" = ${key}`,
      );
      if (!row) return { state: undefined, revision: 0 };
      return { state: parseState(String(row.value)), revision: long.parse(row.revision) };
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
  };
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
