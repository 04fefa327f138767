import pg from "pg";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { Leadership, leaderLockKey, SessionNotKeptError } from "../../src/ops/leadership.ts";
import {
  checkSessionKept,
  SESSION_POOLING_REQUIRED,
  SessionCheckError,
} from "../../src/ops/lock-sessions.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { TransactionPooler } from "../support/transaction-pooler.ts";
import { until } from "../support/until.ts";

/**
 * The start-up check that the leader lock can hold: a session kept across statements (no
 * transaction-mode pooler) on a PostgreSQL that can end a silent session.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<string> {
  const fresh = await freshPostgresDatabase();
  cleanups.push(() => fresh.drop());
  return fresh.url;
}

async function pooledClient(url: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  cleanups.push(() => pool.end());
  return pool;
}

describe("the database session check", () => {
  it("passes on a direct connection, whose session holds a lock across statements", async () => {
    const url = await database();
    const session = new pg.Client({ connectionString: url });
    await session.connect();
    cleanups.push(() => session.end());
    const pool = await pooledClient(url);
    await expect(checkSessionKept(session, () => pool.connect())).resolves.toBeUndefined();
    // The probe lock is given back.
    const { rows } = await session.query(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()",
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it("refuses a transaction-mode pooler, saying that session pooling is required", async () => {
    const url = await database();
    const pooler = await TransactionPooler.open(url);
    cleanups.push(() => pooler.close());
    const check = checkSessionKept(pooler.session(), async () => pooler.session());
    await expect(check).rejects.toBeInstanceOf(SessionCheckError);
    await expect(check).rejects.toThrow(SESSION_POOLING_REQUIRED);
    expect(SESSION_POOLING_REQUIRED).toContain("session pooling is required");
  });

  it("refuses a server older than PostgreSQL 14, naming its version", async () => {
    // A server that answers only what the check asks first: its version.
    const old = {
      query: async () => ({ rows: [{ version: 130_011 }] }),
    };
    const check = checkSessionKept(old, () => Promise.reject(new Error("not reached")));
    await expect(check).rejects.toThrow(/PostgreSQL 14 or later is required.*130011/);
  });
});

describe("a leader behind a transaction-mode pooler", () => {
  it("gives the lead up and reports it as fatal once its pings run in another session than its lock", async () => {
    const url = await database();
    const pooler = await TransactionPooler.open(url);
    cleanups.push(() => pooler.close());
    const events: string[] = [];
    const fatal: Error[] = [];
    const leadership = new Leadership({
      connect: async () => ({ ...pooler.session(), on: () => undefined, end: async () => {} }),
      lockKey: leaderLockKey("42"),
      logger: pino({ level: "silent" }),
      tryEveryMs: 50,
      onLead: () => {
        events.push("leads");
      },
      onFollow: () => {
        events.push("follows");
      },
      onFatal: (error) => fatal.push(error),
    });
    cleanups.push(() => leadership.stop());
    leadership.start();
    await until(() => leadership.isLeader);
    // Another client's transaction takes the server session the lock was taken in.
    const other = pooler.session();
    await other.query("begin");
    cleanups.push(async () => {
      await other.query("rollback");
      other.release();
    });
    await until(() => fatal.length > 0);
    expect(fatal[0]).toBeInstanceOf(SessionNotKeptError);
    expect(fatal[0]?.message).toContain("session pooling is required");
    expect(leadership.isLeader).toBe(false);
    await until(() => events.includes("follows"));
  });
});
