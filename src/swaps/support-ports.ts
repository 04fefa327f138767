import type { Awaitable } from "../lib/awaitable.ts";
import type { Swap } from "./swap.ts";

/**
 * The support desk's tickets and what it delivers, in the core's words. A ticket is a chat's
 * conversation with the operator's team about one swap (or none); its messages both ways go
 * through the support outbox, so a restart or a takeover loses none. drizzle-kit loads this file
 * through the schemas: it imports types alone.
 */

/** `draft`: /support asked what is wrong and waits for the words; `open`; `closed`. */
export const TICKET_STATES = ["draft", "open", "closed"] as const;
type TicketState = (typeof TICKET_STATES)[number];

export interface Ticket {
  /** The ticket's number, shown to both sides. */
  id: number;
  chatId: number;
  userId: number;
  /** The swap it is about (always one of the chat's own), or null. */
  transactionId: string | null;
  state: TicketState;
  /** Who wrote, as Telegram named them when the ticket was drafted. */
  userName: string;
  username: string | null;
  language: string | null;
  /** The forum topic of the ticket in the support chat (forum supergroups only). */
  topicId: number | null;
  /** The last time the chat was told it writes too fast. */
  floodWarnedAt: number | null;
  createdAt: number;
  openedAt: number | null;
  closedAt: number | null;
}

export const SUPPORT_DELIVERY_KINDS = [
  "opened",
  "user-message",
  "answer",
  "closed-by-support",
  "closed-by-user",
] as const;
/**
 * `opened` the ticket with the user's first words, to the support chat; `user-message` a later
 * message of the user, to the support chat; `answer` a member's answer, to the user;
 * `closed-by-support` to the user; `closed-by-user` to the support chat.
 */
export type SupportDeliveryKind = (typeof SUPPORT_DELIVERY_KINDS)[number];

/** One message waiting in the support outbox. */
export interface SupportDelivery {
  id: number;
  ticketId: number;
  kind: SupportDeliveryKind;
  /** The words (a text, or a photo's or document's caption); null when there were none. */
  text: string | null;
  /** The message it carries, copied as it is when it has a photo or a document. */
  sourceChatId: number | null;
  sourceMessageId: number | null;
  media: boolean;
  attempts: number;
}

/** A message to put into a ticket: its words and, for media, where to copy it from. */
export interface TicketMessage {
  text: string | null;
  sourceChatId: number;
  sourceMessageId: number;
  media: boolean;
}

export interface TicketAuthor {
  chatId: number;
  userId: number;
  userName: string;
  username: string | null;
  language: string | null;
}

/** What the chat side of the desk reads and writes. */
export interface SupportStore {
  /** The chat's draft (younger than `draftSince`) or open ticket, if any. */
  activeTicket(chatId: number, draftSince: number): Awaitable<Ticket | undefined>;
  /** The chat's draft about `transactionId` (one draft a chat: an older one is replaced). */
  draft(author: TicketAuthor, transactionId: string | null, now: number): Awaitable<Ticket>;
  discardDraft(chatId: number): Awaitable<boolean>;
  /** Opens the draft with its first message and queues it for the support chat, atomically. */
  open(ticketId: number, message: TicketMessage, now: number): Awaitable<boolean>;
  /** Queues a later message of the user (false: that message was queued before). */
  addUserMessage(ticketId: number, message: TicketMessage, now: number): Awaitable<boolean>;
  /** How many of the chat's messages went into tickets since `since`. */
  messagesSince(chatId: number, since: number): Awaitable<number>;
  markFloodWarned(ticketId: number, at: number): Awaitable<void>;
  /** When the chat's tickets opened since `since` were opened, oldest first. */
  openedSince(chatId: number, since: number): Awaitable<number[]>;
  ticket(id: number): Awaitable<Ticket | undefined>;
  /** The ticket whose message in the support chat this is (the bot's own messages there). */
  ticketOfSupportMessage(messageId: number): Awaitable<Ticket | undefined>;
  ticketOfTopic(topicId: number): Awaitable<Ticket | undefined>;
  /** Queues a member's answer for the ticket's chat (false: queued before). */
  addAnswer(ticketId: number, message: TicketMessage, now: number): Awaitable<boolean>;
  /** Closes an open ticket and queues word of it to the other side (false: it was not open). */
  close(ticketId: number, by: "support" | "user", now: number): Awaitable<boolean>;
}

/** What the delivery of the support outbox reads and writes. */
export interface SupportOutboxStore {
  /** Unsent rows whose time has come, oldest first, claimed for this sender. */
  due(limit: number, now: number): Awaitable<SupportDelivery[]>;
  ticket(id: number): Awaitable<Ticket | undefined>;
  /** The ticket's swap, read only through its chat (a ticket never shows another chat's swap). */
  swap(ticket: Ticket): Awaitable<Swap | undefined>;
  /** The statuses the bot announced for a swap, with when: the swap's history as its chat saw it. */
  statusHistory(transactionId: string): Awaitable<Array<{ status: string; at: number }>>;
  setTopic(ticketId: number, topicId: number): Awaitable<void>;
  /** Telegram accepted it as `messageId` (in the support chat: replies to it reach the ticket). */
  markSent(id: number, at: number, messageId: number): Awaitable<void>;
  retryLater(id: number, error: string, retryAt: number): Awaitable<void>;
  drop(id: number, reason: string, at: number): Awaitable<void>;
}

/** /stats: how many tickets are open and since when the oldest. */
export interface SupportStats {
  open: number;
  oldestOpenedAt: number | null;
}
