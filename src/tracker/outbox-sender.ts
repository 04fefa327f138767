import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError } from "grammy";
import type { FlowContext } from "../bot/context.ts";
import { translator } from "../bot/i18n.ts";
import { depositText, label } from "../bot/shared/deposit-message.ts";
import { statusName } from "../bot/shared/status-name.ts";
import { RequestBudget } from "../exchange/limiter.ts";
import type { Logger } from "../logger.ts";
import type { PendingNotification, SwapRecord } from "../swaps/types.ts";

export interface OutboxStore {
  /** Unsent notifications whose time has come, oldest first, skipping chats that blocked us. */
  due(limit: number, now: number): PendingNotification[];
  markSent(id: number, at: number): void;
  retryLater(id: number, error: string, retryAt: number): void;
  markChatBlocked(chatId: number, at: number): void;
  swap(transactionId: string): SwapRecord | undefined;
  chatLanguage(chatId: number): string | undefined;
}

export interface OutboxSenderOptions {
  api: Api;
  i18n: I18n<FlowContext>;
  store: OutboxStore;
  logger: Logger;
  /** How often the outbox is checked when nobody wakes the sender. */
  intervalMs?: number;
  /** Telegram allows about 30 messages per second to different chats. */
  perSecond?: number;
  /** Telegram allows about one message per second in one chat: the gap kept between two. */
  perChatGapMs?: number;
}

/**
 * Drains the notification outbox to Telegram. At least once: a notification is marked sent only
 * after Telegram accepted it, so a crash in between repeats it once and never loses it; a
 * notification marked sent is never picked up again.
 */
export class OutboxSender {
  private readonly pace: RequestBudget;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<number> | undefined;
  private again = false;
  private stopped = true;
  /** When each recently served chat may get its next message; entries go once that passed. */
  private readonly chatFreeAt = new Map<number, number>();

  constructor(private readonly options: OutboxSenderOptions) {
    this.pace = new RequestBudget(options.perSecond ?? 25, 1_000);
  }

  start(): void {
    this.stopped = false;
    this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.draining;
  }

  /** Sends what is due now; called after the tracker queued changes, and on a timer. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.tick();
  }

  private tick(): void {
    clearTimeout(this.timer);
    this.draining = this.drain()
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, "outbox drain failed");
        return 0;
      })
      .finally(() => {
        this.draining = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.tick();
          return;
        }
        // A chat that just got a message holds its next one back: come back when it may go.
        const interval = this.options.intervalMs ?? 1_000;
        const soonest = Math.min(...this.chatFreeAt.values()) - Date.now();
        this.timer = setTimeout(() => this.tick(), Math.max(10, Math.min(interval, soonest)));
        this.timer.unref();
      });
  }

  /**
   * Sends every due notification whose chat may get a message now; returns how many were sent.
   * Those held back for their chat's pace stay due for the next tick.
   */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      this.forgetPastChats(Date.now());
      const batch = this.options.store.due(50, Date.now());
      let tried = 0;
      for (const notification of batch) {
        if (this.stopped) return sent;
        if ((this.chatFreeAt.get(notification.chatId) ?? 0) > Date.now()) continue;
        tried++;
        if (await this.send(notification)) sent++;
      }
      if (tried === 0) return sent;
    }
  }

  private forgetPastChats(now: number): void {
    for (const [chatId, freeAt] of this.chatFreeAt) {
      if (freeAt <= now) this.chatFreeAt.delete(chatId);
    }
  }

  private async send(notification: PendingNotification): Promise<boolean> {
    const { store, api, logger } = this.options;
    const swap = store.swap(notification.transactionId);
    if (!swap) {
      // The swap was forgotten by its chat: nothing left to tell.
      store.markSent(notification.id, Date.now());
      return false;
    }
    const t = translator(this.options.i18n, store.chatLanguage(notification.chatId) ?? "en");
    const release = await this.pace.acquire();
    try {
      await api.sendMessage(notification.chatId, pushText(t, swap, notification.status), {
        link_preview_options: { is_disabled: true },
      });
      store.markSent(notification.id, Date.now());
      this.chatFreeAt.set(notification.chatId, Date.now() + (this.options.perChatGapMs ?? 1_000));
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 403) {
        store.markChatBlocked(notification.chatId, Date.now());
        logger.info({ chat: notification.chatId }, "chat blocked the bot; its pushes are skipped");
        return false;
      }
      const delay = Math.min(5_000 * 2 ** notification.attempts, 10 * 60_000);
      store.retryLater(notification.id, String(error), Date.now() + delay);
      logger.warn({ err: error, notification: notification.id }, "push failed; will retry");
      return false;
    } finally {
      release();
    }
    // The card is a convenience: its edit failing (too old, deleted) changes nothing.
    if (swap.cardMessageId !== null) {
      await api
        .editMessageText(
          notification.chatId,
          swap.cardMessageId,
          depositText(t, swap, statusName(t, swap.status)),
          { link_preview_options: { is_disabled: true } },
        )
        .catch(() => undefined);
    }
    return true;
  }
}

/** The push for one status change, in plain words with what it means and what to do. */
export function pushText(
  t: (key: string, vars?: Record<string, string>) => string,
  swap: SwapRecord,
  status: string,
): string {
  const vars = {
    id: swap.id,
    status,
    amountIn: swap.amountIn,
    from: label(swap.coinFrom, swap.networkFrom),
    to: label(swap.coinTo, swap.networkTo),
    amountOut: swap.amountOut ?? swap.amountOutExpected,
    withdrawal: swap.withdrawalAddress,
    hashOut: swap.txHashOut ?? "—",
    deposit: swap.depositAddress,
    refundTo: swap.refundAddress ?? t("push-refunded-no-address"),
  };
  const known = ["wait", "confirmation", "exchanging", "success", "overdue", "refunded"];
  return t(known.includes(status) ? `push-${status}` : "push-other", vars);
}
