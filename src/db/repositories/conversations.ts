import {
  type ConversationData,
  type ConversationStorage,
  PLUGIN_DATA_VERSION,
  type VersionedState,
  type VersionedStateStorage,
} from "@grammyjs/conversations";
import { eq } from "drizzle-orm";
import type { Context } from "grammy";
import { z } from "zod";
import { Lru } from "../../lib/lru.ts";
import type { Db } from "../client.ts";
import { conversationState } from "../schema.ts";

/** The plugin's envelope: `[plugin data version, our version]` and the state. */
const envelopeSchema = z.object({
  version: z.tuple([z.number(), z.union([z.string(), z.number()])]),
  state: z.unknown(),
});

/**
 * The shape of `ConversationData` (plugin 2.1.1, `ConversationState` in plugin.d.ts). Loose
 * objects: a field a newer plugin adds passes through instead of being stripped.
 */
const conversationDataSchema = z.record(
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
);

/**
 * The key-value adapter (`VersionedStateStorage<string, S>`) on the conversation_state table.
 * States go in and out as the plugin's own JSON envelope. A row that no longer parses (or was
 * written by another plugin data version) reads as empty: the chat loses its half-finished flow
 * instead of failing on every update.
 */
export function createConversationStateRepository<S>(
  db: Db,
  stateSchema: z.ZodType<unknown> = z.unknown(),
): VersionedStateStorage<string, S> {
  return {
    read(key: string): VersionedState<S> | undefined {
      const row = db
        .select({ value: conversationState.value })
        .from(conversationState)
        .where(eq(conversationState.key, key))
        .get();
      if (!row) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(row.value);
      } catch {
        return undefined;
      }
      const envelope = envelopeSchema.safeParse(json);
      if (!envelope.success) return undefined;
      const [pluginVersion, version] = envelope.data.version;
      if (pluginVersion !== PLUGIN_DATA_VERSION) return undefined;
      const state = stateSchema.safeParse(envelope.data.state);
      if (!state.success) return undefined;
      // The schema checked the shape S stands for; zod cannot carry the plugin's own type.
      return { version: [PLUGIN_DATA_VERSION, version], state: state.data as S };
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

/** The adapter typed for the conversations plugin's own data. */
export function createConversationDataRepository(
  db: Db,
): VersionedStateStorage<string, ConversationData> {
  return createConversationStateRepository<ConversationData>(db, conversationDataSchema);
}

/**
 * The `storage` option for `conversations({ storage })`, persisted in SQLite.
 *
 * `version` rule: the plugin replays a stored conversation against the current code, so bump it
 * (any new number or string) in every release that changes a conversation's code in a way that
 * would replay an old half-finished flow differently: the order or number of `wait`/`external`
 * calls, the steps, the arguments. States of another version read as empty: those chats start the
 * flow afresh instead of being replayed wrong. Text-only changes need no bump.
 *
 * It is a context storage, not the plugin's key storage: the key storage builds
 * `prefix + getStorageKey(ctx)`, so an update without a chat (an inline query) gets the key
 * "undefined", shared by everyone. Here such an update reads nothing and writes nothing. Keys are
 * the chat id as a string, as the plugin's default key storage would make them.
 */
export function conversationStorage<C extends Context>(
  db: Db,
  options: { version: string | number; cacheSize?: number },
): ConversationStorage<C, ConversationData> {
  const rows = createConversationDataRepository(db);
  // Every update of a chat reads its state, and most chats have none: a write-through cache
  // (this process is the only writer) answers those reads without a query. Values are kept
  // serialized so the plugin never shares an object with the cache.
  const cache = new Lru<string, string | null>(options.cacheSize ?? 10_000);
  const keyOf = (ctx: C): string | undefined =>
    ctx.chatId === undefined ? undefined : String(ctx.chatId);
  return {
    type: "context",
    version: options.version,
    adapter: {
      read(ctx) {
        const key = keyOf(ctx);
        if (key === undefined) return undefined;
        const cached = cache.get(key);
        if (cached === null) return undefined;
        if (cached !== undefined) return JSON.parse(cached) as VersionedState<ConversationData>;
        const state = rows.read(key);
        cache.set(key, state === undefined ? null : JSON.stringify(state));
        return state;
      },
      write(ctx, state) {
        const key = keyOf(ctx);
        if (key === undefined) return;
        cache.set(key, JSON.stringify(state));
        return rows.write(key, state);
      },
      delete(ctx) {
        const key = keyOf(ctx);
        if (key === undefined) return;
        cache.set(key, null);
        return rows.delete(key);
      },
    },
  };
}
