import { sql } from "drizzle-orm";
import type {
  SupportDelivery,
  SupportDeliveryKind,
  SupportStats,
  Ticket,
  TicketAuthor,
  TicketMessage,
} from "../../swaps/support-ports.ts";
import { supportDeliveryRow, ticketRow } from "../rows.ts";
import {
  columnsOf,
  countOf,
  type Executor,
  insertInto,
  long,
  parseRow,
  parseRows,
  type Seam,
} from "../seam.ts";

/** Longest error text kept (as the notifications' outbox). */
const MAX_ERROR_LENGTH = 500;

const TICKET = columnsOf(ticketRow);
const DELIVERY = columnsOf(supportDeliveryRow);
const UNSENT = sql`sent_at is null and dropped_at is null`;
/** The kinds that go to the support chat: their sent messages are the ticket's there. */
const TO_SUPPORT = sql`kind in ('opened', 'user-message', 'closed-by-user')`;

/** The key of a message that entered the desk from Telegram: one row however often it comes. */
export const messageKey = (message: TicketMessage) =>
  `message:${message.sourceChatId}:${message.sourceMessageId}${message.media ? ":media" : ""}`;

async function enqueue(
  executor: Executor,
  ticketId: number,
  kind: SupportDeliveryKind,
  message: TicketMessage | undefined,
  dedupeKey: string,
  now: number,
): Promise<boolean> {
  const row = {
    ticketId,
    kind,
    text: message?.text ?? null,
    sourceChatId: message?.sourceChatId ?? null,
    sourceMessageId: message?.sourceMessageId ?? null,
    media: message?.media ?? false,
    dedupeKey,
    createdAt: now,
    nextAttemptAt: now,
  };
  return (
    (await executor.run(sql`${insertInto("support_outbox", [row])} on conflict do nothing`)) === 1
  );
}

/** The support desk's tickets and its outbox (see swaps/support-ports.ts). */
export function createSupportRepository(db: Seam) {
  const ticket = async (executor: Executor, id: number): Promise<Ticket | undefined> =>
    parseRow(
      ticketRow,
      await executor.all(sql`select ${TICKET} from support_tickets where id = ${id}`),
    );

  return {
    ticket: (id: number) => ticket(db, id),

    async activeTicket(chatId: number, draftSince: number): Promise<Ticket | undefined> {
      return parseRow(
        ticketRow,
        await db.all(sql`select ${TICKET} from support_tickets
          where chat_id = ${chatId}
            and (state = 'open' or (state = 'draft' and created_at >= ${draftSince}))
          order by case when state = 'open' then 0 else 1 end, id desc limit 1`),
      );
    },

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

    async discardDraft(chatId: number): Promise<boolean> {
      return (
        (await db.run(sql`delete from support_tickets
          where chat_id = ${chatId} and state = 'draft'`)) > 0
      );
    },

    open(ticketId: number, message: TicketMessage, now: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const opened = await tx.run(sql`update support_tickets
          set state = 'open', opened_at = ${now}
          where id = ${ticketId} and state = 'draft'`);
        if (opened === 0) return false;
        await enqueue(tx, ticketId, "opened", message, messageKey(message), now);
        return true;
      });
    },

    addUserMessage: (ticketId: number, message: TicketMessage, now: number) =>
      enqueue(db, ticketId, "user-message", message, messageKey(message), now),

    addAnswer: (ticketId: number, message: TicketMessage, now: number) =>
      enqueue(db, ticketId, "answer", message, messageKey(message), now),

    async messagesSince(chatId: number, since: number): Promise<number> {
      return countOf(
        await db.all(sql`select count(*) as n from support_outbox o
          join support_tickets t on t.id = o.ticket_id
          where t.chat_id = ${chatId} and o.kind in ('opened', 'user-message')
            and o.created_at >= ${since}`),
      );
    },

    async markFloodWarned(ticketId: number, at: number): Promise<void> {
      await db.run(sql`update support_tickets set flood_warned_at = ${at} where id = ${ticketId}`);
    },

    async ticketOfSupportMessage(messageId: number): Promise<Ticket | undefined> {
      return parseRow(
        ticketRow,
        await db.all(sql`select ${TICKET} from support_tickets where id = (
          select ticket_id from support_outbox
          where sent_message_id = ${messageId} and ${TO_SUPPORT} limit 1)`),
      );
    },

    async ticketOfTopic(topicId: number): Promise<Ticket | undefined> {
      return parseRow(
        ticketRow,
        await db.all(sql`select ${TICKET} from support_tickets where topic_id = ${topicId}
          order by id desc limit 1`),
      );
    },

    close(ticketId: number, by: "support" | "user", now: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const closed = await tx.run(sql`update support_tickets
          set state = 'closed', closed_at = ${now}
          where id = ${ticketId} and state = 'open'`);
        if (closed === 0) return false;
        const kind = by === "support" ? "closed-by-support" : "closed-by-user";
        await enqueue(tx, ticketId, kind, undefined, `${kind}:${ticketId}`, now);
        return true;
      });
    },

    async setTopic(ticketId: number, topicId: number): Promise<void> {
      await db.run(sql`update support_tickets set topic_id = ${topicId} where id = ${ticketId}`);
    },

    /** Unsent and due, oldest first, claimed for `owner` until `now + leaseMs`. */
    async claimDue(
      limit: number,
      now: number,
      owner: string,
      leaseMs: number,
    ): Promise<SupportDelivery[]> {
      // In order within a ticket: nothing goes out ahead of an earlier row that waits to retry.
      const due = sql`${UNSENT} and next_attempt_at <= ${now}
        and not exists (select 1 from support_outbox earlier
          where earlier.ticket_id = support_outbox.ticket_id and earlier.id < support_outbox.id
            and earlier.sent_at is null and earlier.dropped_at is null)`;
      const rows = await db.outbox.claim(
        "support_outbox",
        DELIVERY,
        due,
        limit,
        now,
        owner,
        now + leaseMs,
      );
      return parseRows(supportDeliveryRow, rows);
    },

    async markSent(id: number, at: number, messageId: number): Promise<void> {
      await db.run(sql`update support_outbox
        set sent_at = ${at}, sent_message_id = ${messageId}${db.outbox.ended}
        where id = ${id} and ${UNSENT}`);
    },

    async retryLater(id: number, error: string, retryAt: number): Promise<void> {
      await db.run(sql`update support_outbox set attempts = attempts + 1,
          last_error = ${error.slice(0, MAX_ERROR_LENGTH)}, next_attempt_at = ${retryAt}
          ${db.outbox.ended}
        where id = ${id} and ${UNSENT}`);
    },

    async drop(id: number, reason: string, at: number): Promise<void> {
      await db.run(sql`update support_outbox
        set dropped_at = ${at}, last_error = ${reason.slice(0, MAX_ERROR_LENGTH)}${db.outbox.ended}
        where id = ${id} and ${UNSENT}`);
    },

    /** Unsent and not dropped, due or waiting to retry: /metrics' support_outbox_depth. */
    async pendingCount(): Promise<number> {
      return countOf(await db.all(sql`select count(*) as n from support_outbox where ${UNSENT}`));
    },

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
      return {
        open: countOf([row ?? {}]),
        oldestOpenedAt: row?.oldest == null ? null : long.parse(row.oldest),
      };
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
