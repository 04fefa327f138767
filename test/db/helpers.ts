import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { openSqliteDatabase, type SqliteDatabase } from "../../src/db/client.ts";
import { openPgDatabase, type PgDatabase } from "../../src/db/pg/client.ts";
import { pgSeam } from "../../src/db/pg/seam.ts";
import { createRepositories, type Repositories } from "../../src/db/repositories.ts";
import type { Seam } from "../../src/db/seam.ts";
import type { NewSwap } from "../../src/swaps/swap.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";

const cleanups: (() => void | Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs after the current test, latest first. */
export function onCleanup(cleanup: () => void | Promise<void>): void {
  cleanups.push(cleanup);
}

/** A fresh temp folder, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-db-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A real SQLite file in a temp folder, migrated, closed and removed after the test. */
export function tempDatabase(): SqliteDatabase & { path: string; repos: Repositories } {
  const path = join(tempDir(), "nested", "bot.sqlite");
  const database = openSqliteDatabase(path);
  cleanups.push(() => database.close());
  return { ...database, path, repos: createRepositories(database.seam) };
}

/** A fresh PostgreSQL database on this file's embedded server, migrated; dropped after the test. */
export async function tempPgDatabase(): Promise<
  PgDatabase & { url: string; seam: Seam; repos: Repositories }
> {
  const { url, drop } = await freshPostgresDatabase();
  cleanups.push(drop);
  const database = await openPgDatabase(url);
  cleanups.push(() => database.close());
  const seam = pgSeam(database.db);
  return { ...database, url, seam, repos: createRepositories(seam) };
}

/** A store under test, whichever its dialect. */
export interface StoreFixture {
  /** The dialect seam the repositories run on. */
  seam: Seam;
  repos: Repositories;
  /** Runs SQL on it (to break a table for a test). */
  exec(sql: string): Promise<void>;
  /** The rows a query returns, as the driver gives them. */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** Makes every `event` on `table` fail with `message`, until the returned function runs. */
  failOn(table: string, event: "insert" | "update", message: string): Promise<() => Promise<void>>;
  /** Closes it and opens the same database again, as a restart does. */
  reopen(): Promise<Repositories>;
}

async function sqliteFixture(): Promise<StoreFixture> {
  const database = tempDatabase();
  let current = database;
  const exec = async (sql: string) => {
    current.sqlite.exec(sql);
  };
  return {
    seam: database.seam,
    repos: database.repos,
    exec,
    rows: async (sql) => current.sqlite.prepare(sql).all() as Record<string, unknown>[],
    async failOn(table, event, message) {
      const trigger = `${table}_${event}_fails`;
      await exec(
        `create trigger ${trigger} before ${event} on ${table} begin select raise(abort, '${message}'); end`,
      );
      return () => exec(`drop trigger ${trigger}`);
    },
    async reopen() {
      current.close();
      const reopened = openSqliteDatabase(database.path);
      cleanups.push(() => reopened.close());
      current = { ...reopened, path: database.path, repos: createRepositories(reopened.seam) };
      return current.repos;
    },
  };
}

async function postgresFixture(): Promise<StoreFixture> {
  const database = await tempPgDatabase();
  let pool = database.pool;
  const exec = async (sql: string) => {
    await pool.query(sql);
  };
  return {
    seam: database.seam,
    repos: database.repos,
    exec,
    rows: async (sql) => (await pool.query(sql)).rows,
    async failOn(table, event, message) {
      const name = `${table}_${event}_fails`;
      await exec(
        `create function ${name}() returns trigger language plpgsql as $$ begin raise exception '${message}'; end $$`,
      );
      await exec(`create trigger ${name} before ${event} on ${table} execute function ${name}()`);
      return async () => {
        await exec(`drop trigger ${name} on ${table}`);
        await exec(`drop function ${name}()`);
      };
    },
    async reopen() {
      await database.close();
      const reopened = await openPgDatabase(database.url);
      cleanups.push(() => reopened.close());
      pool = reopened.pool;
      return createRepositories(pgSeam(reopened.db));
    },
  };
}

/** The two stores every repository test runs against: `describe.each(dialects)`. */
export const dialects = [
  { dialect: "sqlite", open: sqliteFixture },
  { dialect: "postgres", open: postgresFixture },
] as const;

let nextId = 1;

/** A transaction as just created upstream; fields overridable. */
export function newTransaction(overrides: Partial<NewSwap> = {}): NewSwap {
  const id = `tx${nextId++}`;
  return {
    id,
    chatId: 100,
    userId: 100,
    coinFrom: "btc",
    coinTo: "eth",
    networkFrom: "BTC",
    networkTo: "ETH",
    amountIn: "0.12345678",
    amountOutExpected: "3.1415926535",
    amountOut: null,
    rate: null,
    rateType: "float",
    depositAddress: `bc1-deposit-${id}`,
    depositMemo: null,
    withdrawalAddress: "0xwithdrawal",
    payoutMemo: null,
    refundAddress: null,
    refundMemo: null,
    txHashIn: null,
    txHashOut: null,
    txLinkIn: null,
    txLinkOut: null,
    holdLink: null,
    holdAsks: null,
    status: "wait",
    createdAt: "2026-01-01T00:00:00Z",
    exchange: "sandbox",
    suspect: false,
    ...overrides,
  };
}

/**
 * What a call that must fail rejected with: its message and its causes' (drizzle wraps a driver's
 * error in its own "Failed query" one).
 */
export async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
    return messages.join(" <- ");
  }
  throw new Error("expected the call to fail, and it succeeded");
}
