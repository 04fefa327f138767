import { sql } from "drizzle-orm";
import { FINAL_STATUSES } from "../../swaps/status.ts";
import { count, type Executor, type Seam } from "../seam.ts";

const FINISHED = sql`status in ${[...FINAL_STATUSES]}`;

/** A confirmed swap whose creation is still being settled (its POST under way, or its answer lost). */
const UNRESOLVED = sql`state in ('pending', 'unknown')`;

/** Ids per DELETE … WHERE id IN (…): keeps statements small. */
const CHUNK = 500;

/**
 * /forget: a chat's data leaves the database. Swaps still in progress stay (and with them what is
 * needed to tell the chat how they end); everything else about the chat goes, in one transaction.
 *
 * A confirmed swap not yet resolved counts as in progress: the reconciler may yet find it (by its
 * payout and refund addresses) and send its deposit address; deleting its intent would leave a
 * swap the exchange may have created untracked, its address never seen. Once it resolves
 * (created: tracked until it finishes; failed: nothing was made), the next /forget deletes it.
 */
export function createPrivacyRepository(db: Seam) {
  const unresolved = (executor: Executor, chatId: number) =>
    count(executor, sql`from swap_intents where chat_id = ${chatId} and ${UNRESOLVED}`);

  return {
    /** What /forget would delete and keep. */
    async preview(chatId: number): Promise<{ finished: number; open: number }> {
      const rows = await db.all(sql`select status from transactions where chat_id = ${chatId}`);
      const finals: readonly string[] = FINAL_STATUSES;
      const finished = rows.filter((r) => finals.includes(String(r.status))).length;
      return { finished, open: rows.length - finished + (await unresolved(db, chatId)) };
    },

    forgetChat(chatId: number): Promise<{ deleted: number; kept: number }> {
      return db.transaction(async (tx) => {
        const done = (
          await tx.all(sql`select id from transactions
            where chat_id = ${chatId} and ${FINISHED}${db.forUpdate}`)
        ).map((r) => String(r.id));
        for (let i = 0; i < done.length; i += CHUNK) {
          const chunk = done.slice(i, i + CHUNK);
          await tx.run(sql`delete from notifications where transaction_id in ${chunk}`);
          await tx.run(sql`delete from transactions where id in ${chunk}`);
        }
        const openSwaps = await count(
          tx,
          sql`from transactions where chat_id = ${chatId} and not (${FINISHED})`,
        );
        const kept = openSwaps + (await unresolved(tx, chatId));
        await tx.run(
          sql`delete from swap_intents where chat_id = ${chatId} and not (${UNRESOLVED})`,
        );
        // Its finished tickets (and drafts) go too; an open one stays until it is closed.
        const closed = sql`from support_tickets where chat_id = ${chatId} and state <> 'open'`;
        await tx.run(sql`delete from support_outbox where ticket_id in (select id ${closed})`);
        await tx.run(sql`delete ${closed}`);
        await tx.run(sql`delete from conversation_state where "key" = ${String(chatId)}`);
        if (kept > 0) return { deleted: done.length, kept };
        await tx.run(sql`delete from chats where id = ${chatId}`);
        await tx.run(sql`delete from swap_list_versions where chat_id = ${chatId}`);
        return { deleted: done.length, kept };
      });
    },
  };
}
