import type { Api } from "grammy";
import type { Logger } from "../lib/logger.ts";
import type { HeldNotice } from "./held-notice.ts";

/** How often the stand-in looks at what Telegram holds. */
const LOOK_EVERY_MS = 2_000;

/**
 * While PostgreSQL is away no instance leads, so none polls: the users who write meanwhile would
 * hear nothing. The instance that led last stands in: every couple of seconds it looks at the
 * updates Telegram holds (a short getUpdates from the offset already journaled, so it confirms
 * nothing that is not in the journal) and tells each private chat once that the bot is briefly
 * unavailable and that its message will be answered. It handles nothing: once the database is
 * back the leader polls from the same offset and answers every one of them.
 */
export class StandIn {
  private running: Promise<void> | undefined;
  private abort: AbortController | undefined;

  constructor(
    private readonly api: Pick<Api, "getUpdates">,
    private readonly held: HeldNotice,
    /** The first update not journaled yet. */
    private readonly offset: () => number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.running) return;
    this.logger.info(
      "the database is away: users who write meanwhile are told they will be answered once it is back",
    );
    const abort = new AbortController();
    this.abort = abort;
    this.running = this.look(abort.signal);
  }

  /** Stops looking, once the look under way is over; the next outage tells every chat again. */
  async stop(): Promise<void> {
    this.abort?.abort();
    await this.running;
    this.running = undefined;
    this.abort = undefined;
    this.held.reset();
  }

  private async look(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        // A short look (timeout 0): it is over in a moment, so the leader's first poll once the
        // database is back does not meet it (stop() waits for it).
        const updates = await this.api.getUpdates({
          offset: this.offset(),
          limit: 100,
          timeout: 0,
        });
        if (!signal.aborted) await this.held.tell(updates);
      } catch (error) {
        // Telegram away too, or stopping: the next look tries again.
        if (!signal.aborted) this.logger.debug({ err: error }, "stand-in: getUpdates failed");
      }
      await pause(LOOK_EVERY_MS, signal);
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. A referenced timer: it keeps the process. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
