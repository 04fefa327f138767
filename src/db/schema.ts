import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The bot's tables. Amounts are TEXT decimal strings (shown exactly, never via a double); times
 * are unix milliseconds, except the upstream's own ISO `created_at`. No ON DELETE CASCADE: drizzle's
 * table-rebuild migrations can silently empty cascading children.
 */

export const chats = sqliteTable("chats", {
  id: integer("id").primaryKey(),
  type: text("type").notNull(),
  languageCode: text("language_code"),
  blockedAt: integer("blocked_at"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const transactions = sqliteTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    chatId: integer("chat_id").notNull(),
    userId: integer("user_id").notNull(),
    coinFrom: text("coin_from").notNull(),
    coinTo: text("coin_to").notNull(),
    networkFrom: text("network_from"),
    networkTo: text("network_to"),
    amountIn: text("amount_in").notNull(),
    amountOutExpected: text("amount_out_expected").notNull(),
    amountOut: text("amount_out"),
    rate: text("rate"),
    rateType: text("rate_type").notNull(),
    depositAddress: text("deposit_address").notNull(),
    withdrawalAddress: text("withdrawal_address").notNull(),
    refundAddress: text("refund_address"),
    txHashIn: text("tx_hash_in"),
    txHashOut: text("tx_hash_out"),
    status: text("status").notNull(),
    statusChangedAt: integer("status_changed_at").notNull(),
    createdAt: text("created_at").notNull(),
    insertedAt: integer("inserted_at").notNull(),
    cardMessageId: integer("card_message_id"),
    lastCheckedAt: integer("last_checked_at"),
    sandbox: integer("sandbox", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("transactions_chat_created").on(t.chatId, t.insertedAt),
    index("transactions_open")
      .on(t.status, t.createdAt)
      .where(sql`${t.status} not in ('success', 'overdue', 'refunded')`),
  ],
);

export const swapIntents = sqliteTable(
  "swap_intents",
  {
    key: text("key").primaryKey(),
    chatId: integer("chat_id").notNull(),
    userId: integer("user_id").notNull(),
    /** The POST /transactions body, JSON. */
    request: text("request").notNull(),
    /** pending | created | failed | unknown (the POST's answer was lost: reconcile). */
    state: text("state").notNull(),
    transactionId: text("transaction_id"),
    error: text("error"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("swap_intents_state").on(t.state)],
);

export const conversationState = sqliteTable("conversation_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** The outbox: one row per status change to announce; sent_at set once Telegram accepted it. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: text("transaction_id").notNull(),
    chatId: integer("chat_id").notNull(),
    status: text("status").notNull(),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("notifications_once").on(t.transactionId, t.status),
    index("notifications_due").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
  ],
);

export const coins = sqliteTable("coins", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  icon: text("icon").notNull(),
  notes: text("notes").notNull(),
  position: integer("position").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
