import type { I18n, TranslateFunction } from "@grammyjs/i18n";
import { type Api, GrammyError, InlineKeyboard } from "grammy";
import type { ExplorerTable } from "../../frontends/explorers.ts";
import type { Awaitable } from "../../lib/awaitable.ts";
import { type Clock, realClock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import { PeriodicLoop } from "../../lib/periodic-loop.ts";
import { cutWhole } from "../../lib/whole-characters.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import type { SupportDelivery, SupportOutboxStore, Ticket } from "../../swaps/support-ports.ts";
import type { FlowContext } from "../context.ts";
import { translator } from "../i18n.ts";
import { supportCloseButton } from "../shared/support-buttons.ts";
import {
  answerText,
  followUpText,
  INLINE_WORDS,
  pieces,
  ticketText,
  topicName,
} from "./support-text.ts";

interface SupportDeliveryOptions {
  api: Api;
  i18n: I18n<FlowContext>;
  store: SupportOutboxStore;
  /** The group or supergroup of the operator's team. */
  supportChatId: number;
  chatLanguage(chatId: number): Awaitable<string | undefined>;
  logger: Logger;
  /** Awaited right before each message goes out; rejects once this instance lost the lead. */
  fence?: () => Promise<void>;
  explorers?: ExplorerTable;
  /** The exchanges: a ticket names its swap's, with the swap's order id there. */
  exchanges: ExchangeSet;
  /** How often the outbox is checked when nobody wakes it. */
  intervalMs?: number;
  /** The gap kept between two messages to one chat (Telegram: about one a second). */
  perChatGapMs?: number;
  clock?: Clock;
}

/** The words a copied photo's or document's caption keeps, under its heading. */
const CAPTION_WORDS = 900;
/** Longest wait before a failed row is tried again. */
const MAX_RETRY_MS = 10 * 60_000;
/** Longest pause after failing passes. */
const MAX_BACKOFF_MS = 60_000;
/** A row for a user's chat that failed this often is given up (logged): Telegram keeps refusing it. */
const MAX_ATTEMPTS = 8;
/** How long the support chat's kind (forum or not) is trusted before it is asked again. */
const CHAT_KIND_TTL_MS = 10 * 60_000;

/**
 * Sends the support desk's outbox: the users' words into the support chat (a ticket's first
 * message with its swap; in a forum, in a topic of its own made first) and the team's answers back
 * to the users' chats. The leader's work, like the notifier: rows are claimed before they are sent
 * (several instances never send one twice while a claim lasts), marked sent only once Telegram
 * took them (at least once: a crash in between repeats one), and a failure retries later. Rows
 * come from the claim round-robin between users (db/repositories/support.ts): the support chat's
 * one message a second goes to the user served longest ago, so one user's burst never holds
 * another's new ticket.
 */
export class SupportSender {
  private readonly clock: Clock;
  private readonly loop: PeriodicLoop;
  private readonly chatFreeAt = new Map<number, number>();
  private forum: { value: boolean; at: number } | undefined;

  constructor(private readonly options: SupportDeliveryOptions) {
    this.clock = options.clock ?? realClock;
    const interval = options.intervalMs ?? 1_000;
    this.loop = new PeriodicLoop({
      clock: this.clock,
      pass: async (signal) => {
        await this.drain(signal);
      },
      delayAfter: ({ failures }) =>
        failures > 0
          ? Math.min(interval * 2 ** failures, MAX_BACKOFF_MS)
          : Math.max(10, Math.min(interval, this.nextChatFreeInMs())),
      onFailure: (error, failures) =>
        options.logger.error({ err: error, failures }, "support outbox drain failed"),
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

  private nextChatFreeInMs(): number {
    return Math.min(...this.chatFreeAt.values()) - this.clock.now();
  }

  /** Sends every due row whose chat may get a message now; returns how many were sent. */
  async drain(signal: AbortSignal): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = this.clock.now();
      for (const [chatId, at] of this.chatFreeAt) if (at <= now) this.chatFreeAt.delete(chatId);
      const batch = await this.options.store.due(20, now);
      let tried = 0;
      for (const entry of batch) {
        if (signal.aborted) return sent;
        const ticket = await this.options.store.ticket(entry.ticketId);
        if (!ticket) {
          await this.options.store.drop(entry.id, "ticket forgotten", this.clock.now());
          continue;
        }
        const target = toSupport(entry) ? this.options.supportChatId : ticket.chatId;
        if ((this.chatFreeAt.get(target) ?? 0) > this.clock.now()) continue;
        tried++;
        if (await this.send(entry, ticket, target)) sent++;
      }
      if (tried === 0) return sent;
    }
  }

  private async send(entry: SupportDelivery, ticket: Ticket, target: number): Promise<boolean> {
    const { store } = this.options;
    const t = translator(this.options.i18n, (await this.options.chatLanguage(target)) ?? "en");
    let messageId: number;
    try {
      messageId = toSupport(entry)
        ? await this.toSupportChat(entry, ticket, t)
        : await this.toUser(entry, ticket, t);
    } catch (error) {
      await this.failed(entry, error);
      return false;
    }
    const at = this.clock.now();
    this.chatFreeAt.set(target, at + (this.options.perChatGapMs ?? 1_000));
    await store.markSent(entry.id, at, messageId);
    return true;
  }

  private async toSupportChat(
    entry: SupportDelivery,
    ticket: Ticket,
    t: TranslateFunction,
  ): Promise<number> {
    const { api, supportChatId, fence } = this.options;
    let topicId = ticket.topicId;
    if (topicId === null && (await this.isForum())) topicId = await this.newTopic(ticket, t);
    // A ticket without a topic (not a forum, or the bot may not make topics) is answered by replies.
    const forum = topicId !== null;
    const thread = topicId !== null ? { message_thread_id: topicId } : {};
    await fence?.();
    switch (entry.kind) {
      case "opened": {
        const swap = await this.options.store.swap(ticket);
        const history = swap ? await this.options.store.statusHistory(swap.id) : [];
        const text = ticketText(t, ticket, swap, history, entry.text, {
          forum,
          explorers: this.options.explorers,
          exchanges: this.options.exchanges,
        });
        const message = await api.sendMessage(supportChatId, text, {
          ...thread,
          link_preview_options: { is_disabled: true },
          reply_markup: new InlineKeyboard().text(
            t("support-close-button", { ticket: ticket.id }),
            supportCloseButton.pack({ ticket: ticket.id }),
          ),
        });
        // Long words follow the ticket's first message, in pieces that fit.
        if (entry.text !== null && entry.text.length > INLINE_WORDS) {
          await this.sendWords(
            supportChatId,
            entry.text,
            (w) => followUpText(t, ticket, w),
            thread,
          );
        }
        return message.message_id;
      }
      case "user-message":
        return entry.media
          ? (await this.copy(supportChatId, entry, (w) => followUpText(t, ticket, w), thread))
              .message_id
          : this.sendWords(supportChatId, entry.text, (w) => followUpText(t, ticket, w), thread);
      default: {
        const message = await api.sendMessage(
          supportChatId,
          t("support-ticket-closed-by-user", { ticket: ticket.id }),
          thread,
        );
        if (forum && topicId !== null) {
          await api.closeForumTopic(supportChatId, topicId).catch(() => undefined);
        }
        return message.message_id;
      }
    }
  }

  private async toUser(entry: SupportDelivery, ticket: Ticket, t: TranslateFunction) {
    const { api, fence } = this.options;
    await fence?.();
    if (entry.kind === "closed-by-support") {
      return (
        await api.sendMessage(ticket.chatId, t("support-closed-by-support", { ticket: ticket.id }))
      ).message_id;
    }
    return entry.media
      ? (await this.copy(ticket.chatId, entry, (w) => answerText(t, ticket, w), {})).message_id
      : this.sendWords(ticket.chatId, entry.text, (w) => answerText(t, ticket, w), {});
  }

  /**
   * The words under their heading, in as many messages as they need; returns the first one's id
   * (a reply to it reaches the ticket).
   */
  private async sendWords(
    chatId: number,
    words: string | null,
    render: (words: string | null) => string,
    thread: { message_thread_id?: number },
  ): Promise<number> {
    let first: number | undefined;
    for (const piece of words === null ? [null] : pieces(words)) {
      await this.options.fence?.();
      const sent = await this.options.api.sendMessage(chatId, render(piece), {
        ...thread,
        link_preview_options: { is_disabled: true },
      });
      first ??= sent.message_id;
    }
    return first!;
  }

  /** The row's photo or document, copied (no "forwarded from" link) with `caption` over it. */
  private copy(
    chatId: number,
    entry: SupportDelivery,
    render: (words: string | null) => string,
    thread: { message_thread_id?: number },
  ) {
    if (entry.sourceChatId === null || entry.sourceMessageId === null) {
      throw new Error(`support row ${entry.id} has media without a source message`);
    }
    return this.options.api.copyMessage(chatId, entry.sourceChatId, entry.sourceMessageId, {
      ...thread,
      // A caption takes 1024 characters: the heading and the first of the words (cut before
      // escaping, so no markup is cut in half).
      caption: render(entry.text === null ? null : cutWhole(entry.text, CAPTION_WORDS)),
    });
  }

  /**
   * The ticket's own topic in a forum. A bot that may not make topics (not an administrator with
   * "Manage topics") leaves the ticket in the forum's general topic, where replies answer it.
   */
  private async newTopic(ticket: Ticket, t: TranslateFunction): Promise<number | null> {
    const { api, supportChatId, fence } = this.options;
    await fence?.();
    let topicId: number;
    try {
      topicId = (await api.createForumTopic(supportChatId, topicName(t, ticket))).message_thread_id;
    } catch (error) {
      if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
      this.options.logger.warn(
        { err: error, ticket: ticket.id },
        "support: cannot make a forum topic (is the bot an administrator with Manage topics?); the ticket goes to the general topic",
      );
      return null;
    }
    await this.options.store.setTopic(ticket.id, topicId);
    return topicId;
  }

  /**
   * Whether the support chat is a forum (one topic a ticket); asked again now and then. When
   * Telegram cannot say, the ticket goes out as in a plain group (replies answer it).
   */
  private async isForum(): Promise<boolean> {
    const now = this.clock.now();
    if (this.forum && now - this.forum.at < CHAT_KIND_TTL_MS) return this.forum.value;
    const chat = await this.options.api.getChat(this.options.supportChatId).catch((error) => {
      this.options.logger.warn(
        { err: error },
        "support: getChat failed; taking the chat as no forum",
      );
      return undefined;
    });
    if (!chat) {
      // Asked again in a minute, not at every message.
      this.forum = { value: false, at: now - CHAT_KIND_TTL_MS + 60_000 };
      return false;
    }
    const value = chat.type === "supergroup" && chat.is_forum === true;
    this.forum = { value, at: now };
    return value;
  }

  /**
   * A row Telegram refuses for what it says (its markup, its length, text that is not UTF-8) is
   * dropped at once, either way: sent again it is refused again, and it would hold the ticket's
   * later rows for ever. A row for a user's chat is dropped too when the user blocked the bot, or
   * when the Bot API keeps refusing it. Any other row for the support chat is never dropped: a
   * desk set up wrong (the bot not in the group, a wrong id) is the operator's to fix, and the
   * tickets wait for it, retried every 10 minutes.
   */
  private async failed(entry: SupportDelivery, error: unknown): Promise<void> {
    const { store, logger } = this.options;
    const now = this.clock.now();
    const fields = { err: error, support: entry.id, ticket: entry.ticketId };
    if (refusedForContent(error)) {
      await store.drop(entry.id, String(error), now);
      logger.error(
        { ...fields, kind: entry.kind },
        "support: Telegram refused a message for what it says; dropped, not retried (the ticket's next messages go on)",
      );
      return;
    }
    if (!toSupport(entry)) {
      // Only the Bot API's refusals count: a Telegram outage (no answer, its front end's 5xx) is
      // waited out however long it lasts.
      const refused = error instanceof GrammyError;
      const blocked = refused && error.error_code === 403;
      if (blocked || (refused && entry.attempts + 1 >= MAX_ATTEMPTS)) {
        await store.drop(entry.id, String(error), now);
        logger.warn(fields, "support answer dropped");
        return;
      }
    }
    // A forum whose kind changed (topics switched on or off) is asked again.
    this.forum = undefined;
    const delay = Math.min(5_000 * 2 ** Math.min(entry.attempts, 10), MAX_RETRY_MS);
    await store.retryLater(entry.id, String(error), now + delay);
    if (toSupport(entry) && error instanceof GrammyError) {
      logger.error(
        fields,
        "the support chat refused a ticket's message (is the bot in SUPPORT_CHAT_ID?); will retry",
      );
    } else {
      logger.warn(fields, "support message failed; will retry");
    }
  }
}

/** Telegram's refusals of a message's content: the same message is refused again, every time. */
const CONTENT_REFUSED =
  /can't parse entities|message is too long|caption is too long|must be encoded in UTF-8|message text is empty|text must be non-empty/i;

function refusedForContent(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    CONTENT_REFUSED.test(error.description)
  );
}

/** Whether a row goes to the support chat (else to the ticket's chat). */
function toSupport(entry: SupportDelivery): boolean {
  return (
    entry.kind === "opened" || entry.kind === "user-message" || entry.kind === "closed-by-user"
  );
}
