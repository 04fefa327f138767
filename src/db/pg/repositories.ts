import type { AsyncRepositories } from "../repositories.ts";
import type { PgDb } from "./client.ts";
import { createPgChatsRepository } from "./repositories/chats.ts";
import { createPgCoinsRepository } from "./repositories/coins.ts";
import { createPgConversationsRepository } from "./repositories/conversations.ts";
import { createPgIntentsRepository } from "./repositories/intents.ts";
import { createPgMetaRepository } from "./repositories/meta.ts";
import { createPgNotificationsRepository } from "./repositories/notifications.ts";
import { createPgPrivacyRepository } from "./repositories/privacy.ts";
import { createPgStatsRepository } from "./repositories/stats.ts";
import { createPgTransactionsRepository } from "./repositories/transactions.ts";
import { createPgUpdatesRepository } from "./repositories/updates.ts";

/**
 * Every repository on the pool: the SQLite API method for method, answered with promises (the
 * `satisfies` keeps the two in step). Several tables that change together do so inside one
 * repository method's own transaction.
 */
export function createPgRepositories(db: PgDb) {
  return {
    chats: createPgChatsRepository(db),
    coins: createPgCoinsRepository(db),
    conversations: createPgConversationsRepository(db),
    intents: createPgIntentsRepository(db),
    meta: createPgMetaRepository(db),
    notifications: createPgNotificationsRepository(db),
    privacy: createPgPrivacyRepository(db),
    stats: createPgStatsRepository(db),
    transactions: createPgTransactionsRepository(db),
    updates: createPgUpdatesRepository(db),
  } satisfies AsyncRepositories;
}

export type PgRepositories = ReturnType<typeof createPgRepositories>;
