import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";

/** A row as the driver gives it: column alias to value. */
export type Row = Record<string, unknown>;

/** Where a statement runs: the database, or one transaction open on it. */
export interface Executor {
  /** The rows (a `returning` clause's too). */
  all(query: SQL): Promise<Row[]>;
  /** How many rows changed. */
  run(query: SQL): Promise<number>;
}

/**
 * What differs between SQLite and PostgreSQL, and only that: every repository is written once, in
 * SQL both dialects read alike, over this. One implementation per dialect (sqlite-seam.ts,
 * pg/seam.ts).
 */
export interface Seam extends Executor {
  /**
   * Runs `work` as one write transaction: all of its statements commit together or none does. Its
   * statements must go through the executor it is given.
   */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  /**
   * Ends a SELECT inside `transaction` whose rows the transaction goes on to change: PostgreSQL
   * locks them (another writer waits for our commit); SQLite's write transaction already excludes
   * every other writer, so it adds nothing.
   */
  readonly forUpdate: SQL;
  /** Outbox rows taken by one sender at a time (PostgreSQL: several instances send). */
  readonly outbox: OutboxClaims;
}

/** The outboxes: the notifications, and the support desk's. */
export type OutboxTable = "notifications" | "support_outbox";

export interface OutboxClaims {
  /**
   * The first `limit` rows (`columns`) of `table` that `due` selects, oldest first (or by `rank`,
   * a number per row, lowest first, then oldest), claimed for `owner` until `until`: rows another
   * live sender holds are skipped. SQLite has one sender: it only selects.
   */
  claim(
    table: OutboxTable,
    columns: SQL,
    due: SQL,
    limit: number,
    now: number,
    owner: string,
    until: number,
    rank?: SQL,
  ): Promise<Row[]>;
  /** Drops, in every outbox, the claims of every sender but `owner` or of `owner`; how many. */
  release(owner: string, whose: "others" | "own"): Promise<number>;
  /** `, claimed_by = null, …`: appended to the SET of an UPDATE that settles a row (SQLite: nothing). */
  readonly ended: SQL;
}

/** `chatId` → `chat_id`: the columns are the row types' keys in snake case. */
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const selectLists = new WeakMap<z.ZodObject, SQL>();

/** The select list of a row schema's keys: `"chat_id" as "chatId", …`. */
export function columnsOf(schema: z.ZodObject): SQL {
  let list = selectLists.get(schema);
  if (!list) {
    const names = Object.keys(schema.shape).map((key) => `"${snake(key)}" as "${key}"`);
    list = sql.raw(names.join(", "));
    selectLists.set(schema, list);
  }
  return list;
}

/**
 * `insert into <table> (<columns>) values (…), (…)` for rows of the same keys, as one flat SQL (the
 * values as its parameters): a nested `sql` per value made drizzle walk and merge three chunks per
 * value, which for a polled batch of updates (300 values) was most of what journaling it cost.
 */
export function insertInto(table: string, rows: readonly Record<string, unknown>[]): SQL {
  const keys = Object.keys(rows[0] ?? {});
  const texts = [
    `insert into "${table}" (${keys.map((key) => `"${snake(key)}"`).join(", ")}) values (`,
  ];
  const values: unknown[] = [];
  rows.forEach((row, r) => {
    if (r > 0) texts[texts.length - 1] += "), (";
    keys.forEach((key, k) => {
      if (k > 0) texts[texts.length - 1] += ", ";
      values.push(row[key] ?? null);
      texts.push("");
    });
  });
  texts[texts.length - 1] += ")";
  return template(texts, values);
}

/** The assignments of an UPDATE's SET (or ON CONFLICT DO UPDATE SET): `"a" = ?, "b" = ?`. */
export function assignments(set: Record<string, unknown>): SQL {
  const texts = [""];
  const values: unknown[] = [];
  for (const [key, value] of Object.entries(set)) {
    texts[texts.length - 1] += `${values.length > 0 ? ", " : ""}"${snake(key)}" = `;
    values.push(value);
    texts.push("");
  }
  return template(texts, values);
}

/**
 * `(?, ?, …)` of `values`, for `in`: as one flat SQL (drizzle expands an array put in `sql` into a
 * chunk per value and another per comma). At least one value.
 */
export function sqlList(values: readonly unknown[]): SQL {
  const texts = values.map((_, i): string => (i === 0 ? "(" : ", "));
  texts.push(")");
  return template(texts, [...values]);
}

/** `sql` called as a tag would be: `texts` around `values` (one more text than values). */
function template(texts: string[], values: unknown[]): SQL {
  return sql(Object.assign(texts, { raw: texts }), ...values);
}

/** An integer column: a JS number on SQLite, PostgreSQL's bigint as a string. */
export const long = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** A boolean column: 0/1 on SQLite, true/false on PostgreSQL. */
export const flag = z.union([z.boolean(), z.number().transform((n) => n !== 0)]);

/** The rows, each checked against `schema`: a row that does not match is a schema drift. */
export function parseRows<S extends z.ZodType>(schema: S, rows: Row[]): z.output<S>[] {
  return rows.map((row) => schema.parse(row));
}

/** `select <schema's columns> <rest>`: the rows, checked. */
export async function select<S extends z.ZodObject>(
  executor: Executor,
  schema: S,
  rest: SQL,
): Promise<z.output<S>[]> {
  return parseRows(schema, await executor.all(sql`select ${columnsOf(schema)} ${rest}`));
}

/** `select`'s first row; undefined when there is none. */
export async function selectOne<S extends z.ZodObject>(
  executor: Executor,
  schema: S,
  rest: SQL,
): Promise<z.output<S> | undefined> {
  return (await select(executor, schema, rest))[0];
}

/** `count(*)`'s answer, whichever the driver's type. */
export const countOf = (rows: Row[]): number => long.parse(rows[0]?.n ?? 0);

export const count = async (executor: Executor, rest: SQL): Promise<number> =>
  countOf(await executor.all(sql`select count(*) as n ${rest}`));
