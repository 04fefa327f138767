import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { projectPath } from "../../lib/project-root.ts";
import * as schema from "./schema.ts";

/** The drizzle instance every PostgreSQL repository takes; typed with the schema. */
export type PgDb = NodePgDatabase<typeof schema>;

export type PgDatabase = Awaited<ReturnType<typeof openPgDatabase>>;

/** The committed PostgreSQL migrations, found from this file whatever the working directory. */
export const PG_MIGRATIONS_DIR = projectPath("drizzle", "pg");

/**
 * The session-level advisory lock held while migrating ("swapbot" + 1, as one bigint), so that
 * instances starting together migrate one after the other: drizzle's migrator creates its own
 * table outside its transaction and would otherwise race.
 */
const MIGRATION_LOCK_KEY = 0x7377_6170_0001;

/** Connections per instance: handlers are short queries; a small pool leaves room for others. */
const POOL_SIZE = 5;

/**
 * How long the server lets one of our transactions sit idle before it ends the session: as long
 * as the leader lock's silent session (ops/leadership.ts), so a frozen leader's row locks go with
 * its lead.
 */
const IDLE_IN_TRANSACTION_MS = 8_000;

interface PgOptions {
  /** An idle connection failed (the server restarted, say): the pool replaces it; log it. */
  onError?: (error: Error) => void;
  poolSize?: number;
}

/**
 * Connects to `url` (a `postgres://` URL) and brings the schema up to date under the migration
 * lock. Fails (and leaves nothing open) when the server cannot be reached or migrating fails.
 */
export async function openPgDatabase(url: string, options: PgOptions = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? POOL_SIZE,
    // A server that does not answer fails start-up instead of hanging it.
    connectionTimeoutMillis: 10_000,
    application_name: "swapbot",
    // A frozen instance (a stopped process, a paused VM) must not hold row locks for ever: the
    // server ends a transaction of ours left idle this long (ours are a few short statements).
    onConnect: async (client) => {
      // The pool listens only while a client is idle: a session the server ends while the client
      // is checked out (that timeout, after a freeze) would otherwise crash the process. Its
      // query fails, and the pool drops the client when it comes back.
      client.on("error", (error) => options.onError?.(error));
      await client.query(`set idle_in_transaction_session_timeout = ${IDLE_IN_TRANSACTION_MS}`);
    },
  });
  // Without a listener an idle connection's error would crash the process.
  pool.on("error", (error) => options.onError?.(error));
  try {
    await migrateLocked(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    db: drizzle(pool, { schema }),
    /** The pool, for tests and the instance coordination; queries belong in the repositories. */
    pool,
    close: () => {
      closed ??= pool.end();
      return closed;
    },
  };
}

/** Runs the migrations on one connection that holds the migration lock throughout. */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: PG_MIGRATIONS_DIR });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {
        // The connection is gone, and with it the lock; it must not go back to the pool.
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}
