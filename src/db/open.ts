import { randomUUID } from "node:crypto";
import type { ChatsStore } from "../swaps/chats-store.ts";
import { openSqliteDatabase } from "./client.ts";
import { createPorts, createRepositories } from "./repositories.ts";
import type { Seam } from "./seam.ts";

/** Where the state lives: `databaseUrl` (PostgreSQL) wins over `databasePath` (SQLite). */
interface StorageOptions {
  databasePath: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL only: a pooled connection failed while idle (the pool replaces it). */
  onError?: (error: Error) => void;
}

/** Everything the app keeps, on either store: the repositories and the core's ports on them. */
export type Storage = Awaited<ReturnType<typeof openStorage>>;

/** True for the URLs that select PostgreSQL. */
const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

/**
 * Opens the configured store and brings its schema up to date: PostgreSQL when `databaseUrl` is
 * set (no SQLite file is created then), else the SQLite file. `check` rejects when the store
 * cannot serve the bot (SQLite: see SqliteDatabase.check; PostgreSQL: the server answers and takes
 * writes, not a standby nor a database set read-only); it only reads: /healthz calls it per probe.
 */
export async function openStorage(options: StorageOptions) {
  if (options.databaseUrl !== undefined) {
    if (!isPostgresUrl(options.databaseUrl)) {
      throw new Error("DATABASE_URL must start with postgres:// or postgresql://");
    }
    // Loaded only here: the driver and its schema would cost every SQLite bot some 10 MB.
    const [{ openPgDatabase }, { pgSeam }] = await Promise.all([
      import("./pg/client.ts"),
      import("./pg/seam.ts"),
    ]);
    const pg = await openPgDatabase(
      options.databaseUrl,
      options.onError ? { onError: options.onError } : {},
    );
    return {
      dialect: "postgres" as const,
      pg,
      ...common(pgSeam(pg.db)),
      check: async (): Promise<void> => {
        const { rows } = await pg.pool.query<{ readOnly: string }>(
          `select current_setting('transaction_read_only') as "readOnly"`,
        );
        if (rows[0]?.readOnly !== "off") throw new Error("the PostgreSQL database is read-only");
      },
      close: () => pg.close(),
    };
  }
  const sqlite = openSqliteDatabase(options.databasePath);
  return {
    dialect: "sqlite" as const,
    ...common(sqlite.seam),
    check: async () => sqlite.check(),
    close: async () => sqlite.close(),
  };
}

function common(seam: Seam) {
  const repos = createRepositories(seam);
  const outbox = { owner: randomUUID() };
  return {
    repos,
    /** The core's ports; `chats` is the cache in front of the chats table. */
    ports: (chats: Pick<ChatsStore, "markBlocked" | "language">) =>
      createPorts(repos, chats, outbox),
    /** Taking the lead: a predecessor's outbox claims come back; stepping down: this one's. */
    takeOverOutbox: () => seam.outbox.release(outbox.owner, "others"),
    giveBackOutbox: () => seam.outbox.release(outbox.owner, "own"),
  };
}
