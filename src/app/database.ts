import type { Config } from "../config.ts";
import type { LockSessions } from "../db/pg/lock-session.ts";
import type { AsyncRepositories } from "../db/repositories.ts";
import { openStorage, type Storage } from "../db/storage.ts";
import type { Logger } from "../lib/logger.ts";
import type { BudgetLedger } from "../lib/shared-budget.ts";
import { type ChatSettings, createChatSettings } from "../swaps/chat-settings.ts";
import type { ExchangeTarget } from "./exchange.ts";
import type { Lifecycle } from "./lifecycle.ts";

/** What the app takes from the database (every call into db/ is made here). */
export interface Database {
  storage: Storage;
  repos: AsyncRepositories;
  /** The chats' settings, cached in front of the chats table. */
  chatSettings: ChatSettings;
  /** The core's ports. */
  ports: ReturnType<Storage["ports"]>;
  /** The conversations plugin's storage for a flow version; polled updates are journaled. */
  conversations(version: number): ReturnType<Storage["conversationStorage"]>;
  check(): Promise<void>;
  /** PostgreSQL: what several instances share beyond the tables. */
  shared: SharedDatabase | undefined;
}

export interface SharedDatabase {
  /** The exchange budgets every instance counts against. */
  ledger: BudgetLedger;
  /** The leader lock's sessions (checked while starting). */
  lock: LockSessions;
  /** On becoming the leader: outbox rows claimed by a predecessor come back to be sent. */
  takeOverOutbox(): Promise<number>;
}

/**
 * Opens the database (the `database` part) and, on PostgreSQL, checks that it can keep the leader
 * lock (the `database session check` part). Swaps stored before they were named are named for
 * the configured exchange.
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  life: Lifecycle,
  exchange: ExchangeTarget,
): Promise<Database> {
  let opened: Storage | undefined;
  await life.start({
    name: "database",
    start: async () => {
      opened = await openStorage({
        databasePath: config.databasePath,
        databaseUrl: config.databaseUrl,
        onError: (error) => logger.warn({ err: error }, "database connection lost"),
      });
      logger.info({ store: opened.dialect }, "database ready");
      if (!exchange.sandbox) {
        const named = await opened.repos.transactions.claimUnnamed(exchange.exchangeId);
        if (named > 0) logger.info({ named, exchange: exchange.exchangeId }, "swaps named");
      }
    },
    stop: () => opened?.close(),
  });
  const storage = opened!;
  let shared: SharedDatabase | undefined;
  if (storage.dialect === "postgres") {
    // Imported here, as storage.ts does: an SQLite bot never loads the PostgreSQL driver.
    const { lockSessions } = await import("../db/pg/lock-session.ts");
    const lock = lockSessions(config.databaseUrl!, storage.pg.pool);
    await life.start({ name: "database session check", start: () => lock.check() });
    shared = { ledger: storage.ledger, lock, takeOverOutbox: () => storage.takeOverOutbox() };
  }
  const chatSettings = createChatSettings(storage.chats);
  return {
    storage,
    repos: storage.repos,
    chatSettings,
    ports: storage.ports(chatSettings),
    conversations: (version) =>
      storage.conversationStorage(version, { journaled: !config.webhook }),
    check: () => storage.check(),
    shared,
  };
}
