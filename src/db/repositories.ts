import type { ConversationData } from "@grammyjs/conversations";
import type { Db } from "./client.ts";
import { createChatsRepository } from "./repositories/chats.ts";
import { createCoinsRepository } from "./repositories/coins.ts";
import { createConversationStateRepository } from "./repositories/conversations.ts";
import { createIntentsRepository } from "./repositories/intents.ts";
import { createMetaRepository } from "./repositories/meta.ts";
import { createNotificationsRepository } from "./repositories/notifications.ts";
import { createTransactionsRepository } from "./repositories/transactions.ts";

/** Every repository on one connection (so they can share SQLite transactions). */
export function createRepositories(db: Db) {
  const notifications = createNotificationsRepository(db);
  return {
    chats: createChatsRepository(db),
    coins: createCoinsRepository(db),
    conversations: createConversationStateRepository<ConversationData>(db),
    intents: createIntentsRepository(db),
    meta: createMetaRepository(db),
    notifications,
    transactions: createTransactionsRepository(db, notifications),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
