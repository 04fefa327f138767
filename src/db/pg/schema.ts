import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { INTENT_STATES } from "../../swaps/intent.ts";
import { OUTBOX_KINDS } from "../../swaps/outbox.ts";
import { SUPPORT_DELIVERY_KINDS, TICKET_STATES } from "../../swaps/support-ports.ts";

/**
 * The PostgreSQL tables: `../schema.ts` (SQLite) in the same meaning, column for column (what
 * each column holds is said there), so both answer the same repositories. Times are unix milliseconds in `bigint` (read as
 * JS numbers), chat and user ids too (Telegram's ids exceed 32 bits); amounts are TEXT decimal
 * strings, exactly as the exchange sent them.
 *
 * Beyond SQLite: outbox rows carry a claim (several instances send from one outbox), and the
 * exchange budgets of all instances live in `budget_slots`.
 *
 * drizzle-kit loads this file on its own: it may import only files without value imports of
 * their own (the outbox kinds come from the core's ports, which import types alone).
 */

/** Must equal `TERMINAL_STATUSES` of the SQLite schema (a test checks it). */
export const TERMINAL_STATUSES = ["success", "overdue", "refunded"] as const;

const terminalList = TERMINAL_STATUSES.map((s) => `'${s}'`).join(", ");

/**
 * Text ordered byte by byte, as SQLite orders it. The database's default collation (en_US, say)
 * may skip punctuation when sorting, and these are sorted ISO timestamps.
 */
const bytewiseText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

/** Unix milliseconds, or a Telegram id: both outgrow 32 bits. */
const long = (name: string) => bigint(name, { mode: "number" });

export const chats = pgTable("chats", {
  id: long("id").primaryKey(),
  type: text("type").notNull(),
  languageCode: text("language_code"),
  blockedAt: long("blocked_at"),
  createdAt: long("created_at").notNull(),
  updatedAt: long("updated_at").notNull(),
});

export const transactions = pgTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    chatId: long("chat_id").notNull(),
    userId: long("user_id").notNull(),
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
    depositMemo: text("deposit_memo"),
    withdrawalAddress: text("withdrawal_address").notNull(),
    refundAddress: text("refund_address"),
    txHashIn: text("tx_hash_in"),
    txHashOut: text("tx_hash_out"),
    payoutMemo: text("payout_memo"),
    refundMemo: text("refund_memo"),
    txLinkIn: text("tx_link_in"),
    txLinkOut: text("tx_link_out"),
    holdLink: text("hold_link"),
    holdAsks: text("hold_asks"),
    status: text("status").notNull(),
    statusChangedAt: long("status_changed_at").notNull(),
    /** The upstream's ISO 8601 timestamp, verbatim (the tracker sends it back as `dateFrom`). */
    createdAt: bytewiseText("created_at").notNull(),
    insertedAt: long("inserted_at").notNull(),
    cardMessageId: long("card_message_id"),
    lastCheckedAt: long("last_checked_at"),
    exchange: text("exchange").notNull().default(""),
    notFoundSince: long("not_found_since"),
    nextLookupAt: long("next_lookup_at"),
    givenUpAt: long("given_up_at"),
    suspect: boolean("suspect").notNull().default(false),
  },
  (t) => [
    index("transactions_chat_created").on(t.chatId, t.createdAt),
    // A history page in its order (newest first, then as stored): read up to its limit, not every
    // row of the chat sorted first (a chat of 500 swaps sorted all 500, every column, per page).
    index("transactions_chat_newest").on(t.chatId, t.createdAt, t.insertedAt),
    index("transactions_open_created")
      .on(t.createdAt)
      .where(sql.raw(`status not in (${terminalList})`)),
  ],
);

export const swapIntents = pgTable(
  "swap_intents",
  {
    key: text("key").primaryKey(),
    chatId: long("chat_id").notNull(),
    userId: long("user_id").notNull(),
    request: text("request").notNull(),
    exchange: text("exchange").notNull().default(""),
    fixedAmountOut: text("fixed_amount_out"),
    state: text("state", { enum: INTENT_STATES }).notNull(),
    transactionId: text("transaction_id"),
    error: text("error"),
    createdAt: long("created_at").notNull(),
    updatedAt: long("updated_at").notNull(),
  },
  (t) => [index("swap_intents_state").on(t.state)],
);

