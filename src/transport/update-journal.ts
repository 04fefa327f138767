import type { Bot, Context } from "grammy";
import type { Update } from "grammy/types";
import { z } from "zod";
import type { UpdatesRepository } from "../db/repositories/updates.ts";
import type { Logger } from "../lib/logger.ts";
import type { HandledUpdatesFile } from "./handled-updates-file.ts";
import type { HeldNotice } from "./held-notice.ts";

/**
 * Telegram updates taken by long polling are journaled until they are handled to the end.
 *
 * Why: getUpdates confirms a batch as soon as the next one is asked for, and the concurrent
 * runner asks while the batch is still being handled. A process killed in between (say after a
 * flow's prompt went out, before the conversations plugin wrote the step's state) would lose the
 * update: the next start, or the standby taking over, would find the flow a step behind and read
 * the user's next answer against the wrong question. Here each batch is written to the database
 * before it is handed on; a conversation's state write deletes its update's row in the same
 * transaction (conversation-storage.ts), other updates' rows go once handled. Whatever is left
 * at the next start is handled then, before polling, once.
 */
export class UpdateJournal {
  /** Handled updates whose rows are still to be deleted. */
  private handled: number[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Updates this start handled from the journal: Telegram may not have counted them delivered. */
  private replayed = new Set<number>();
  /** The highest update id Telegram sent this process: the next ask starts after it. */
  private fetchedThrough = -1;
  private recordFailing = false;
  /** Whether `file` holds ids not cleared yet. */
  private kept = false;
  /** Polling stopped (its last flush is done or under way): a failed clear is not tried again. */
  private stopped = false;

  constructor(
    private readonly store: UpdatesRepository,
    private readonly logger: Logger,
    /** Tells the users of a batch that cannot be journaled that they will be answered later. */
    private readonly held?: HeldNotice,
    /**
     * SQLite: where handled updates whose rows could not be cleared are kept across a restart, so
     * that the next start does not handle them again.
     */
    private readonly file?: HandledUpdatesFile,
  ) {}

  /**
   * Handles the updates an earlier process took and did not finish, oldest first. Each is taken
   * out of the journal before it runs, so one that kills the process is not run on every start.
   */
  async replayLeft<C extends Context>(bot: Bot<C>): Promise<number> {
    // Updates this process handled whose rows could not be cleared yet (the database went away
    // while leading) are not handled twice when it leads again.
    this.stopped = false;
    await this.flush();
    // And those the last process handled but could not clear (the database refused its writes).
    const handledBefore = this.file?.read() ?? [];
    const cleared = new Set([...this.handled, ...handledBefore]);
    const left = (await this.store.takeLeft()).filter((row) => !cleared.has(row.updateId));
    // Their rows went with the rest: only this process's own uncleared ones are left to keep.
    if (handledBefore.length > 0 && this.file) {
      if (this.handled.length === 0) this.file.clear();
      else this.file.write(this.handled);
      this.kept = this.handled.length > 0;
    }
    this.replayed = new Set(left.map((row) => row.updateId));
    if (left.length === 0) return 0;
    this.logger.info(
      { updates: left.length },
      "handling updates the last run took but did not finish",
    );
    await bot.init();
    for (const row of left) {
      const update = parseUpdate(row.payload);
      if (!update) {
        this.logger.warn({ update: row.updateId }, "journaled update unreadable: skipped");
        continue;
      }
      try {
        await bot.handleUpdate(update);
      } catch (error) {
        this.logger.error({ err: error, update: row.updateId }, "journaled update failed");
      }
    }
    return left.length;
  }

  /**
   * The bot as the runner sees it: every batch getUpdates answers is journaled before the runner
   * hands it on, and every update is marked handled once its middleware is done.
   */
  adapter<C extends Context>(bot: Bot<C>) {
    return {
      init: () => bot.init(),
      errorHandler: (error: Parameters<Bot<C>["errorHandler"]>[0]) => bot.errorHandler(error),
      handleUpdate: async (update: Update) => {
        try {
          await bot.handleUpdate(update);
        } finally {
          this.markHandled(update.update_id);
        }
      },
      api: {
        getUpdates: async (
          args: { offset: number; limit: number; timeout: number },
          signal: Parameters<Bot<C>["api"]["getUpdates"]>[1],
        ): Promise<Update[]> => {
          // An update left out below (handled from the journal) must not come back either.
          const offset = Math.max(args.offset, this.fetchedThrough + 1);
          const fetched = await bot.api.getUpdates({ ...args, offset }, signal);
          const updates =
            this.replayed.size === 0
              ? fetched
              : fetched.filter((update) => !this.replayed.has(update.update_id));
          try {
            await this.store.record(
              updates.map((update) => ({
                updateId: update.update_id,
                payload: JSON.stringify(update),
              })),
            );
            if (this.recordFailing) this.held?.reset();
            this.recordFailing = false;
          } catch (error) {
            // Not handed on, and the next ask starts where this one did: Telegram sends the
            // batch again once the database takes writes.
            if (!this.recordFailing) {
              this.logger.error({ err: error }, "cannot journal Telegram updates: polling paused");
            }
            this.recordFailing = true;
            await this.held?.tell(updates);
            throw error;
          }
          const last = fetched.at(-1)?.update_id;
          if (last !== undefined) this.fetchedThrough = Math.max(this.fetchedThrough, last);
          return updates;
        },
      },
    };
  }

  /** The first update id not journaled by this process: asking from it confirms only journaled ones. */
  get nextOffset(): number {
    return this.fetchedThrough + 1;
  }

  /**
   * Deletes the rows of every update handled so far; `last` at stop, after the last one finished
   * (a clear that fails then is left to the file and the next start).
   */
  async flush(last = false): Promise<void> {
    if (last) this.stopped = true;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const ids = this.handled;
    this.handled = [];
    this.flushing = this.flushing.then(async () => {
      if (ids.length === 0) return;
      try {
        await this.store.done(ids);
        if (this.kept && this.handled.length === 0) {
          this.file?.clear();
          this.kept = false;
        }
      } catch (error) {
        // Kept for the next flush, tried again shortly, and in the file beside the database: a
        // restart meanwhile does not handle them again.
        this.handled.push(...ids);
        this.logger.warn({ err: error, updates: ids.length }, "cannot clear handled updates");
        if (this.file) {
          this.file.write(this.handled);
          this.kept = true;
        }
        if (!this.stopped) {
          this.flushTimer ??= setTimeout(() => void this.flush(), RETRY_CLEAR_MS).unref();
        }
      }
    });
    await this.flushing;
  }

  /** Rows of handled updates go in one statement a moment later, not one each. */
  private markHandled(updateId: number): void {
    this.handled.push(updateId);
    this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS).unref();
  }
}

/** How long handled updates' rows wait to be deleted together. */
const FLUSH_AFTER_MS = 50;
/** How soon a clear that failed is tried again (each try may wait out SQLite's lock). */
const RETRY_CLEAR_MS = 1_000;

const journaledUpdateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });

function parseUpdate(payload: string): Update | undefined {
  try {
    const parsed = journaledUpdateSchema.safeParse(JSON.parse(payload));
    // Telegram's own JSON, stored as received: the id is what the journal relies on.
    return parsed.success ? (parsed.data as Update) : undefined;
  } catch {
    return undefined;
  }
}
