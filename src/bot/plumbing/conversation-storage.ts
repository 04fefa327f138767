import type {
  ConversationData,
  ConversationStorage,
  VersionedState,
} from "@grammyjs/conversations";
import type { Context } from "grammy";
import { Lru } from "../../lib/lru.ts";
import { takeBackSent } from "./unsaved-prompts.ts";

/** A chat's stored conversation state and the revision it was read at (0: no row). */
interface StoredConversation<S> {
  state: VersionedState<S> | undefined;
  revision: number;
}

/**
 * The conversation_state table, in either dialect. Writes are compare-and-set on the revision
 * read: another instance that wrote in between (a newer state) is never overwritten.
 */
interface ConversationRows<S> {
  read(key: string): Promise<StoredConversation<S>>;
  /**
   * Stores `state` if the row is still at `revision`; the row moves to `revision + 1`. With
   * `updateId`, that update's journal row (see transport/update-journal.ts) goes in the same
   * transaction: the update is handled exactly when its state is stored.
   */
  write(
    key: string,
    state: VersionedState<S>,
    revision: number,
    updateId?: number,
  ): Promise<boolean>;
  /** Deletes the row if it is still at `revision` (true as well when there is none). */
  delete(key: string, revision: number, updateId?: number): Promise<boolean>;
}

/**
 * Which version of the flow the stored states are for, and what becomes of a state another
 * version stored (the bot decides: swap-flow/flow-versions.ts).
 */
export interface StoredVersions<C> {
  /** The version states are stored under now. */
  version: string | number;
  /**
   * A state stored under `from`, carried into `version`; undefined when it cannot be carried
   * (without `carry`, none can).
   */
  carry?(from: string | number, state: ConversationData): ConversationData | undefined;
  /** An update whose chat had a flow that could not be carried: its row is already deleted. */
  outdated?(ctx: C): void;
}

/** Another instance moved the chat's conversation on since this update read it. */
export class StaleConversationError extends Error {
  override name = "StaleConversationError";
  constructor(key: string) {
    super(`conversation ${key} was changed by another update meanwhile; this one is not saved`);
  }
}

/**
 * The `storage` option for `conversations({ storage })`, on the conversation_state table.
 *
 * `version` rule: the plugin replays a stored conversation against the current code, so bump it
 * (any new number or string) in every release that changes a conversation's code in a way that
 * would replay an old half-finished flow differently: the order or number of `wait`/`external`
 * calls, the steps, the arguments. Text-only changes need no bump. A state of another version is
 * given to `carry`: carried, it is read as the current version's; otherwise its row is deleted at
 * once and `outdated(ctx)` told, so the bot can tell that chat, once, that it was updated.
 *
 * It is a context storage, not the plugin's key storage: the key storage builds
 * `prefix + getStorageKey(ctx)`, so an update without a chat (an inline query) gets the key
 * "undefined", shared by everyone. Here such an update reads nothing and writes nothing. Keys are
 * the chat id as a string, as the plugin's default key storage would make them.
 *
 * Each update writes back only over the revision it read (remembered per update object): when
 * another instance handled the chat in between, the write fails with StaleConversationError and
 * the newer state stays. `cacheSize` > 0 keeps recent states in memory, which is right only when
 * this process is the database's single writer (SQLite).
 */
