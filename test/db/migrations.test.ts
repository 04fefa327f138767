import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../src/db/client.ts";
import { tempDir } from "./helpers.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const schemaFile = join(root, "src/db/schema.ts");
const run = promisify(execFile);

const sqlFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();

/**
 * Runs `drizzle-kit generate` on a copy of the committed migrations. drizzle-kit prefixes `out`
 * with "./" (an absolute path breaks) and exits 0 even when it fails, so the paths are relative
 * to a temp working directory and the test reads what it printed.
 */
async function generateInto(schema: string) {
  const cwd = tempDir();
  cpSync(MIGRATIONS_DIR, join(cwd, "drizzle"), { recursive: true });
  // No import of "drizzle-kit": it would not resolve from a temp folder.
  const config = { dialect: "sqlite", schema: relative(cwd, schema), out: "./drizzle" };
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

describe("committed migrations", () => {
  it("match the schema: drizzle-kit generate finds nothing to add", async () => {
    const { output, added } = await generateInto(schemaFile);
    expect(output).toContain("No schema changes");
    expect(added).toEqual([]);
  }, 90_000);

  it("the check would notice a schema change", async () => {
    // A copy of the schema with one more column, beside a node_modules that finds drizzle-orm.
    const dir = tempDir();
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(join(root, "node_modules/drizzle-orm"), join(dir, "node_modules/drizzle-orm"));
    const changed = readFileSync(schemaFile, "utf8").replace(
      'export const meta = sqliteTable("meta", {',
      'export const meta = sqliteTable("meta", {\n  extra: text("extra"),',
    );
    writeFileSync(join(dir, "schema.ts"), changed);
    const { added } = await generateInto(join(dir, "schema.ts"));
    expect(added).toHaveLength(1);
  }, 90_000);

  it("are what the journal lists", () => {
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8"),
    ) as { entries: { tag: string }[] };
    expect(sqlFiles(MIGRATIONS_DIR)).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
  });

  it("never cascade deletes (drizzle's table rebuilds could empty a child table)", () => {
    for (const file of sqlFiles(MIGRATIONS_DIR)) {
      expect(readFileSync(join(MIGRATIONS_DIR, file), "utf8")).not.toMatch(/cascade/i);
    }
  });
});