export const conversationState = pgTable("conversation_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  revision: integer("revision").notNull().default(0),
  updatedAt: long("updated_at").notNull(),
});

export const updateJournal = pgTable("update_journal", {
  updateId: long("update_id").primaryKey(),
  payload: text("payload").notNull(),
  receivedAt: long("received_at").notNull(),
});

export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: OUTBOX_KINDS }).notNull().default("status"),
    transactionId: text("transaction_id").references(() => transactions.id),
    intentKey: text("intent_key"),
    chatId: long("chat_id").notNull(),
    status: text("status"),
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: long("created_at").notNull(),
    sentAt: long("sent_at"),
    droppedAt: long("dropped_at"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: long("next_attempt_at").notNull(),
    maybeSentAt: long("maybe_sent_at"),
    lastError: text("last_error"),
    /** The instance sending it now; another one skips the row until `claimed_until`. */
    claimedBy: text("claimed_by"),
    claimedUntil: long("claimed_until"),
  },
  (t) => [
    uniqueIndex("notifications_dedupe").on(t.dedupeKey),
    index("notifications_pending")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.droppedAt} is null`),
    index("notifications_chat").on(t.chatId),
    index("notifications_transaction").on(t.transactionId),
  ],
);

export const coins = pgTable("coins", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  icon: text("icon").notNull(),
  notes: text("notes").notNull(),
  position: integer("position").notNull(),
  updatedAt: long("updated_at").notNull(),
});

/** See the SQLite schema's swapListVersions. */
export const swapListVersions = pgTable("swap_list_versions", {
  chatId: long("chat_id").primaryKey(),
  version: long("version").notNull().default(0),
});

export const meta = pgTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: long("updated_at").notNull(),
});

/**
 * One row per exchange request counted against a client-side budget, shared by every instance:
 * the exchange's limits are per key and per IP, not per process.
 */
export const budgetSlots = pgTable(
  "budget_slots",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointClass: text("endpoint_class").notNull(),
    acquiredAt: long("acquired_at").notNull(),
    releasedAt: long("released_at"),
  },
  (t) => [index("budget_slots_class").on(t.endpointClass)],
);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    chatId: long("chat_id").notNull(),
    userId: long("user_id").notNull(),
    transactionId: text("transaction_id"),
    state: text("state", { enum: TICKET_STATES }).notNull(),
    userName: text("user_name").notNull(),
    username: text("username"),
    language: text("language"),
    topicId: long("topic_id"),
    floodWarnedAt: long("flood_warned_at"),
    createdAt: long("created_at").notNull(),
    openedAt: long("opened_at"),
    closedAt: long("closed_at"),
  },
  (t) => [
    index("support_tickets_chat").on(t.chatId, t.state),
    index("support_tickets_topic").on(t.topicId),
  ],
);

/** Claimed like `notifications`. */
export const supportOutbox = pgTable(
  "support_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ticketId: long("ticket_id").notNull(),
    kind: text("kind", { enum: SUPPORT_DELIVERY_KINDS }).notNull(),
    text: text("text"),
    sourceChatId: long("source_chat_id"),
    sourceMessageId: long("source_message_id"),
    media: boolean("media").notNull().default(false),
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: long("created_at").notNull(),
    nextAttemptAt: long("next_attempt_at").notNull(),
    sentAt: long("sent_at"),
    sentMessageId: long("sent_message_id"),
    droppedAt: long("dropped_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    claimedBy: text("claimed_by"),
    claimedUntil: long("claimed_until"),
  },
  (t) => [
    uniqueIndex("support_outbox_dedupe").on(t.dedupeKey),
    index("support_outbox_pending")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.droppedAt} is null`),
    index("support_outbox_ticket").on(t.ticketId),
    index("support_outbox_sent_message").on(t.sentMessageId),
  ],
);