export function conversationStorage<C extends Context>(
  rows: ConversationRows<ConversationData>,
  options: StoredVersions<C> & {
    cacheSize?: number;
    /** Updates come through the polling journal: a state write also marks its update handled. */
    journaled?: boolean;
  },
): ConversationStorage<C, ConversationData> {
  // Most chats have no state: the cache answers those reads without a query. Values are kept
  // serialized so the plugin never shares an object with the cache.
  const cacheSize = options.cacheSize ?? 0;
  const cache =
    cacheSize > 0
      ? new Lru<string, { json: string | null; revision: number }>(cacheSize)
      : undefined;
  const keyOf = (ctx: C): string | undefined =>
    ctx.chatId === undefined ? undefined : String(ctx.chatId);

  const load = async (key: string): Promise<StoredConversation<ConversationData>> => {
    const stored = await rows.read(key);
    cache?.set(key, {
      json: stored.state === undefined ? null : JSON.stringify(stored.state),
      revision: stored.revision,
    });
    return stored;
  };
  /** The revision this update read (the plugin always reads before it writes). */
  const revisionOf = async (ctx: C, key: string) =>
    readRevision(ctx) ?? (cache?.get(key) ?? (await load(key))).revision;

  /** Deletes an outdated flow's row (read at the revision this update remembered). */
  const dropOutdated = async (ctx: C, key: string): Promise<undefined> => {
    if (!(await rows.delete(key, readRevision(ctx) ?? 0))) {
      cache?.delete(key);
      throw new StaleConversationError(key);
    }
    rememberRevision(ctx, 0);
    cache?.set(key, { json: null, revision: 0 });
    options.outdated?.(ctx);
    return undefined;
  };
  /** The state as the current version reads it: as stored, carried, or (outdated) none. */
  const current = (
    ctx: C,
    key: string,
    state: VersionedState<ConversationData> | undefined,
  ): VersionedState<ConversationData> | Promise<undefined> | undefined => {
    if (state === undefined) return undefined;
    const [pluginVersion, stored] = state.version;
    if (stored === options.version) return state;
    const carried = options.carry?.(stored, state.state);
    if (carried !== undefined) return { version: [pluginVersion, options.version], state: carried };
    return dropOutdated(ctx, key);
  };

  return {
    type: "context",
    version: options.version,
    adapter: {
      // Every update of a chat reads: from the cache it answers at once, without a promise.
      read(ctx) {
        const key = keyOf(ctx);
        if (key === undefined) return undefined;
        const cached = cache?.get(key);
        if (cached) {
          rememberRevision(ctx, cached.revision);
          return cached.json === null
            ? undefined
            : current(ctx, key, JSON.parse(cached.json) as VersionedState<ConversationData>);
        }
        return load(key).then((stored) => {
          rememberRevision(ctx, stored.revision);
          return current(ctx, key, stored.state);
        });
      },
      async write(ctx, state) {
        const key = keyOf(ctx);
        if (key === undefined) return;
        const updateId = options.journaled ? ctx.update.update_id : undefined;
        const written = async () => {
          const revision = await revisionOf(ctx, key);
          if (!(await rows.write(key, state, revision, updateId))) {
            cache?.delete(key);
            throw new StaleConversationError(key);
          }
          return revision + 1;
        };
        // Not stored: the prompts this update sent are of a step the chat is not at.
        const revision = await written().catch(async (error: unknown) => {
          await takeBackSent(ctx);
          throw error;
        });
        rememberRevision(ctx, revision);
        cache?.set(key, { json: JSON.stringify(state), revision });
      },
      async delete(ctx) {
        const key = keyOf(ctx);
        if (key === undefined) return;
        const revision = await revisionOf(ctx, key);
        const updateId = options.journaled ? ctx.update.update_id : undefined;
        if (!(await rows.delete(key, revision, updateId))) {
          cache?.delete(key);
          throw new StaleConversationError(key);
        }
        // A deleted row starts again at revision 0.
        rememberRevision(ctx, 0);
        cache?.set(key, { json: null, revision: 0 });
      },
    },
  };
}

/**
 * The revision an update read, kept on the update's own context object: a WeakMap entry per
 * update would cost every garbage collection an ephemeron to trace.
 */
const REVISION = Symbol("conversation revision read");

function rememberRevision(ctx: Context, revision: number): void {
  (ctx as Context & { [REVISION]?: number })[REVISION] = revision;
}

function readRevision(ctx: Context): number | undefined {
  return (ctx as Context & { [REVISION]?: number })[REVISION];
}
