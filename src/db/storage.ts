import { randomUUID } from "node:crypto";
import type { ConversationData, ConversationStorage } from "@grammyjs/conversations";
import type { Context } from "grammy";
import type { BudgetLedger } from "../lib/shared-budget.ts";
import type { ChatsStore } from "../swaps/ports.ts";
import { type Database, openDatabase } from "./client.ts";
import { conversationStorage } from "./conversation-storage.ts";
import { claimDatabase } from "./instance-lock.ts";
import type { PgDatabase } from "./pg/client.ts";
import type { PgRepositories } from "./pg/repositories.ts";
import {
  type AnyRepositories,
  type AsyncRepositories,
  createRepositories,
  promisedRepositories,
} from "./repositories.ts";
import { chatsStore, createStores } from "./stores.ts";

/** Where the state lives: `databaseUrl` (PostgreSQL) wins over `databasePath` (SQLite). */
export interface StorageOptions {
  databasePath: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL only: a pooled connection failed while idle (the pool replaces it). */
  onError?: (error: Error) => void;
}

/**
 * Everything the app keeps, on either store: the core's ports, the repositories behind them
 * (their answers awaited: the same API on both), and the conversations plugin's storage.
 */
interface CommonStorage {
  /** Every repository. SQLite's answer at once, PostgreSQL's with a round trip. */
  readonly repos: AsyncRepositories;
  /** The chats table as the chat settings cache sees it. */
  readonly chats: ChatsStore;
  /** The core's ports; `chats` is the cache in front of the chats table. */
  ports(chats: Pick<ChatsStore, "markBlocked" | "language">): ReturnType<typeof createStores>;
  /** The `storage` option of the conversations plugin (see conversation-storage.ts). */
  conversationStorage<C extends Context>(
    version: string | number,
    options: { journaled: boolean },
  ): ConversationStorage<C, ConversationData>;
  /**
   * Rejects when the store cannot serve the bot (SQLite: see Database.check; PostgreSQL: the
   * server answers and takes writes, not a standby nor a database set read-only). It only reads:
   * /healthz calls it per probe.
   */
  check(): Promise<void>;
  close(): Promise<void>;
}

export type Storage = CommonStorage &
  (
    | { readonly dialect: "sqlite"; readonly sqlite: Database }
    | {
        readonly dialect: "postgres";
        readonly pg: PgDatabase;
        /** The PostgreSQL repositories, with what several instances need beyond SQLite. */
        readonly pgRepos: PgRepositories;
        /** The exchange budgets every instance counts against. */
        readonly ledger: BudgetLedger;
        /** On becoming the leader: outbox rows claimed by a predecessor come back to be sent. */
        takeOverOutbox(): Promise<number>;
      }
  );

/**
 * How long an outbox row stays claimed by the instance that took it: far longer than a send
 * (bounded retries included), so a live sender never loses its rows; a dead one's come back.
 */
const OUTBOX_LEASE_MS = 60_000;

/** How many chats' conversation states SQLite's single process keeps in memory. */
const CONVERSATION_CACHE = 10_000;

/** True for the URLs that select PostgreSQL. */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

/**
 * Opens the configured store and brings its schema up to date: PostgreSQL when `databaseUrl` is
 * set (no SQLite file is created then), else the SQLite file.
 */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  if (options.databaseUrl !== undefined) {
    if (!isPostgresUrl(options.databaseUrl)) {
      throw new Error("DATABASE_URL must start with postgres:// or postgresql://");
    }
    // Loaded only here: the driver and its schema would cost every SQLite bot some 10 MB.
    const [{ openPgDatabase }, { createPgRepositories }, { createBudgetLedger }] =
      await Promise.all([
        import("./pg/client.ts"),
        import("./pg/repositories.ts"),
        import("./pg/budget-ledger.ts"),
      ]);
    const pg = await openPgDatabase(
      options.databaseUrl,
      options.onError ? { onError: options.onError } : {},
    );
    const pgRepos = createPgRepositories(pg.db);
    const shared = common(pgRepos, (version) => ({ version }));
    // Outbox rows are claimed before sending: even two instances that both believe they lead
    // (a split brain) never send the same row at once.
    const owner = randomUUID();
    return {
      dialect: "postgres",
      pg,
      pgRepos,
      ledger: createBudgetLedger(pg.pool),
      takeOverOutbox: () => pgRepos.notifications.releaseClaimsExcept(owner),
      check: async () => {
        const { rows } = await pg.pool.query<{ readOnly: string }>(
          `select current_setting('transaction_read_only') as "readOnly"`,
        );
        if (rows[0]?.readOnly !== "off") throw new Error("the PostgreSQL database is read-only");
      },
      repos: pgRepos,
      // Another instance may have moved a chat on: every update reads its state afresh.
      ...shared,
      ports: (chats) => {
        const ports = shared.ports(chats);
        const due = (limit: number, now: number) =>
          pgRepos.notifications.claimDue(limit, now, owner, OUTBOX_LEASE_MS);
        return { ...ports, outboxStore: { ...ports.outboxStore, due } };
      },
      close: () => pg.close(),
    };
  }
  // SQLite serves one instance: a second process on the file refuses to start.
  const claim = claimDatabase(options.databasePath);
  let sqlite: Database;
  try {
    sqlite = openDatabase(options.databasePath);
  } catch (error) {
    claim.release();
    throw error;
  }
  const repos = createRepositories(sqlite.db);
  return {
    dialect: "sqlite",
    sqlite,
    repos: promisedRepositories(repos),
    // This process is the file's only writer, so the states it wrote can be kept in memory.
    ...common(repos, (version) => ({ version, cacheSize: CONVERSATION_CACHE })),
    check: async () => sqlite.check(),
    close: async () => {
      sqlite.close();
      claim.release();
    },
  };
}

function common(
  repos: AnyRepositories,
  conversationOptions: (version: string | number) => {
    version: string | number;
    cacheSize?: number;
  },
) {
  return {
    chats: chatsStore(repos),
    ports: (chats: Pick<ChatsStore, "markBlocked" | "language">) => createStores(repos, chats),
    conversationStorage: <C extends Context>(
      version: string | number,
      { journaled }: { journaled: boolean },
    ) =>
      conversationStorage<C>(repos.conversations, {
        ...conversationOptions(version),
        journaled,
      }),
  };
}
