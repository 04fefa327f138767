import { z } from "zod";
import { INTENT_STATES, OUTBOX_KINDS } from "../swaps/ports.ts";
import {
  SUPPORT_DELIVERY_KINDS,
  type SupportDelivery,
  TICKET_STATES,
  type Ticket,
} from "../swaps/support-ports.ts";
import type { OpenSwap, Swap } from "../swaps/swap.ts";
import { flag, long } from "./seam.ts";

/**
 * The rows the repositories read, as both dialects give them, checked with zod at the boundary.
 * Each schema's keys are the columns selected (`columnsOf`): the column is the key in snake case.
 */

const nullableLong = long.nullable();
const nullableText = z.string().nullable();

export const swapRow = z.object({
  id: z.string(),
  chatId: long,
  userId: long,
  coinFrom: z.string(),
  coinTo: z.string(),
  networkFrom: nullableText,
  networkTo: nullableText,
  amountIn: z.string(),
  amountOutExpected: z.string(),
  amountOut: nullableText,
  rate: nullableText,
  rateType: z.string(),
  depositAddress: z.string(),
  depositMemo: nullableText,
  withdrawalAddress: z.string(),
  payoutMemo: nullableText,
  refundAddress: nullableText,
  refundMemo: nullableText,
  txHashIn: nullableText,
  txHashOut: nullableText,
  txLinkIn: nullableText,
  txLinkOut: nullableText,
  status: z.string(),
  statusChangedAt: long,
  createdAt: z.string(),
  /** When this bot stored it (unix ms). */
  insertedAt: long,
  cardMessageId: nullableLong,
  lastCheckedAt: nullableLong,
  exchange: z.string(),
  notFoundSince: nullableLong,
  nextLookupAt: nullableLong,
  givenUpAt: nullableLong,
  suspect: flag,
}) satisfies z.ZodType<Swap, unknown>;

export const openSwapRow = swapRow.pick({
  id: true,
  chatId: true,
  status: true,
  createdAt: true,
  lastCheckedAt: true,
  statusChangedAt: true,
  notFoundSince: true,
  nextLookupAt: true,
}) satisfies z.ZodType<OpenSwap, unknown>;

export const intentRow = z.object({
  key: z.string(),
  chatId: long,
  userId: long,
  request: z.string(),
  fixedAmountOut: nullableText,
  state: z.enum(INTENT_STATES),
  transactionId: nullableText,
  error: nullableText,
  createdAt: long,
  updatedAt: long,
});
export type IntentRow = z.output<typeof intentRow>;

/** One outbox row as the sender reads it. */
export const outboxEntryRow = z.object({
  id: long,
  kind: z.enum(OUTBOX_KINDS),
  transactionId: nullableText,
  intentKey: nullableText,
  chatId: long,
  status: nullableText,
  attempts: long,
  maybeSentAt: nullableLong,
  dedupeKey: z.string(),
});

/** A whole outbox row (claims aside, which only PostgreSQL has). */
export const notificationRow = outboxEntryRow.extend({
  createdAt: long,
  sentAt: nullableLong,
  droppedAt: nullableLong,
  nextAttemptAt: long,
  lastError: nullableText,
});
export type Notification = z.output<typeof notificationRow>;

export const chatRow = z.object({
  id: long,
  type: z.string(),
  languageCode: nullableText,
  blockedAt: nullableLong,
  createdAt: long,
  updatedAt: long,
});
export type Chat = z.output<typeof chatRow>;

export const ticketRow = z.object({
  id: long,
  chatId: long,
  userId: long,
  transactionId: nullableText,
  state: z.enum(TICKET_STATES),
  userName: z.string(),
  username: nullableText,
  language: nullableText,
  topicId: nullableLong,
  floodWarnedAt: nullableLong,
  createdAt: long,
  openedAt: nullableLong,
  closedAt: nullableLong,
}) satisfies z.ZodType<Ticket, unknown>;

/** One support outbox row as its sender reads it. */
export const supportDeliveryRow = z.object({
  id: long,
  ticketId: long,
  kind: z.enum(SUPPORT_DELIVERY_KINDS),
  text: nullableText,
  sourceChatId: nullableLong,
  sourceMessageId: nullableLong,
  media: flag,
  attempts: long,
}) satisfies z.ZodType<SupportDelivery, unknown>;
