import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import BetterSqlite3 from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, openSqliteDatabase } from "../../src/db/client.ts";
import { PG_MIGRATIONS_DIR } from "../../src/db/pg/client.ts";
import { transactions } from "../../src/db/schema.ts";
import { newTransaction, tempDir } from "./helpers.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);

const sqlFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();

interface Journal {
  entries: { tag: string; when: number }[];
}
const journalOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, "meta/_journal.json"), "utf8")) as Journal;

const dialects = [
  {
    dialect: "sqlite",
    schema: join(root, "src/db/schema.ts"),
    dir: MIGRATIONS_DIR,
    table: 'export const meta = sqliteTable("meta", {',
  },
  {
    dialect: "postgresql",
    schema: join(root, "src/db/pg/schema.ts"),
    dir: PG_MIGRATIONS_DIR,
    table: 'export const meta = pgTable("meta", {',
  },
] as const;

describe.each(dialects)("committed $dialect migrations", ({ dialect, schema, dir, table }) => {
  /**
   * Runs `drizzle-kit generate` on a copy of the committed migrations. drizzle-kit prefixes `out`
   * with "./" (an absolute path breaks) and exits 0 even when it fails, so the paths are relative
   * to a temp working directory and the test reads what it printed.
   */
  async function generateInto(schemaFile: string) {
    const cwd = tempDir();
    cpSync(dir, join(cwd, "drizzle"), { recursive: true });
    // No import of "drizzle-kit": it would not resolve from a temp folder.
    const config = { dialect, schema: relative(cwd, schemaFile), out: "./drizzle" };
    writeFileSync(join(cwd, "drizzle.config.ts"), `export default ${JSON.stringify(config)};\n`);
    const before = sqlFiles(join(cwd, "drizzle"));
    const { stdout, stderr } = await run(
      join(root, "node_modules/.bin/drizzle-kit"),
      ["generate", "--config", "drizzle.config.ts"],
      { cwd, timeout: 60_000 },
    );
    const after = sqlFiles(join(cwd, "drizzle"));
    return { output: stdout + stderr, added: after.filter((f) => !before.includes(f)) };
  }

  it("match the schema: drizzle-kit generate finds nothing to add", async () => {
    const { output, added } = await generateInto(schema);
    expect(output).toContain("No schema changes");
    expect(added).toEqual([]);
  }, 90_000);

  it("the check would notice a schema change", async () => {
    // A copy of src/ whose schema has one more column, beside a node_modules that finds
    // drizzle-orm (the schema imports the core's outbox kinds).
    const copy = tempDir();
    mkdirSync(join(copy, "node_modules"));
    symlinkSync(join(root, "node_modules/drizzle-orm"), join(copy, "node_modules/drizzle-orm"));
    cpSync(join(root, "src"), join(copy, "src"), { recursive: true });
    const copied = join(copy, relative(root, schema));
    const changed = readFileSync(schema, "utf8").replace(
      table,
      `${table}\n  extra: text("extra"),`,
    );
    expect(changed).toContain("extra");
    writeFileSync(copied, changed);
    const { added } = await generateInto(copied);
    expect(added).toHaveLength(1);
  }, 90_000);

  it("are what the journal lists", () => {
    expect(sqlFiles(dir)).toEqual(journalOf(dir).entries.map((e) => `${e.tag}.sql`));
  });

  it("never cascade deletes (drizzle's table rebuilds could empty a child table)", () => {
    for (const file of sqlFiles(dir)) {
      expect(readFileSync(join(dir, file), "utf8")).not.toMatch(/cascade/i);
    }
  });
});

describe("SQLite migrations moved to drizzle/sqlite", () => {
  it("a database migrated from the old drizzle/ folder gets only the migrations added since", () => {
    // The old layout: the same files (moved, not changed) straight under drizzle/, with the
    // journal of that time.
    const old = join(tempDir(), "drizzle");
    const before = ["0000_init", "0001_outbox_kinds"];
    mkdirSync(join(old, "meta"), { recursive: true });
    for (const tag of before) cpSync(join(MIGRATIONS_DIR, `${tag}.sql`), join(old, `${tag}.sql`));
    const journal = journalOf(MIGRATIONS_DIR);
    writeFileSync(
      join(old, "meta/_journal.json"),
      JSON.stringify({
        ...journal,
        entries: journal.entries.filter((e) => before.includes(e.tag)),
      }),
    );
    const path = join(tempDir(), "bot.sqlite");
    const sqlite = new BetterSqlite3(path);
    migrate(drizzle(sqlite), { migrationsFolder: old });
    sqlite.close();

    const database = openSqliteDatabase(path);
    try {
      database.db
        .insert(transactions)
        .values({ ...newTransaction({ id: "after" }), statusChangedAt: 1, insertedAt: 1 })
        .run();
      const applied = database.sqlite
        .prepare("select created_at from __drizzle_migrations order by id")
        .all() as { created_at: number }[];
      expect(applied.map((m) => Number(m.created_at))).toEqual(journal.entries.map((e) => e.when));
    } finally {
      database.close();
    }
  });
});

describe("the sandbox flag becomes the exchange a swap was created on", () => {
  it("a SQLite database's sandbox swaps are the sandbox's; the others wait to be named at start-up", () => {
    const old = join(tempDir(), "drizzle");
    const before = [
      "0000_init",
      "0001_outbox_kinds",
      "0002_conversation_revision",
      "0003_update_journal",
    ];
    mkdirSync(join(old, "meta"), { recursive: true });
    for (const tag of before) cpSync(join(MIGRATIONS_DIR, `${tag}.sql`), join(old, `${tag}.sql`));
    const journal = journalOf(MIGRATIONS_DIR);
    writeFileSync(
      join(old, "meta/_journal.json"),
      JSON.stringify({
        ...journal,
        entries: journal.entries.filter((e) => before.includes(e.tag)),
      }),
    );
    const path = join(tempDir(), "bot.sqlite");
    const sqlite = new BetterSqlite3(path);
    migrate(drizzle(sqlite), { migrationsFolder: old });
    const insert = sqlite.prepare(
      `insert into transactions (id, chat_id, user_id, coin_from, coin_to, amount_in,
        amount_out_expected, rate_type, deposit_address, withdrawal_address, status,
        status_changed_at, created_at, inserted_at, sandbox)
       values (?, 1, 1, 'btc', 'eth', '1', '20', 'float', 'd', 'w', 'wait', 1, '2026-01-01T00:00:00Z', 1, ?)`,
    );
    insert.run("play", 1);
    insert.run("real", 0);
    sqlite.close();

    const database = openSqliteDatabase(path);
    try {
      const rows = database.sqlite
        .prepare("select id, exchange from transactions order by id")
        .all() as { id: string; exchange: string }[];
      expect(rows).toEqual([
        { id: "play", exchange: "sandbox" },
        { id: "real", exchange: "" },
      ]);
    } finally {
      database.close();
    }
  });
});
