import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { INTENT_STATES } from "../swaps/intent.ts";
import { OUTBOX_KINDS } from "../swaps/outbox.ts";
import { SUPPORT_DELIVERY_KINDS, TICKET_STATES } from "../swaps/support-ports.ts";

/**
 * The bot's tables. Amounts are TEXT decimal strings, so what is shown is exactly what the
 * exchange said (a REAL would round through a double); times are unix milliseconds, except the
 * upstream's own ISO `created_at`, kept verbatim because the tracker sends it back as `dateFrom`.
 *
 * No ON DELETE CASCADE anywhere: drizzle's SQLite table-rebuild migrations can empty a cascading
 * child table silently (see docs/design.md §11).
 *
 * drizzle-kit loads this file on its own: it may import only files without value imports of
 * their own (the outbox kinds come from the core's ports, which import types alone).
 */

/**
 * Statuses after which the exchange never moves a transaction again. Written into the partial
 * index below as literal SQL (a bound parameter cannot match an index's WHERE), so the queries of
 * open transactions use the same text (`OPEN` in repositories/transactions.ts). Must equal
 * `FINAL_STATUSES` of the exchange schemas (a test checks it).
 */
export const TERMINAL_STATUSES = ["success", "overdue", "refunded"] as const;

const terminalList = TERMINAL_STATUSES.map((s) => `'${s}'`).join(", ");

