/**
 * Whether SQLite's writes are failing for want of room: the last write ended in SQLITE_FULL (the
 * disk or the file system's quota is full) or a disk I/O error (a write the kernel refused: no
 * space, a file-size limit, a file system gone read-only), and none has succeeded since. /healthz
 * reports it (Database.check): the read-only look it takes otherwise sees nothing wrong with a
 * full disk, since reads still work.
 */
export class SqliteWrites {
  private failing: { since: number; reason: string } | undefined;

  /** A write went through: there is room again. */
  succeeded(): void {
    this.failing = undefined;
  }

  /** A write failed with `error`: remembered when it says the disk refused it. */
  failed(error: unknown): void {
    const code = codeOf(error);
    if (code === undefined || !NO_ROOM.test(code)) return;
    this.failing ??= {
      since: Date.now(),
      reason: `${code}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }

  /** Throws while writes fail for want of room, naming why and since when. */
  check(): void {
    if (!this.failing) return;
    const { since, reason } = this.failing;
    throw new Error(
      `writes fail since ${new Date(since).toISOString()}, the disk refusing them (${reason})`,
    );
  }
}

/** SQLITE_FULL, and SQLITE_IOERR with its extended codes (SQLITE_IOERR_WRITE, ...). */
const NO_ROOM = /^SQLITE_(FULL|IOERR)/;

function codeOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}
