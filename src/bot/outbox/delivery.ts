import type { I18n, TranslateFunction } from "@grammyjs/i18n";
import { type Api, GrammyError, HttpError, InputFile } from "grammy";
import type { ExplorerTable } from "../../frontends/explorers.ts";
import { type Clock, realClock } from "../../lib/clock.ts";
import { failureCause } from "../../lib/failure-cause.ts";
import type { Logger } from "../../lib/logger.ts";
import { RequestBudget } from "../../lib/request-budget.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import type { OutboxEntry, OutboxStore } from "../../swaps/outbox.ts";
import { isFinal } from "../../swaps/status.ts";
import type { Swap } from "../../swaps/swap.ts";
import type { FlowContext } from "../context.ts";
import { translator } from "../i18n.ts";
import { TelegramFrontEndError } from "../plumbing/telegram-fetch.ts";
import { depositKeyboard, depositQr, depositQrCaption } from "../shared/deposit-message.ts";
import { withSupportButton } from "../shared/support-buttons.ts";
import { depositCardText, outboxText } from "./delivery-text.ts";

export interface DeliveryOptions {
  api: Api;
  i18n: I18n<FlowContext>;
  store: OutboxStore;
  logger: Logger;
  /** Telegram allows about 30 messages per second to different chats. */
  perSecond?: number;
  /** Telegram allows about one message per second in one chat: the gap kept between two. */
  perChatGapMs?: number;
  /**
   * Awaited right before each message goes out; it rejects when this instance may not push (it
   * lost the lead): that message stays in the outbox and the drain ends.
   */
  fence?: () => Promise<void>;
  /** Block explorers for the transaction hashes in pushes and cards (the default table). */
  explorers?: ExplorerTable;
  /** The exchanges: deposit messages and cards name each swap's (none: not named). */
  exchanges?: ExchangeSet;
  /** The Mini App's URL: a deposit message and its card carry a button that opens the swap. */
  webAppUrl?: string;
  /** A stuck swap's message and a finished card offer "Contact support" (a desk or a contact). */
  supportButton?: boolean;
  clock?: Clock;
}

/**
 * Sends the outbox's due rows: the delivery half of the notifier (notifier.ts runs it, and
 * delivery-text.ts says what each row says). Paced for Telegram: so many messages a second in all,
 * one gap between two in one chat. At least once: a row is marked sent only after Telegram
 * accepted it, so a crash in between repeats it once and never loses it. A row whose send may have
 * been delivered (a connection lost mid-request) gets one more try at most, so a chat sees a
 * message at most twice. A chat that blocked the bot is marked; other failures retry later.
 * (Telegram's 429s are honoured by the Api's auto-retry.)
 */
export class OutboxDelivery {
  private readonly pace: RequestBudget;
  private readonly clock: Clock;
  /** When each recently served chat may get its next message; entries go once that passed. */
  private readonly chatFreeAt = new Map<number, number>();
  /** Sent, but recording it failed: never sent again by this process, only recorded. */
  private readonly unrecorded = new Map<number, number>();

  constructor(private readonly options: DeliveryOptions) {
    this.clock = options.clock ?? realClock;
    this.pace = new RequestBudget(options.perSecond ?? 25, 1_000, { clock: this.clock });
  }

  /** How long until a chat held back for its pace may get its next message (Infinity: none). */
  nextChatFreeInMs(): number {
    return Math.min(...this.chatFreeAt.values()) - this.clock.now();
  }

  /**
   * Sends every due entry whose chat may get a message now; returns how many were sent. Those held
   * back for their chat's pace stay due for the next drain. Stops between two sends once `signal`
   * aborts.
   */
  async drain(signal: AbortSignal): Promise<number> {
    await this.recordUnrecorded();
    let sent = 0;
    for (;;) {
      this.forgetPastChats(this.clock.now());
      const batch = await this.options.store.due(50, this.clock.now());
      let tried = 0;
      for (const entry of batch) {
        if (signal.aborted) return sent;
        if (this.unrecorded.has(entry.id)) continue;
        if ((this.chatFreeAt.get(entry.chatId) ?? 0) > this.clock.now()) continue;
        tried++;
        if (await this.send(entry)) sent++;
      }
      if (tried === 0) return sent;
    }
  }

