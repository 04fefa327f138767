import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { z } from "zod";
import type { Logger } from "../lib/logger.ts";

const ids = z.array(z.number().int().nonnegative());

/**
 * The ids of updates this process handled but could not clear from the update journal (SQLite
 * locked or full), kept in a small file beside the database (`<DATABASE_PATH>.handled-updates`):
 * the one place a stop can still write while the database refuses. The next start reads it and
 * does not handle those updates again (update-journal.ts). SQLite only: one process runs there,
 * so the file is the database's; with PostgreSQL an instance's memory is all there is.
 */
export class HandledUpdatesFile {
  constructor(
    private readonly path: string,
    private readonly logger: Logger,
  ) {}

  /** The ids written by a process that could not clear them; none when there is no file. */
  read(): number[] {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch {
      return [];
    }
    try {
      const parsed = ids.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Unreadable (a write cut short): as if there were none.
    }
    this.logger.warn({ path: this.path }, "handled updates file unreadable: ignored");
    return [];
  }

  /** Replaces the file's ids with `handled` (written whole, then renamed: never half a list). */
  write(handled: readonly number[]): void {
    const temporary = `${this.path}.tmp`;
    try {
      writeFileSync(temporary, JSON.stringify(handled));
      renameSync(temporary, this.path);
    } catch (error) {
      this.logger.error(
        { err: error, updates: handled.length },
        "cannot keep the handled updates' ids either: a restart may handle them again",
      );
    }
  }

  /** Their rows are cleared: the file goes. */
  clear(): void {
    try {
      rmSync(this.path, { force: true });
    } catch (error) {
      this.logger.warn({ err: error, path: this.path }, "cannot delete the handled updates file");
    }
  }
}
