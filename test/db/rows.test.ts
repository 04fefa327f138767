import { type Column, getTableColumns, getTableName, is, Table } from "drizzle-orm";
import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as pg from "../../src/db/pg/schema.ts";
import { swapRow } from "../../src/db/rows.ts";
import * as sqlite from "../../src/db/schema.ts";

/**
 * The row schemas of src/db/rows.ts are made from the SQLite tables; the repositories' SQL runs on
 * both dialects. So the PostgreSQL schema must declare each column under the same key and SQL name,
 * with the same type, nullability and values, and each SQL name must be its key in snake case
 * (columnsOf, insertInto and assignments in seam.ts write the names from the keys).
 */

type Tables = Record<string, Table>;

const tablesOf = (schema: Record<string, unknown>): Tables =>
  Object.fromEntries(
    Object.values(schema)
      .filter((value): value is Table => is(value, Table))
      .map((table) => [getTableName(table), table]),
  );

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** What a column holds: PostgreSQL's bytewise text (a custom type) holds strings like any text. */
const kindOf = (column: Column) =>
  column.dataType === "custom" && /^text\b/.test(column.getSQLType()) ? "string" : column.dataType;

const describeColumn = (column: Column) => ({
  name: column.name,
  dataType: kindOf(column),
  notNull: column.notNull,
  values: column.enumValues ?? null,
});

/** Every difference between the dialects' declarations of the same tables, as sentences. */
function mismatches(lite: Tables, post: Tables): string[] {
  const out: string[] = [];
  for (const [name, table] of Object.entries(lite)) {
    const other = post[name];
    if (!other) {
      out.push(`${name}: no such table in pg/schema.ts`);
      continue;
    }
    const theirs: Record<string, Column> = getTableColumns(other);
    for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, Column>)) {
      if (column.name !== snake(key)) out.push(`${name}.${key}: SQL name ${column.name}`);
      const twin = theirs[key];
      if (!twin) out.push(`${name}.${key}: missing in pg/schema.ts`);
      else if (JSON.stringify(describeColumn(twin)) !== JSON.stringify(describeColumn(column))) {
        out.push(
          `${name}.${key}: ${JSON.stringify(describeColumn(column))} in schema.ts, ${JSON.stringify(describeColumn(twin))} in pg/schema.ts`,
        );
      }
    }
  }
  return out;
}

/** PostgreSQL's columns and tables that SQLite does not have. */
function onlyInPostgres(lite: Tables, post: Tables): string[] {
  return Object.entries(post).flatMap(([name, table]) => {
    const mine = lite[name];
    if (!mine) return [name];
    const keys = new Set(Object.keys(getTableColumns(mine)));
    return Object.keys(getTableColumns(table))
      .filter((key) => !keys.has(key))
      .map((key) => `${name}.${key}`);
  });
}

describe("the row schemas' columns (db/rows.ts)", () => {
  const lite = tablesOf(sqlite);
  const post = tablesOf(pg);

  it("are declared alike in both dialects' schemas, each named as its key in snake case", () => {
    expect(Object.keys(lite).length).toBeGreaterThan(8);
    expect(mismatches(lite, post)).toEqual([]);
  });

  it("leave PostgreSQL only its own coordination: outbox claims and the shared budget", () => {
    expect(onlyInPostgres(lite, post).sort()).toEqual(
      ["budget_slots", "notifications.claimedBy", "notifications.claimedUntil"].sort(),
    );
  });

  it("come from the tables: a row schema has every column of its table", () => {
    expect(Object.keys(swapRow.shape).sort()).toEqual(
      Object.keys(getTableColumns(sqlite.transactions)).sort(),
    );
  });

  it("are really compared: a column typed, named or missing otherwise is reported", () => {
    const planted: Tables = {
      ...post,
      chats: pgTable("chats", {
        id: bigint("id", { mode: "number" }).primaryKey(),
        type: bigint("type", { mode: "number" }).notNull(),
        languageCode: text("language"),
        createdAt: bigint("created_at", { mode: "number" }).notNull(),
        updatedAt: bigint("updated_at", { mode: "number" }),
      }),
    };
    expect(mismatches(lite, planted).map((line) => line.split(":")[0])).toEqual([
      "chats.type",
      "chats.languageCode",
      "chats.blockedAt",
      "chats.updatedAt",
    ]);
  });
});
