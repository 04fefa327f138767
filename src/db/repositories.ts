import type { Db } from "./client.ts";
import { createChatsRepository } from "./repositories/chats.ts";
import { createCoinsRepository } from "./repositories/coins.ts";
import { createConversationsRepository } from "./repositories/conversations.ts";
import { createIntentsRepository } from "./repositories/intents.ts";
import { createMetaRepository } from "./repositories/meta.ts";
import { createNotificationsRepository } from "./repositories/notifications.ts";
import { createPrivacyRepository } from "./repositories/privacy.ts";
import { createStatsRepository } from "./repositories/stats.ts";
import { createTransactionsRepository } from "./repositories/transactions.ts";
import { createUpdatesRepository } from "./repositories/updates.ts";

/**
 * Every repository on one connection. better-sqlite3 is synchronous and single-connection, so a
 * caller's `db.transaction(() => …)` around several repository calls makes them one SQLite
 * transaction.
 */
export function createRepositories(db: Db) {
  return {
    chats: createChatsRepository(db),
    coins: createCoinsRepository(db),
    /** The conversations plugin's rows; `conversationStorage()` builds the plugin option on them. */
    conversations: createConversationsRepository(db),
    intents: createIntentsRepository(db),
    meta: createMetaRepository(db),
    notifications: createNotificationsRepository(db),
    privacy: createPrivacyRepository(db),
    stats: createStatsRepository(db),
    transactions: createTransactionsRepository(db),
    /** Telegram updates taken by polling and not yet handled. */
    updates: createUpdatesRepository(db),
  };
}

/** The SQLite repositories: the reference API, answered synchronously. */
export type Repositories = ReturnType<typeof createRepositories>;

/** Each method of `T`, taking the same arguments and answering with a promise. */
export type Promisified<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};

/**
 * The same API answered with promises: what the PostgreSQL repositories must satisfy, and what
 * code written for both stores sees.
 */
export type AsyncRepositories = { [K in keyof Repositories]: Promisified<Repositories[K]> };

/** Either store's repositories: every method's answer may be awaited. */
export type AnyRepositories = {
  [K in keyof Repositories]: {
    [M in keyof Repositories[K]]: Repositories[K][M] extends (...args: infer A) => infer R
      ? (...args: A) => R | Promise<R>
      : never;
  };
};

/** The SQLite repositories seen through the promise API (for code and tests written for both). */
export function promisedRepositories(repos: Repositories): AsyncRepositories {
  const wrap = <T extends object>(repo: T): Promisified<T> =>
    Object.fromEntries(
      Object.entries(repo).map(([name, method]) => [
        name,
        async (...args: unknown[]) => (method as (...a: unknown[]) => unknown)(...args),
      ]),
    ) as Promisified<T>;
  return Object.fromEntries(
    Object.entries(repos).map(([name, repo]) => [name, wrap(repo)]),
  ) as AsyncRepositories;
}
