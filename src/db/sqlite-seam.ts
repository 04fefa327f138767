import type BetterSqlite3 from "better-sqlite3";
import { type SQL, sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { Lru } from "../lib/lru.ts";
import type { Executor, Row, Seam } from "./seam.ts";
import { BUSY_WAIT_MS, whileBusy } from "./sqlite-busy.ts";
import { SqliteWrites } from "./sqlite-writes.ts";

/** Prepared statements kept per connection (IN lists of every length make the set open-ended). */
const STATEMENTS = 256;

/**
 * The seam on one better-sqlite3 connection. better-sqlite3 is synchronous and cannot run an
 * async callback inside its `transaction()`, so transactions are made the way Kysely's SQLite
 * driver makes them: the connection is held behind a mutex from `BEGIN IMMEDIATE` to `COMMIT` or
 * `ROLLBACK`. A statement outside a transaction runs at once when no transaction is open (no turn
 * to wait for: what the chat-settings cache does not answer, and most statements of a bot that is
 * not busy, take this path), and otherwise waits its turn: run meanwhile, it would land inside
 * someone else's open transaction.
 *
 * Another process holding the file's write lock is waited for here, between event-loop turns (see
 * sqlite-busy.ts): a statement outside a transaction, or a transaction's BEGIN, is tried again for
 * up to `busyWaitMs` before its SQLITE_BUSY is thrown. The connection is not held meanwhile, so
 * reads (which WAL does not block) and other chats go on.
 */
export function sqliteSeam(
  connection: BetterSqlite3.Database,
  {
    busyWaitMs = BUSY_WAIT_MS,
    writes = new SqliteWrites(),
  }: {
    busyWaitMs?: number;
    /** Told how each write ends, for /healthz (a full disk). */
    writes?: SqliteWrites;
  } = {},
): Seam {
  const dialect = new SQLiteSyncDialect();
  const statements = new Lru<string, Prepared>(STATEMENTS);
  const mutex = new Mutex();

  const prepared = (query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let found = statements.get(text);
    if (!found) {
      found = prepare(connection, text);
      statements.set(text, found);
    }
    // better-sqlite3 binds no booleans: SQLite stores them as 0/1.
    const values = params.map((p) => (typeof p === "boolean" ? Number(p) : p));
    return { ...found, values };
  };
  /** Runs a statement; a write's outcome is told to `writes`. */
  const watched = <T>(statement: BetterSqlite3.Statement, run: () => T): T => {
    if (statement.readonly) return run();
    try {
      const result = run();
      // Inside a transaction nothing is written before the commit, which tells.
      if (!connection.inTransaction) writes.succeeded();
      return result;
    } catch (error) {
      writes.failed(error);
      throw error;
    }
  };
  const allNow = (query: SQL): Row[] => {
    const { statement, columns, values } = prepared(query);
    if (!columns) {
      watched(statement, () => statement.run(...values));
      return [];
    }
    const rows = watched(statement, () => statement.all(...values) as unknown[][]);
    return rows.map((cells) => rowOf(columns, cells));
  };
  const runNow = (query: SQL): number => {
    const { statement, values } = prepared(query);
    return watched(statement, () => statement.run(...values).changes);
  };

  /** Runs one statement outside any transaction: now if the connection is free, else in turn. */
  const outside =
    <T>(now: (query: SQL) => T) =>
    (query: SQL): Promise<T> =>
      whileBusy(async () => {
        if (!mutex.held) return now(query);
        await mutex.acquire();
        try {
          return now(query);
        } finally {
          mutex.release();
        }
      }, busyWaitMs);

  const inTransaction = async <T>(
    begin: string,
    work: (tx: Executor) => Promise<T>,
  ): Promise<T> => {
    // The connection is let go between tries: a BEGIN IMMEDIATE refused as busy opened nothing.
    await whileBusy(async () => {
      await mutex.acquire();
      try {
        connection.exec(begin);
      } catch (error) {
        mutex.release();
        throw error;
      }
    }, busyWaitMs);
    let open = true;
    const guard =
      <R>(now: (query: SQL) => R) =>
      async (query: SQL): Promise<R> => {
        if (!open) throw new Error("a statement ran after its transaction had ended");
        return now(query);
      };
    try {
      const result = await work({ all: guard(allNow), run: guard(runNow) });
      try {
        connection.exec("commit");
      } catch (error) {
        writes.failed(error);
        throw error;
      }
      writes.succeeded();
      return result;
    } catch (error) {
      if (connection.inTransaction) connection.exec("rollback");
      throw error;
    } finally {
      open = false;
      mutex.release();
    }
  };

  const all = outside(allNow);
  return {
    all,
    run: outside(runNow),
    // Take the write lock up front: a deferred transaction that read first can fail with
    // SQLITE_BUSY when it upgrades (another process on the file), which no busy timeout waits out.
    transaction: (work) => inTransaction("begin immediate", work),
    forUpdate: sql``,
    // One process sends from the outbox: nothing to claim against.
    outbox: {
      claim: (table, columns, due, limit, _now, _owner, _until, rank) =>
        all(
          sql`select ${columns} from ${sql.identifier(table)} where ${due}
            order by ${rank ? sql`${rank}, ` : sql``}id limit ${limit}`,
        ),
      release: async () => 0,
      ended: sql``,
    },
  };
}

/** A prepared statement; a reader's rows come as arrays, named by `columns`. */
interface Prepared {
  statement: BetterSqlite3.Statement;
  columns: readonly string[] | undefined;
}

function prepare(connection: BetterSqlite3.Database, text: string): Prepared {
  const statement = connection.prepare(text);
  if (!statement.reader) return { statement, columns: undefined };
  // Rows as arrays, made objects here: better-sqlite3 builds each row object through V8's API one
  // property at a time, which costs twice this loop for a wide row (a history page of swaps).
  statement.raw(true);
  return { statement, columns: statement.columns().map((column) => column.name) };
}

function rowOf(columns: readonly string[], cells: readonly unknown[]): Row {
  const row: Row = {};
  for (let i = 0; i < columns.length; i++) row[columns[i]!] = cells[i];
  return row;
}

/** A lock handed to waiters in the order they came. */
class Mutex {
  held = false;
  private readonly waiters: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}
