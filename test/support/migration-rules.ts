/**
 * Expand, then contract (docs/upgrades.md): a migration only adds, because the previous release
 * runs on the migrated database (beside this one on PostgreSQL, after a rollback on SQLite). These
 * are the statements it must not hold; what the previous release reads or writes is removed a
 * release later, once nothing uses it.
 */
const RULES: { problem: string; test: (statement: string) => boolean }[] = [
  { problem: "drops something", test: (s) => /\bDROP\b/i.test(s) },
  { problem: "renames something", test: (s) => /\bRENAME\b/i.test(s) },
  {
    problem: "adds a NOT NULL column without a default",
    test: (s) =>
      /^\s*ALTER\s+TABLE\b[\s\S]*\bADD\b/i.test(s) &&
      /\bNOT\s+NULL\b/i.test(s) &&
      !/\bDEFAULT\b/i.test(s),
  },
  {
    problem: "changes a column's type or makes it NOT NULL",
    test: (s) => /\bALTER\s+COLUMN\b[\s\S]*\b(SET\s+NOT\s+NULL|TYPE)\b/i.test(s),
  },
];

/** One migration file's statements, without comments. */
export function statementsOf(sql: string): string[] {
  return sql
    .split(/-->\s*statement-breakpoint|;/)
    .map((statement) => statement.replace(/--.*$/gm, "").trim())
    .filter(Boolean);
}

/** What in `sql` the previous release could not live with: one line per statement and rule. */
export function contractions(file: string, sql: string): string[] {
  return statementsOf(sql).flatMap((statement) =>
    RULES.filter((rule) => rule.test(statement)).map(
      (rule) => `${file} ${rule.problem}: ${statement.replace(/\s+/g, " ")}`,
    ),
  );
}
