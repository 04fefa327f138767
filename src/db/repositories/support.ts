import { type SQL, sql } from "drizzle-orm";
import type {
  SupportDeliveryKind,
  SupportStats,
  Ticket,
  TicketAuthor,
  TicketMessage,
} from "../../swaps/support-ports.ts";
import { supportDeliveryRow, ticketRow } from "../rows.ts";
import {
  columnsOf,
  count,
  countOf,
  type Executor,
  insertInto,
  long,
  type Seam,
  selectOne,
} from "../seam.ts";
import { outboxRows, UNSENT } from "./outbox.ts";

const TICKET = columnsOf(ticketRow);
/** The kinds that go to the support chat: their sent messages are the ticket's there. */
const TO_SUPPORT = sql`kind in ('opened', 'user-message', 'closed-by-user')`;

/** The key of a message that entered the desk from Telegram: one row however often it comes. */
const messageKey = (message: TicketMessage) =>
  `message:${message.sourceChatId}:${message.sourceMessageId}${message.media ? ":media" : ""}`;

async function enqueue(
  executor: Executor,
  ticketId: number,
  kind: SupportDeliveryKind,
  message: TicketMessage | undefined,
  dedupeKey: string,
  now: number,
): Promise<boolean> {
  const { text, sourceChatId, sourceMessageId, media = false } = message ?? {};
  const row = { ticketId, kind, text, sourceChatId, sourceMessageId, media, dedupeKey };
  const insert = insertInto("support_outbox", [{ ...row, createdAt: now, nextAttemptAt: now }]);
  return (await executor.run(sql`${insert} on conflict do nothing`)) === 1;
}

/** In order within a ticket: nothing goes out ahead of an earlier row that waits to retry. */
const dueAt = (now: number) => sql`${UNSENT} and next_attempt_at <= ${now}
  and not exists (select 1 from support_outbox earlier
    where earlier.ticket_id = support_outbox.ticket_id and earlier.id < support_outbox.id
      and earlier.sent_at is null and earlier.dropped_at is null)`;

/**
 * Round-robin between the users: a row's rank is when its chat's words last went out to the support
 * chat (0: never), so a user whose words went out a second ago waits behind another's new ticket,
 * and one user's burst shares the support chat's pace with everyone else instead of holding it.
 */
const lastServed = sql`coalesce((select max(served.sent_at) from support_outbox served
    join support_tickets theirs on theirs.id = served.ticket_id
    where theirs.chat_id = (select mine.chat_id from support_tickets mine
        where mine.id = support_outbox.ticket_id)
      and served.kind in ('opened', 'user-message', 'closed-by-user')), 0)`;