  private async recordUnrecorded(): Promise<void> {
    for (const [id, at] of this.unrecorded) {
      await this.options.store.markSent(id, at);
      this.unrecorded.delete(id);
    }
  }

  private forgetPastChats(now: number): void {
    for (const [chatId, freeAt] of this.chatFreeAt) {
      if (freeAt <= now) this.chatFreeAt.delete(chatId);
    }
  }

  private async send(entry: OutboxEntry): Promise<boolean> {
    const { store } = this.options;
    const swap = entry.transactionId ? await store.swap(entry.transactionId) : undefined;
    if (entry.transactionId && !swap) {
      // The swap was forgotten by its chat (/forget): nothing left to tell.
      await store.drop(entry.id, "swap forgotten", this.clock.now());
      return false;
    }
    const { receipt } = entry;
    if (swap && receipt === "card") {
      await this.options.fence?.();
      const t = translator(this.options.i18n, (await store.chatLanguage(entry.chatId)) ?? "en");
      await this.editCard(entry.chatId, swap, t);
      await store.markSent(entry.id, this.clock.now());
      return false;
    }
    if (entry.kind === "stuck" && !receipt && swap?.status !== entry.status) {
      // It moved on before the word went out (a backlog, a blocked chat): it is no longer true.
      await store.drop(entry.id, "no longer stuck", this.clock.now());
      return false;
    }
    const t = translator(this.options.i18n, (await store.chatLanguage(entry.chatId)) ?? "en");
    const release = await this.pace.acquire();
    try {
      await this.options.fence?.();
    } catch (error) {
      release();
      throw error;
    }
    let messageId: number;
    try {
      messageId = await this.deliver(entry, swap, t);
    } catch (error) {
      await this.failed(entry, error);
      return false;
    } finally {
      release();
    }
    const at = this.clock.now();
    this.chatFreeAt.set(entry.chatId, at + (this.options.perChatGapMs ?? 1_000));
    try {
      await store.markSent(entry.id, at);
    } catch (error) {
      // Telegram has it: whatever the database does now, this process never sends it again.
      this.unrecorded.set(entry.id, at);
      throw error;
    }
    if (swap) await this.afterSent(entry, swap, messageId, t);
    return true;
  }

  /** Sends the entry's message; returns its message id. */
  private async deliver(
    entry: OutboxEntry,
    swap: Swap | undefined,
    t: TranslateFunction,
  ): Promise<number> {
    const { api } = this.options;
    const text = outboxText(t, entry, swap, this.options);
    // The QR code is a convenience: the text below is the swap. A swap found only after it
    // finished gets none: its address takes nothing more.
    if (entry.kind === "deposit" && swap && !isFinal(swap.status)) {
      await depositQr(swap.depositAddress)
        .then((png) =>
          api.sendPhoto(entry.chatId, new InputFile(png, "deposit-address.png"), {
            caption: depositQrCaption(t, swap),
          }),
        )
        .catch(() => undefined);
    }
    const options = {
      link_preview_options: { is_disabled: true },
      // A deposit message becomes the swap's card: it carries the card's buttons.
      ...(entry.kind === "deposit" && swap ? { reply_markup: this.cardKeyboard(swap, t) } : {}),
      ...(entry.kind === "stuck" && swap && this.options.supportButton
        ? { reply_markup: withSupportButton(t, swap.id) }
        : {}),
    };
    return (await api.sendMessage(entry.chatId, text, options)).message_id;
  }

  /** The status card follows the swap; a reconciled deposit message becomes its card. */
  private async afterSent(
    entry: OutboxEntry,
    swap: Swap,
    messageId: number,
    t: TranslateFunction,
  ): Promise<void> {
    if (entry.kind === "deposit") {
      await this.options.store.setStatusCard(swap.id, messageId);
      return;
    }
    if (entry.kind === "status" || entry.receipt) await this.editCard(entry.chatId, swap, t);
  }