export const chats = sqliteTable("chats", {
  /** Telegram's chat id (negative for groups). */
  id: integer("id").primaryKey(),
  type: text("type").notNull(),
  /** The locale the chat chose (or was first seen with); null means "use the default". */
  languageCode: text("language_code"),
  /** Set when Telegram answered 403: pushes to this chat are skipped until it talks to us again. */
  blockedAt: integer("blocked_at"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const transactions = sqliteTable(
  "transactions",
  {
    /** The upstream id (its format is undocumented, so TEXT). */
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
    /** The deposit memo / destination tag that goes with the address; null when none. */
    depositMemo: text("deposit_memo"),
    withdrawalAddress: text("withdrawal_address").notNull(),
    refundAddress: text("refund_address"),
    txHashIn: text("tx_hash_in"),
    txHashOut: text("tx_hash_out"),
    /** The payout memo (destination tag) sent with the order; null when none. */
    payoutMemo: text("payout_memo"),
    /** The refund address's memo; null when none. */
    refundMemo: text("refund_memo"),
    /** The exchange's own explorer links of the hashes (the exolix dialect gives them). */
    txLinkIn: text("tx_link_in"),
    txLinkOut: text("tx_link_out"),
    /** While the exchange holds the swap for verification: where the user answers it, what it asks. */
    holdLink: text("hold_link"),
    holdAsks: text("hold_asks"),
    /** Any string the upstream sends, including ones the spec does not list. */
    status: text("status").notNull(),
    statusChangedAt: integer("status_changed_at").notNull(),
    /** The upstream's ISO 8601 timestamp, verbatim. */
    createdAt: text("created_at").notNull(),
    insertedAt: integer("inserted_at").notNull(),
    /** The status card message, edited in place on each change. */
    cardMessageId: integer("card_message_id"),
    lastCheckedAt: integer("last_checked_at"),
    /**
     * The exchange it was created on: `sandbox` (the embedded one) or the origin of
     * EXCHANGE_API_URL. Another exchange's swaps are never looked up on this one. Empty: recorded
     * before exchanges were (a real one): start-up gives them the configured exchange.
     */
    exchange: text("exchange").notNull().default(""),
    /** The first 404 of the current run of them (cleared by any sight of the swap). */
    notFoundSince: integer("not_found_since"),
    /** After a 404: no read by id before this time (growing intervals, capped). */
    nextLookupAt: integer("next_lookup_at"),
    /** Unknown to the exchange for a day: its chat was told, tracking stopped. */
    givenUpAt: integer("given_up_at"),
    /** The exchange's answer disagreed with the order: its deposit address is never shown. */
    suspect: integer("suspect", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    // History pages (newest first) and ownership checks; also serves lookups by chat alone.
    index("transactions_chat_created").on(t.chatId, t.createdAt),
    // A history page in its order (newest first, then as stored): read up to its limit, not every
    // row of the chat sorted first (a chat of 500 swaps sorted all 500, every column, per page).
    index("transactions_chat_newest").on(t.chatId, t.createdAt, t.insertedAt),
    // Only the open rows: the tracker's oldest-open `dateFrom` and its list stay cheap however
    // many finished swaps pile up.
    index("transactions_open_created")
      .on(t.createdAt)
      .where(sql.raw(`status not in (${terminalList})`)),
  ],
);

/** Confirm's intents: claimed before the POST, so a summary creates one swap (docs/design.md §3). */
export const swapIntents = sqliteTable(
  "swap_intents",
  {
    key: text("key").primaryKey(),
    chatId: integer("chat_id").notNull(),
    userId: integer("user_id").notNull(),
    /** The POST /transactions body, JSON. */
    request: text("request").notNull(),
    /**
     * The exchange the POST goes to, as its swap records it (`transactions.exchange`). Empty:
     * claimed by a release before intents named it (a real exchange): start-up names them.
     */
    exchange: text("exchange").notNull().default(""),
    /** The payout of the fixed quote confirmed (decimal text); null: a floating rate. */
    fixedAmountOut: text("fixed_amount_out"),
    /** `unknown`: the POST's answer was lost (timeout), so only reconciliation can tell. */
    state: text("state", { enum: INTENT_STATES }).notNull(),
    transactionId: text("transaction_id"),
    error: text("error"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("swap_intents_state").on(t.state)],
);

/** The conversations plugin's state per chat, so a restart mid-flow keeps the user's place. */
export const conversationState = sqliteTable("conversation_state", {
  key: text("key").primaryKey(),
  /** The plugin's versioned state, JSON. */
  value: text("value").notNull(),
  /** Bumped by every write: a write based on an older read is refused. */
  revision: integer("revision").notNull().default(0),
  updatedAt: integer("updated_at").notNull(),
});

/** Telegram updates taken by long polling and not yet handled (docs/design.md §6, "Updates are never lost"). */
export const updateJournal = sqliteTable("update_journal", {
  updateId: integer("update_id").primaryKey(),
  /** The update as Telegram sent it, JSON. */
  payload: text("payload").notNull(),
  receivedAt: integer("received_at").notNull(),
});

/** The outbox: everything the bot tells a chat unasked (docs/design.md §5, "The outbox"). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: OUTBOX_KINDS }).notNull().default("status"),
    // A plain reference, no cascade (see the file comment). Null for an intent's message.
    transactionId: text("transaction_id").references(() => transactions.id),
    /** The intent a `not-created` message is about. */
    intentKey: text("intent_key"),
    chatId: integer("chat_id").notNull(),
    /** The status this notification announces (`status`, `stuck`). */
    status: text("status"),
    /** One row per thing to say, whoever retries: `status:<id>:<status>`, `deposit:<id>`, … */
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
    /** Given up on without sending (e.g. the chat's backlog was discarded). */
    droppedAt: integer("dropped_at"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    /** A send failed in a way that may still have delivered it: one more try at most. */
    maybeSentAt: integer("maybe_sent_at"),
    lastError: text("last_error"),
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

/** The coin catalog's copy on disk, so pickers and inline search work before the first fetch. */
export const coins = sqliteTable("coins", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  icon: text("icon").notNull(),
  notes: text("notes").notNull(),
  /** The upstream's order. */
  position: integer("position").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * A version per chat that the database itself moves (triggers, in the migration after this
 * table's) whenever one of the chat's swaps is stored, removed, or changes in a column a list shows
 * (LISTED in swaps/swap-queries.ts): whoever wrote it, this release, the previous one or another
 * instance. The Mini App remembers a chat's list until it moves (webapp/server/list-answers.ts).
 */
export const swapListVersions = sqliteTable("swap_list_versions", {
  chatId: integer("chat_id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/** Small persisted facts: a learned page-size cap, when the catalog was loaded. */
export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * The support desk's tickets: a chat's conversation with the operator's team about one of its swaps
 * (see swaps/support-ports.ts). The id is the ticket's number.
 */
export const supportTickets = sqliteTable(
  "support_tickets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    chatId: integer("chat_id").notNull(),
    userId: integer("user_id").notNull(),
    /** One of the chat's swaps, or null; a plain reference (no cascade: see the file comment). */
    transactionId: text("transaction_id"),
    state: text("state", { enum: TICKET_STATES }).notNull(),
    userName: text("user_name").notNull(),
    username: text("username"),
    language: text("language"),
    /** Its forum topic in the support chat, when that chat is a forum. */
    topicId: integer("topic_id"),
    floodWarnedAt: integer("flood_warned_at"),
    createdAt: integer("created_at").notNull(),
    openedAt: integer("opened_at"),
    closedAt: integer("closed_at"),
  },
  (t) => [
    index("support_tickets_chat").on(t.chatId, t.state),
    index("support_tickets_topic").on(t.topicId),
  ],
);

/**
 * The support desk's outbox: the users' words to the support chat and the team's answers back.
 * A table of its own, not `notifications`: an older release running beside this one (a rolling
 * deploy) reads `notifications` through a strict list of kinds and never looks here.
 */
export const supportOutbox = sqliteTable(
  "support_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ticketId: integer("ticket_id").notNull(),
    kind: text("kind", { enum: SUPPORT_DELIVERY_KINDS }).notNull(),
    text: text("text"),
    sourceChatId: integer("source_chat_id"),
    sourceMessageId: integer("source_message_id"),
    /** The source message has a photo or a document: it is copied, not retyped. */
    media: integer("media", { mode: "boolean" }).notNull().default(false),
    /** One row per Telegram message or event, however often its update comes. */
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: integer("created_at").notNull(),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    sentAt: integer("sent_at"),
    /** The message it became: in the support chat, a reply to it reaches the ticket. */
    sentMessageId: integer("sent_message_id"),
    droppedAt: integer("dropped_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The instance sending it now (several instances on PostgreSQL; unused on SQLite). */
    claimedBy: text("claimed_by"),
    claimedUntil: integer("claimed_until"),
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
