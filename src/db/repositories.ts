import type { Db } from "./client.ts";
import { createChatsRepository } from "./repositories/chats.ts";
import { createCoinsRepository } from "./repositories/coins.ts";
import { createConversationDataRepository } from "./repositories/conversations.ts";
import { createIntentsRepository } from "./repositories/intents.ts";
import { createMetaRepository } from "./repositories/meta.ts";
import { createNotificationsRepository } from "./repositories/notifications.ts";
import { createTransactionsRepository } from "./repositories/transactions.ts";

/**
 * Every repository on one connection. better-sqlite3 is synchronous and single-connection, so a
 * caller's `db.transaction(() => …)` around several repository calls makes them one SQLite
 * transaction.
 */
export function createRepositories(db: Db) {
  return {
    chats: createChatsRepository(db),
    coins: createCoinsRepository(db),
    /** The key adapter of the conversations plugin; `conversationStorage()` is the full option. */
    conversations: createConversationDataRepository(db),
    intents: createIntentsRepository(db),
    meta: createMetaRepository(db),
    notifications: createNotificationsRepository(db),
    transactions: createTransactionsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