  /** The swap's status card, as it stands now (a card receipt edits only it). */
  private async editCard(chatId: number, swap: Swap, t: TranslateFunction): Promise<void> {
    if (swap.cardMessageId === null || swap.suspect) return;
    // The card is a convenience: its edit failing (too old, deleted) changes nothing.
    await this.options.api
      .editMessageText(
        chatId,
        swap.cardMessageId,
        depositCardText(t, swap, this.options),
        // An edit without them would take the card's buttons away.
        { link_preview_options: { is_disabled: true }, reply_markup: this.cardKeyboard(swap, t) },
      )
      .catch(() => undefined);
  }

  /** The card's buttons: copy and the Mini App (deposit-message.ts), and support once finished. */
  private cardKeyboard(swap: Swap, t: TranslateFunction) {
    const keyboard = depositKeyboard(t, swap, { url: this.options.webAppUrl, chatId: swap.chatId });
    return isFinal(swap.status) && this.options.supportButton
      ? withSupportButton(t, swap.id, keyboard.row())
      : keyboard;
  }

  private async failed(entry: OutboxEntry, error: unknown): Promise<void> {
    const { store, logger } = this.options;
    const now = this.clock.now();
    if (error instanceof GrammyError && error.error_code === 403) {
      await store.markChatBlocked(entry.chatId, now);
      logger.info({ chat: entry.chatId }, "chat blocked the bot; its pushes are skipped");
      return;
    }
    const maybeDelivered = mayHaveArrived(error);
    if (maybeDelivered && entry.maybeSentAt !== null) {
      // Twice unsure: the chat may have it twice already. A third copy is worse than none.
      await store.drop(entry.id, `delivery uncertain twice: ${String(error)}`, now);
      logger.warn({ err: error, notification: entry.id }, "push dropped: delivery uncertain twice");
      return;
    }
    const unavailable = telegramUnavailable(error);
    const delay = unavailable
      ? UNAVAILABLE_RETRY_MS
      : Math.min(5_000 * 2 ** entry.attempts, 10 * 60_000);
    await store.retryLater(entry.id, String(error), now + delay, maybeDelivered);
    // Telegram itself is away: the other rows would fail alike. The drain ends here and the
    // notifier tries again within a few seconds (notifier.ts), so they go out once it answers.
    if (unavailable) throw new TelegramUnavailableError(error);
    logger.warn({ err: error, notification: entry.id }, "push failed; will retry");
  }
}

/** How soon a push that failed because Telegram was away is due again. */
const UNAVAILABLE_RETRY_MS = 2_000;

/** A push failed because Telegram is away (not because of the push): the drain stops. */
export class TelegramUnavailableError extends Error {
  override name = "TelegramUnavailableError";
  constructor(cause: unknown) {
    super(`Telegram is unavailable: ${failureCause(cause)}`, {
      cause,
    });
  }
}

/**
 * Whether a call failed because Telegram is away rather than because of the call: no answer, a
 * broken connection, its front end's 5xx page, or the Bot API's own 5xx.
 */
function telegramUnavailable(error: unknown): boolean {
  if (error instanceof HttpError) return true;
  return error instanceof GrammyError && error.error_code >= 500;
}

/**
 * Whether Telegram may have delivered a message whose request failed: an answer with an error
 * (GrammyError) proves it did not, and so does a 5xx page from Telegram's front end (its load
 * balancer answered: the Bot API never saw the call); a connection that was never made proves it
 * did not; a connection lost after the request was sent (or no answer in time) cannot tell.
 */
function mayHaveArrived(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  // An answer from Telegram's front end: the Bot API never saw the call.
  if (error.error instanceof TelegramFrontEndError) return false;
  const code = errorCode(error.error);
  return !["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"].includes(code);
}

function errorCode(error: unknown): string {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    if ("code" in e && typeof e.code === "string") return e.code;
    e = "cause" in e ? e.cause : undefined;
  }
  return "";
}
