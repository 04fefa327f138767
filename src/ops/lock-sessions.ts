import { randomInt } from "node:crypto";
import pg from "pg";
import type { LockConnection } from "./leadership.ts";

/** The sessions the leader lock lives on: checked once at start-up, then opened on demand. */
export interface LockSessions {
  /**
   * Rejects (SessionCheckError) when a session cannot keep the lock: a transaction-mode pooler
   * between us and the server, or a server too old to end a silent session.
   */
  check(): Promise<void>;
  /** A connection of its own, outside the pool: the lock lives and dies with its session. */
  connect(): Promise<LockConnection>;
}

/**
 * The leader lock's sessions on the database at `url`: each a connection of its own, outside the
 * pool (`borrow` takes one of the pool's, for the check). TCP keep-alive notices a peer that
 * vanished; the session's own timeout (see leadership.ts) covers one that is there but silent.
 */
export function lockSessions(url: string, borrow: () => Promise<BorrowedSession>): LockSessions {
  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      application_name: "swapbot-leader",
    });
    await client.connect();
    return client;
  };
  return {
    async check() {
      const session = await connect();
      try {
        await checkSessionKept(session, borrow);
      } finally {
        await session.end().catch(() => undefined);
      }
    },
    connect,
  };
}

/** A connection as the check uses it: node-postgres' Client and PoolClient both fit. */
interface SqlSession {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A second connection, given back with release(). */
interface BorrowedSession extends SqlSession {
  release(): void;
}

/** The database cannot keep the leader lock: what is wrong, in one line for the operator. */
export class SessionCheckError extends Error {
  override name = "SessionCheckError";
}

/** The oldest PostgreSQL whose server can end a silent session (`idle_session_timeout`). */
const MIN_SERVER_VERSION = 140_000;

/** The message every refusal for a transaction-mode pooler carries (docs/operations.md, "Storage"). */
export const SESSION_POOLING_REQUIRED =
  "DATABASE_URL reaches PostgreSQL through a transaction-mode pooler (each statement may run in another session, so the leader lock would lock nothing): session pooling is required (PgBouncer: pool_mode = session), or connect directly";

/**
 * Checks, before an instance competes for the lead, that `session` can hold a session-level
 * advisory lock across statements, and that the server can end a silent session (PostgreSQL 14+).
 *
 * A transaction-mode pooler (PgBouncer's default on many hosts) hands each transaction to
 * whichever server session is free: a lock taken by one statement stays behind on that server
 * session while the next statement runs elsewhere. So: the session takes a probe lock; `other`
 * opens a transaction, which occupies a server session (under a pooler, usually the one just
 * freed: PgBouncer reuses the most recent); then the session asks whether it still runs where
 * the lock is. A direct connection or a session-mode pooler always does.
 */
export async function checkSessionKept(
  session: SqlSession,
  other: () => Promise<BorrowedSession>,
): Promise<void> {
  const version = await one<{ version: number }>(
    session,
    "select current_setting('server_version_num')::int as version",
  );
  if (version.version < MIN_SERVER_VERSION) {
    throw new SessionCheckError(
      `PostgreSQL 14 or later is required (the leader lock needs idle_session_timeout); this server is ${version.version}`,
    );
  }
  // Random, so that instances starting together do not probe with the same key.
  const key = String(randomInt(1, 2 ** 47));
  const taken = await one<{ pid: number; locked: boolean }>(
    session,
    "select pg_backend_pid() as pid, pg_try_advisory_lock($1) as locked",
    [key],
  );
  const borrowed = await other();
  try {
    await borrowed.query("begin");
    const elsewhere = await one<{ pid: number }>(borrowed, "select pg_backend_pid() as pid");
    const later = await one<{ pid: number; held: boolean }>(
      session,
      `select pg_backend_pid() as pid, exists (
         select 1 from pg_locks
         where locktype = 'advisory' and granted and pid = pg_backend_pid()
           and objsubid = 1 and ((classid::bigint << 32) | objid::bigint) = $1::bigint
       ) as held`,
      [key],
    );
    const kept =
      taken.locked && elsewhere.pid !== taken.pid && later.pid === taken.pid && later.held;
    if (!kept) throw new SessionCheckError(SESSION_POOLING_REQUIRED);
  } finally {
    await borrowed.query("rollback").catch(() => undefined);
    borrowed.release();
    await session.query("select pg_advisory_unlock($1)", [key]).catch(() => undefined);
  }
}

async function one<T>(session: SqlSession, text: string, values?: unknown[]): Promise<T> {
  const { rows } = await session.query(text, values);
  const [row] = rows as T[];
  if (row === undefined) throw new Error(`no row for: ${text}`);
  return row;
}
