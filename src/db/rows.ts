import { type Column, getTableColumns, type Table } from "drizzle-orm";
import { z } from "zod";
import type { OutboxEntry } from "../swaps/outbox.ts";
import type { SupportDelivery, Ticket } from "../swaps/support-ports.ts";
import type { OpenSwap, Swap } from "../swaps/swap.ts";
import { LISTED, type SwapListItem } from "../swaps/swap-queries.ts";
import {
  chats,
  coins,
  notifications,
  supportOutbox,
  supportTickets,
  swapIntents,
  transactions,
  updateJournal,
} from "./schema.ts";
import { flag, long } from "./seam.ts";

/**
 * The rows the repositories read, as both dialects give them, checked with zod at the boundary.
 * Each is made from its table's columns (schema.ts): a column is declared in the two dialect
 * schemas and nowhere else (test/db/rows.test.ts holds the PostgreSQL schema to the same
 * keys, names and types). A schema's keys are the columns selected (`columnsOf`).
 */

/** A text column's values: its enum's, or any string. */
type ValuesOf<C extends Column> = C["_"]["enumValues"] extends readonly (infer V extends string)[]
  ? V
  : string;
/** What zod reads a column as: integers and booleans as either driver gives them (seam.ts). */
type Base<C extends Column> = C["_"]["dataType"] extends "boolean"
  ? typeof flag
  : C["_"]["dataType"] extends "number"
    ? typeof long
    : string extends ValuesOf<C>
      ? z.ZodString
      : z.ZodEnum<{ [V in ValuesOf<C>]: V }>;
type ZodOf<C extends Column> = C["_"]["notNull"] extends true ? Base<C> : z.ZodNullable<Base<C>>;
type RowShape<T extends Table> = { [K in keyof T["_"]["columns"]]: ZodOf<T["_"]["columns"][K]> };

function zodOf(column: Column): z.ZodType {
  const base =
    column.dataType === "boolean"
      ? flag
      : column.dataType === "number"
        ? long
        : column.enumValues
          ? z.enum(column.enumValues as [string, ...string[]])
          : z.string();
  return column.notNull ? base : base.nullable();
}

/** The row schema of all of `table`'s columns, typed from the table. */
export function rowOf<T extends Table>(table: T): z.ZodObject<RowShape<T>> {
  const columns: Record<string, Column> = getTableColumns(table);
  const shape = Object.fromEntries(Object.entries(columns).map(([k, c]) => [k, zodOf(c)]));
  return z.object(shape) as unknown as z.ZodObject<RowShape<T>>;
}

export const swapRow = rowOf(transactions) satisfies z.ZodType<Swap, unknown>;

/** A swap as a list shows it (the Mini App's). */
export const listedSwapRow = swapRow.pick(LISTED) satisfies z.ZodType<SwapListItem, unknown>;

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

export const intentRow = rowOf(swapIntents);
export type IntentRow = z.output<typeof intentRow>;

/** A whole outbox row (claims aside, which only PostgreSQL has). */
export const notificationRow = rowOf(notifications);
export type Notification = z.output<typeof notificationRow>;

/** One outbox row as the sender reads it: all but when it was queued, sent or dropped, and why. */
export const outboxEntryRow = notificationRow.omit({
  createdAt: true,
  sentAt: true,
  droppedAt: true,
  nextAttemptAt: true,
  lastError: true,
}) satisfies z.ZodType<OutboxEntry, unknown>;

export const chatRow = rowOf(chats);
export type Chat = z.output<typeof chatRow>;

export const ticketRow = rowOf(supportTickets) satisfies z.ZodType<Ticket, unknown>;

/** One support outbox row as its sender reads it. */
export const supportDeliveryRow = rowOf(supportOutbox).pick({
  id: true,
  ticketId: true,
  kind: true,
  text: true,
  sourceChatId: true,
  sourceMessageId: true,
  media: true,
  attempts: true,
}) satisfies z.ZodType<SupportDelivery, unknown>;

export const coinRow = rowOf(coins).pick({ code: true, name: true, icon: true, notes: true });

export const journaledRow = rowOf(updateJournal).pick({ updateId: true, payload: true });
