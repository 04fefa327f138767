import type { Api } from "grammy";
import type { Logger } from "../lib/logger.ts";
import type { HeldNotice } from "./held-notice.ts";

/**
 * While PostgreSQL is away no instance leads, so none polls: the users who write meanwhile would
 * hear nothing. The instance that led last stands in: right after each failed try of the leader
 * lock (every 2 s) it looks at the updates Telegram holds (a short getUpdates from the offset
 * already journaled, so it confirms nothing that is not in the journal) and tells each private
 * chat once that the bot is briefly unavailable and that its message will be answered. It handles
 * nothing: once the database is back the leader polls from the same offset and answers every one
 * of them. Looking only just after the database refused a try keeps the look away from the next
 * leader's first getUpdates (Telegram would end one of the two with 409).
 */
export class StandIn {
  private looking: Promise<void> | undefined;
  private away = false;

  constructor(
    private readonly api: Pick<Api, "getUpdates">,
    private readonly held: HeldNotice,
    /** The first update not journaled yet. */
    private readonly offset: () => number,
    private readonly logger: Logger,
  ) {}

  /** One look, unless one is under way. */
  look(): void {
    if (!this.away) {
      this.away = true;
      this.logger.info(
        "the database is away: users who write meanwhile are told they will be answered once it is back",
      );
    }
    this.looking ??= this.lookOnce().finally(() => {
      this.looking = undefined;
    });
  }

  /** The database answers again: waits for a look under way; the next outage tells every chat again. */
  async stop(): Promise<void> {
    await this.looking;
    this.away = false;
    this.held.reset();
  }

  private async lookOnce(): Promise<void> {
    try {
      // timeout 0: answered at once, so it is over before anyone may lead again.
      const updates = await this.api.getUpdates({ offset: this.offset(), limit: 100, timeout: 0 });
      await this.held.tell(updates);
    } catch (error) {
      // Telegram away too: the next failed try of the lock looks again.
      this.logger.debug({ err: error }, "stand-in: getUpdates failed");
    }
  }
}
