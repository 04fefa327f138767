import type { Update } from "grammy/types";
import type { Logger } from "../lib/logger.ts";
import type { HeldNotice } from "./held-notice.ts";

/**
 * Webhook mode's stand-in while the database is away (PostgreSQL: this instance's tries of the
 * leader lock fail, see ops/leadership.ts): an update is not handled (it would fail, and its user
 * would be asked to send it again) but held at Telegram, answered 503 so that Telegram delivers it
 * again, and its private chat is told once that the bot is briefly unavailable and will answer it
 * (held-notice.ts), as long polling's stand-in does (stand-in.ts). Once the database answers,
 * Telegram's next delivery is handled as usual.
 */
export class WebhookStandIn {
  private away = false;

  constructor(
    private readonly held: HeldNotice,
    /** Whether the database is away now. */
    private readonly databaseAway: () => boolean,
    private readonly logger: Logger,
  ) {}

  /** True when `update` is held (its chat told), not handled. */
  async holds(update: Update): Promise<boolean> {
    if (!this.databaseAway()) {
      if (this.away) {
        this.away = false;
        // The next outage tells every chat again.
        this.held.reset();
      }
      return false;
    }
    if (!this.away) {
      this.away = true;
      this.logger.info(
        "the database is away: webhook updates are held at Telegram and their users told they will be answered once it is back",
      );
    }
    await this.held.tell([update]);
    return true;
  }
}
