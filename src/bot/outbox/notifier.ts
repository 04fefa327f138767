import { realClock } from "../../lib/clock.ts";
import { PeriodicLoop } from "../../lib/periodic-loop.ts";
import { type DeliveryOptions, OutboxDelivery, TelegramUnavailableError } from "./delivery.ts";

interface NotifierOptions extends DeliveryOptions {
  /** How often the outbox is checked when nobody wakes the notifier. */
  intervalMs?: number;
}

/** Longest pause after failing database writes: the outbox is retried at least this often. */
const MAX_BACKOFF_MS = 60_000;
/** Longest pause while Telegram is away: a push goes out within this of its return. */
const MAX_TELEGRAM_AWAY_BACKOFF_MS = 3_000;

/**
 * The one place that tells chats things unasked: it drains the outbox (written by the tracker, the
 * reconciler and the swap service, always in the same database transaction as the change) when
 * woken and on a timer. What a row says is delivery-text.ts; how it is sent, paced and retried,
 * delivery.ts; this is the loop.
 */
export class Notifier {
  private readonly delivery: OutboxDelivery;
  private readonly loop: PeriodicLoop;

  constructor(options: NotifierOptions) {
    const clock = options.clock ?? realClock;
    const interval = options.intervalMs ?? 1_000;
    this.delivery = new OutboxDelivery(options);
    const { logger } = options;
    /** Since when (clock.now()) Telegram has been away, while it is. */
    let awaySince: number | undefined;
    this.loop = new PeriodicLoop({
      clock,
      pass: async (signal) => {
        await this.delivery.drain(signal);
        if (awaySince !== undefined) {
          const forSeconds = Math.round((clock.now() - awaySince) / 1000);
          logger.info({ forSeconds }, `Telegram takes pushes again after ${forSeconds} s`);
          awaySince = undefined;
        }
      },
      delayAfter: ({ failures }) =>
        failures > 0
          ? Math.min(
              interval * 2 ** failures,
              awaySince === undefined ? MAX_BACKOFF_MS : MAX_TELEGRAM_AWAY_BACKOFF_MS,
            )
          : // A chat that just got a message holds its next one back: come back when it may go.
            Math.max(10, Math.min(interval, this.delivery.nextChatFreeInMs())),
      onFailure: (error, failures) => {
        if (!(error instanceof TelegramUnavailableError)) {
          logger.error({ err: error, failures }, "outbox drain failed");
          return;
        }
        // One line when Telegram goes away (the cause named); pushes wait in the outbox.
        if (awaySince !== undefined) return;
        awaySince = clock.now();
        logger.warn(
          { cause: error.message },
          `${error.message}: pushes wait in the outbox, tried again every ${MAX_TELEGRAM_AWAY_BACKOFF_MS / 1000} s at most`,
        );
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Sends what is due now; called after something was queued. */
  wake(): void {
    this.loop.wake();
  }
}
