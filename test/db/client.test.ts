import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, openSqliteDatabase } from "../../src/db/client.ts";
import { OPEN } from "../../src/db/repositories/transactions.ts";
import { TERMINAL_STATUSES, transactions } from "../../src/db/schema.ts";
import { FINAL_STATUSES } from "../../src/swaps/status.ts";
import { newTransaction, tempDatabase, tempDir } from "./helpers.ts";

const tableNames = (database: ReturnType<typeof tempDatabase>) =>
  (
    database.sqlite
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .all() as { name: string }[]
  ).map((row) => row.name);

describe("openSqliteDatabase", () => {
  it("creates the folder and the file and migrates a fresh database", () => {
    const database = tempDatabase();
    expect(existsSync(database.path)).toBe(true);
    expect(tableNames(database)).toEqual(
      expect.arrayContaining([
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
        "__drizzle_migrations",
      ]),
    );
  });

  it("runs in WAL mode without SQLite's own busy wait (the seam waits between event-loop turns), NORMAL sync and foreign keys back on", () => {
    const { sqlite } = tempDatabase();
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBe(0);
    expect(sqlite.pragma("synchronous", { simple: true })).toBe(1);
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("enforces foreign keys after migrating: no notification for an unknown transaction", async () => {
    const { repos } = tempDatabase();
    await expect(repos.notifications.enqueue("nope", 1, "wait")).rejects.toThrow(/FOREIGN KEY/);
  });

  it("reopens an existing file without migrating twice and keeps its rows", async () => {
    const first = tempDatabase();
    await first.repos.transactions.insert(newTransaction({ id: "kept" }));
    first.close();
    const again = openSqliteDatabase(first.path);
    try {
      const applied = again.sqlite.prepare("select count(*) as n from __drizzle_migrations").get();
      const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql"));
      expect(applied).toEqual({ n: files.length });
      expect(
        again.db
          .select()
          .from(transactions)
          .all()
          .map((t) => t.id),
      ).toEqual(["kept"]);
    } finally {
      again.close();
    }
  });

  it("finds its migrations whatever the working directory", () => {
    const previous = process.cwd();
    process.chdir(tempDir());
    try {
      const database = openSqliteDatabase(join(tempDir(), "elsewhere.sqlite"));
      database.close();
    } finally {
      process.chdir(previous);
    }
  });

  it("works in memory for unit tests", () => {
    const database = openSqliteDatabase(":memory:");
    try {
      database.db
        .insert(transactions)
        .values({ ...newTransaction(), statusChangedAt: 1, insertedAt: 1 })
        .run();
      expect(database.db.select().from(transactions).all()).toHaveLength(1);
    } finally {
      database.close();
    }
  });

  it("checks itself without writing, and fails the check once the file is gone or it is closed", () => {
    const database = tempDatabase();
    const changes = database.sqlite.prepare("select total_changes() as n").pluck();
    const before = changes.get();
    expect(() => database.check()).not.toThrow();
    expect(changes.get()).toBe(before);
    rmSync(database.path);
    expect(() => database.check()).toThrow(/ENOENT/);
    database.close();
    expect(() => database.check()).toThrow(/not open/);
  });

  it("closes idempotently", () => {
    const database = tempDatabase();
    database.close();
    expect(() => database.close()).not.toThrow();
  });
});

describe("schema", () => {
  it("knows the same terminal statuses as the exchange schemas", () => {
    expect([...TERMINAL_STATUSES].sort()).toEqual([...FINAL_STATUSES].sort());
  });

  it("answers open-transaction queries from the partial index", () => {
    const { sqlite } = tempDatabase();
    const query = new SQLiteSyncDialect().sqlToQuery(
      sql`select created_at from transactions where ${OPEN} order by created_at limit 1`,
    );
    const plan = sqlite.prepare(`explain query plan ${query.sql}`).all(...query.params) as {
      detail: string;
    }[];
    expect(plan.map((step) => step.detail).join("\n")).toContain("transactions_open_created");
  });

  it("stores amounts as the exact decimal text", async () => {
    const { repos, sqlite } = tempDatabase();
    await repos.transactions.insert(
      newTransaction({
        id: "exact",
        amountIn: "0.000000000000000001",
        amountOutExpected: "123456789012345678.123456789012345678",
      }),
    );
    const row = sqlite
      .prepare("select amount_in, amount_out_expected, typeof(amount_in) as t from transactions")
      .get();
    expect(row).toEqual({
      amount_in: "0.000000000000000001",
      amount_out_expected: "123456789012345678.123456789012345678",
      t: "text",
    });
  });
});
