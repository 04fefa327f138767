import { createChatsRepository } from "./repositories/chats.ts";
import { createCoinsRepository } from "./repositories/coins.ts";
import { createConversationsRepository } from "./repositories/conversations.ts";
import { createIntentsRepository } from "./repositories/intents.ts";
import { createMetaRepository } from "./repositories/meta.ts";
import { createNotificationsRepository } from "./repositories/notifications.ts";
import { createPrivacyRepository } from "./repositories/privacy.ts";
import { createStatsRepository } from "./repositories/stats.ts";
import { createSupportRepository } from "./repositories/support.ts";
import { createTransactionsRepository } from "./repositories/transactions.ts";
import { createUpdatesRepository } from "./repositories/updates.ts";
import type { Seam } from "./seam.ts";

/**
 * Every repository, on either database: each is written once over the dialect seam. Where several
 * tables change together (a created transaction, its intent and its message) one repository
 * method does it in one transaction.
 */
export function createRepositories(db: Seam) {
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
    /** The support desk's tickets and outbox. */
    support: createSupportRepository(db),
    transactions: createTransactionsRepository(db),
    /** Telegram updates taken by polling and not yet handled. */
    updates: createUpdatesRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