/** The support desk's tickets and its outbox (see swaps/support-ports.ts). */
export function createSupportRepository(db: Seam) {
  const rows = outboxRows(db, "support_outbox", supportDeliveryRow, dueAt, lastServed);
  const ticket = (rest: SQL): Promise<Ticket | undefined> =>
    selectOne(db, ticketRow, sql`from support_tickets where ${rest}`);
  /** Sets `set` on a ticket in state `from` and queues word of it, atomically (false: not `from`). */
  const advance = (ticketId: number, set: SQL, from: string, tell: (tx: Executor) => unknown) =>
    db.transaction(async (tx) => {
      const moved = await tx.run(sql`update support_tickets set ${set}
        where id = ${ticketId} and state = ${from}`);
      if (moved > 0) await tell(tx);
      return moved > 0;
    });

  return {
    ticket: (id: number) => ticket(sql`id = ${id}`),

    activeTicket: (chatId: number, draftSince: number) =>
      ticket(sql`chat_id = ${chatId}
        and (state = 'open' or (state = 'draft' and created_at >= ${draftSince}))
        order by case when state = 'open' then 0 else 1 end, id desc limit 1`),

    /** The chat's draft, about `transactionId` now: its one draft is reused (its number kept). */
    draft(author: TicketAuthor, transactionId: string | null, now: number): Promise<Ticket> {
      return db.transaction(async (tx) => {
        const [updated] = await tx.all(sql`update support_tickets
          set transaction_id = ${transactionId}, user_id = ${author.userId},
            user_name = ${author.userName}, username = ${author.username},
            language = ${author.language}, created_at = ${now}
          where id = (select max(id) from support_tickets
            where chat_id = ${author.chatId} and state = 'draft')
          returning ${TICKET}`);
        if (updated) return ticketRow.parse(updated);
        const row = { ...author, transactionId, state: "draft", createdAt: now };
        const [inserted] = await tx.all(
          sql`${insertInto("support_tickets", [row])} returning ${TICKET}`,
        );
        return ticketRow.parse(inserted);
      });
    },

    discardDraft: async (chatId: number) =>
      (await db.run(
        sql`delete from support_tickets where chat_id = ${chatId} and state = 'draft'`,
      )) > 0,

    open: (ticketId: number, message: TicketMessage, now: number) =>
      advance(ticketId, sql`state = 'open', opened_at = ${now}`, "draft", (tx) =>
        enqueue(tx, ticketId, "opened", message, messageKey(message), now),
      ),

    addUserMessage: (ticketId: number, message: TicketMessage, now: number) =>
      enqueue(db, ticketId, "user-message", message, messageKey(message), now),

    addAnswer: (ticketId: number, message: TicketMessage, now: number) =>
      enqueue(db, ticketId, "answer", message, messageKey(message), now),

    messagesSince(chatId: number, since: number): Promise<number> {
      const theirs = sql`from support_outbox o join support_tickets t on t.id = o.ticket_id
        where t.chat_id = ${chatId} and o.kind in ('opened', 'user-message')`;
      return count(db, sql`${theirs} and o.created_at >= ${since}`);
    },

    /** When the chat's tickets opened since `since` were opened, oldest first. */
    async openedSince(chatId: number, since: number): Promise<number[]> {
      const rows = await db.all(sql`select opened_at as at from support_tickets
        where chat_id = ${chatId} and opened_at >= ${since} order by opened_at`);
      return rows.map((r) => long.parse(r.at));
    },

    async markFloodWarned(ticketId: number, at: number): Promise<void> {
      await db.run(sql`update support_tickets set flood_warned_at = ${at} where id = ${ticketId}`);
    },

    ticketOfSupportMessage: (messageId: number) =>
      ticket(sql`id = (select ticket_id from support_outbox
        where sent_message_id = ${messageId} and ${TO_SUPPORT} limit 1)`),

    ticketOfTopic: (topicId: number) => ticket(sql`topic_id = ${topicId} order by id desc limit 1`),

    close(ticketId: number, by: "support" | "user", now: number) {
      const kind = by === "support" ? "closed-by-support" : "closed-by-user";
      return advance(ticketId, sql`state = 'closed', closed_at = ${now}`, "open", (tx) =>
        enqueue(tx, ticketId, kind, undefined, `${kind}:${ticketId}`, now),
      );
    },

    async setTopic(ticketId: number, topicId: number): Promise<void> {
      await db.run(sql`update support_tickets set topic_id = ${topicId} where id = ${ticketId}`);
    },

    claimDue: rows.claimDue,

    /** Sent as `messageId` (in the support chat: replies to it reach the ticket). */
    markSent: (id: number, at: number, messageId: number) =>
      rows.markSent(id, at, sql`, sent_message_id = ${messageId}`),

    retryLater: (id: number, error: string, retryAt: number) => rows.retryLater(id, error, retryAt),

    drop: rows.drop,

    pendingCount: rows.pendingCount,

    /** The statuses announced to the swap's chat, in order, with when they were queued. */
    async statusHistory(transactionId: string): Promise<Array<{ status: string; at: number }>> {
      const rows = await db.all(sql`select status, created_at as at from notifications
        where transaction_id = ${transactionId} and kind = 'status' and status is not null
        order by id`);
      return rows.map((r) => ({ status: String(r.status), at: long.parse(r.at) }));
    },

    /** Open tickets and when the oldest was opened, for /stats. */
    async stats(): Promise<SupportStats> {
      const [row] = await db.all(sql`select count(*) as n, min(opened_at) as oldest
        from support_tickets where state = 'open'`);
      const oldestOpenedAt = row?.oldest == null ? null : long.parse(row.oldest);
      return { open: countOf([row ?? {}]), oldestOpenedAt };
    },
  };
}
