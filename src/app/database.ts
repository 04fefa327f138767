import type { Context } from "grammy";
import { conversationStorage, type StoredVersions } from "../bot/plumbing/conversation-storage.ts";
import type { CatalogStore } from "../catalog/catalog.ts";
import type { Config } from "../config.ts";
import { openStorage, type Storage } from "../db/open.ts";
import { createBudgetLedger } from "../exchange/budget-ledger.ts";
import { createChatSettings } from "../frontends/chat-settings.ts";
import type { Logger } from "../lib/logger.ts";
import type { BudgetLedger } from "../lib/shared-budget.ts";
import { claimDatabase } from "../ops/instance-lock.ts";
import type { LockSessions } from "../ops/lock-sessions.ts";
import type { ExchangeTarget } from "./exchange.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** What several instances share beyond the tables (PostgreSQL). */
export interface SharedDatabase {
  /** The exchange budgets every instance counts against. */
  ledger: BudgetLedger;
  /** The leader lock's sessions (checked while starting). */
  lock: LockSessions;
  /** On becoming the leader: outbox rows claimed by a predecessor come back to be sent. */
  takeOverOutbox(): Promise<number>;
  /** On stepping down (its senders stopped): this instance's claims come back for the next one. */
  giveBackOutbox(): Promise<number>;
}

/** How many chats' conversation states SQLite's single process keeps in memory. */
const CONVERSATION_CACHE = 10_000;

export type Database = Awaited<ReturnType<typeof openDatabase>>;

/**
 * Opens the database (the `database` part) and, on PostgreSQL, checks that it can keep the leader
 * lock (the `database session check` part). Swaps stored before they were named are named for
 * the configured exchange. Every call the app makes into db/ is here: the other builders take
 * what it returns.
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  life: Lifecycle,
  exchanges: readonly ExchangeTarget[],
) {
  let opened: Storage | undefined;
  let claim: { since: number; release(): void } | undefined;
  await life.start({
    name: "database",
    start: async () => {
      // SQLite serves one instance: a second process on the file refuses to start.
      if (config.databaseUrl === undefined) claim = claimDatabase(config.databasePath);
      opened = await openStorage({
        databasePath: config.databasePath,
        databaseUrl: config.databaseUrl,
        // The message and code only: pg's error carries its whole client object.
        onError: (error) =>
          logger.warn(
            { error: error.message, code: "code" in error ? error.code : undefined },
            `database connection lost: ${error.message}`,
          ),
      }).catch((error: unknown) => {
        claim?.release();
        throw error;
      });
      logger.info({ store: opened.dialect }, "database ready");
      // Swaps and intents recorded before exchanges were named belong to the one configured then:
      // the first.
      const first = exchanges[0];
      if (first && !first.sandbox) {
        const id = first.settings.id;
        const named = await opened.repos.transactions.claimUnnamed(id);
        if (named > 0) logger.info({ named, exchange: id }, "swaps named");
        const intents = await opened.repos.intents.claimUnnamed(id);
        if (intents > 0) logger.info({ intents, exchange: id }, "intents named");
      }
    },
    stop: async () => {
      await opened?.close();
      claim?.release();
    },
  });
  const storage = opened!;
  let shared: SharedDatabase | undefined;
  if (storage.dialect === "postgres") {
    // Imported here, as open.ts does: an SQLite bot never loads the PostgreSQL driver.
    const { lockSessions } = await import("../ops/lock-sessions.ts");
    const { pool } = storage.pg;
    const lock = lockSessions(config.databaseUrl!, () => pool.connect());
    await life.start({ name: "database session check", start: () => lock.check() });
    shared = {
      ledger: createBudgetLedger(pool),
      lock,
      takeOverOutbox: () => storage.takeOverOutbox(),
      giveBackOutbox: () => storage.giveBackOutbox(),
    };
  }
  const { repos } = storage;
  const chatSettings = createChatSettings(repos.chats);
  return {
    storage,
    repos,
    shared,
    /**
     * SQLite: when this process became the database's only one (its instance lock). Whatever a
     * process began before then (a POST, say) is over. Unset on PostgreSQL: others run beside it.
     */
    soleSince: claim?.since,
    /** The chats' settings, cached in front of the chats table. */
    chatSettings,
    /** The core's ports. */
    ports: storage.ports(chatSettings),
    /** The conversations plugin's storage for a flow version; polled updates are journaled. */
    conversations: <C extends Context>(versions: StoredVersions<C>) =>
      conversationStorage<C>(repos.conversations, {
        ...versions,
        // SQLite's single process writes every state, so it may keep them in memory; on
        // PostgreSQL another instance may have moved a chat on: every update reads afresh.
        cacheSize: storage.dialect === "sqlite" ? CONVERSATION_CACHE : 0,
        journaled: !config.webhook,
      }),
    check: () => storage.check(),
    coins: {
      load: () => repos.coins.all(),
      save: (coins) => repos.coins.replaceAll(coins),
    } satisfies CatalogStore,
    setStatusCard: async (id: string, messageId: number) => {
      await repos.transactions.setStatusCard(id, messageId);
    },
    forgetPreview: (chatId: number) => repos.privacy.preview(chatId),
    forgetChat: (chatId: number) => {
      chatSettings.forget(chatId);
      return repos.privacy.forgetChat(chatId);
    },
    stats: async () => ({
      swapsByStatus: await repos.stats.swapsByStatus(),
      volumeByPair: await repos.stats.volumeByPair(),
      activeUsers: await repos.stats.activeChats(),
      ...(config.supportChatId === undefined ? {} : { support: await repos.support.stats() }),
    }),
    /** Each exchange's swaps, completed ones and their volume, all time (/stats, /metrics). */
    swapsByExchange: () => repos.stats.byExchange(),
    openSwapsByStatus: () => repos.transactions.openByStatus(),
    outboxDepth: () => repos.notifications.pendingCount(),
    supportOutboxDepth: () => repos.support.pendingCount(),
    /** Polled updates kept until handled (transport/update-journal.ts). */
    updates: repos.updates,
  };
}
