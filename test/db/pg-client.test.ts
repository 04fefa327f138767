import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { openPgDatabase, PG_MIGRATIONS_DIR } from "../../src/db/pg/client.ts";
import { TERMINAL_STATUSES, transactions } from "../../src/db/pg/schema.ts";
import { OPEN } from "../../src/db/repositories/transactions.ts";
import { TERMINAL_STATUSES as SQLITE_TERMINAL_STATUSES } from "../../src/db/schema.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { until } from "../support/until.ts";
import { newTransaction, onCleanup, tempPgDatabase } from "./helpers.ts";

const migrationFiles = readdirSync(PG_MIGRATIONS_DIR).filter((f) => f.endsWith(".sql"));

/** An empty database (no tables at all), dropped after the test. */
async function emptyDatabase(): Promise<string> {
  const { url, drop } = await freshPostgresDatabase({ empty: true });
  onCleanup(drop);
  return url;
}

describe("openPgDatabase", () => {
  it("migrates an empty database", async () => {
    const database = await openPgDatabase(await emptyDatabase());
    onCleanup(() => database.close());
    const { rows } = await database.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      "budget_slots",
      "chats",
      "coins",
      "conversation_state",
      "meta",
      "notifications",
      "support_outbox",
      "support_tickets",
      "swap_intents",
      "swap_list_versions",
      "transactions",
      "update_journal",
    ]);
  });

  it("migrates once when several instances start together on an empty database", async () => {
    const url = await emptyDatabase();
    const databases = await Promise.all(Array.from({ length: 4 }, () => openPgDatabase(url)));
    onCleanup(() => Promise.all(databases.map((d) => d.close())).then(() => undefined));
    const { rows } = await databases[0]!.pool.query(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    expect(rows).toEqual([{ n: migrationFiles.length }]);
  });

  it("reopens a database without migrating twice and keeps its rows", async () => {
    const first = await tempPgDatabase();
    await first.repos.transactions.insert(newTransaction({ id: "kept" }));
    await first.close();
    const again = await openPgDatabase(first.url);
    onCleanup(() => again.close());
    const { rows } = await again.pool.query(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    expect(rows).toEqual([{ n: migrationFiles.length }]);
    expect((await again.db.select().from(transactions)).map((t) => t.id)).toEqual(["kept"]);
  });

  it("fails, leaving nothing open, when the server cannot be reached", async () => {
    const url = await emptyDatabase();
    const wrongPassword = url.replace(/:[^:@/]+@/, ":wrong-password@");
    await expect(openPgDatabase(wrongPassword)).rejects.toThrow(/password authentication failed/);
  });

  it("lets the server end a transaction an instance left open (a frozen process), freeing its locks", async () => {
    const { url, drop } = await freshPostgresDatabase();
    onCleanup(drop);
    const errors: Error[] = [];
    const frozen = await openPgDatabase(url, { onError: (error) => errors.push(error) });
    onCleanup(() => frozen.close());
    const other = await openPgDatabase(url);
    onCleanup(() => other.close());
    // Checked out, so the pool is not listening to it: the end of its session must not crash us.
    const stuck = await frozen.pool.connect();
    await stuck.query("begin");
    await stuck.query("select pg_advisory_xact_lock(77)");
    // The frozen instance never says another word; the other one still gets the lock.
    const waiter = await other.pool.connect();
    onCleanup(async () => waiter.release());
    await waiter.query("begin");
    await waiter.query("select pg_advisory_xact_lock(77)");
    await waiter.query("rollback");
    await until(() => errors.length > 0);
    expect(errors[0]?.message).toMatch(/idle-in-transaction timeout/);
    await expect(stuck.query("select 1")).rejects.toThrow();
    stuck.release(true);
  }, 30_000);

  it("closes idempotently", async () => {
    const database = await tempPgDatabase();
    await database.close();
    await expect(database.close()).resolves.toBeUndefined();
  });
});

describe("PostgreSQL schema", () => {
  it("knows the same terminal statuses as the SQLite schema", () => {
    expect([...TERMINAL_STATUSES]).toEqual([...SQLITE_TERMINAL_STATUSES]);
  });

  it("answers open-transaction queries from the partial index", async () => {
    const { pool } = await tempPgDatabase();
    const query = new PgDialect().sqlToQuery(
      sql`select created_at from transactions where ${OPEN} order by created_at limit 1`,
    );
    const client = await pool.connect();
    try {
      // An empty table is read whole whatever the indexes: ask for the plan an index allows.
      await client.query("set enable_seqscan = off");
      const { rows } = await client.query(`explain ${query.sql}`, query.params);
      expect(rows.map((r: Record<string, string>) => Object.values(r)[0]).join("\n")).toContain(
        "transactions_open_created",
      );
    } finally {
      client.release();
    }
  });

  it("sorts upstream timestamps byte by byte, as SQLite does", async () => {
    const { pool } = await tempPgDatabase();
    const { rows } = await pool.query(
      "select collation_name from information_schema.columns where table_name = 'transactions' and column_name = 'created_at'",
    );
    expect(rows).toEqual([{ collation_name: "C" }]);
  });

  it("stores amounts as the exact decimal text and times beyond 32 bits", async () => {
    const { repos, pool } = await tempPgDatabase();
    await repos.transactions.insert(
      newTransaction({
        id: "exact",
        amountIn: "0.000000000000000001",
        amountOutExpected: "123456789012345678.123456789012345678",
      }),
      4_102_444_800_000,
    );
    const { rows } = await pool.query(
      "select amount_in, amount_out_expected, pg_typeof(amount_in)::text as t from transactions",
    );
    expect(rows).toEqual([
      {
        amount_in: "0.000000000000000001",
        amount_out_expected: "123456789012345678.123456789012345678",
        t: "text",
      },
    ]);
    expect(await repos.transactions.get("exact")).toMatchObject({
      insertedAt: 4_102_444_800_000,
      exchange: "sandbox",
      suspect: false,
    });
  });
});
