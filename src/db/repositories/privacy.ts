import { and, count, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  chats,
  conversationState,
  type IntentState,
  notifications,
  swapIntents,
  TERMINAL_STATUSES,
  transactions,
} from "../schema.ts";

const finals = [...TERMINAL_STATUSES];

/**
 * A confirmed swap whose creation is still being settled: the POST is under way (`pending`) or
 * its answer was lost (`unknown`) and the reconciler may yet find the transaction and send its
 * deposit address. Its payout and refund addresses are what it is matched by upstream.
 */
const UNRESOLVED: IntentState[] = ["pending", "unknown"];

/**
 * /forget: a chat's data leaves the database. Swaps still in progress stay (and with them what is
 * needed to tell the chat how they end); everything else about the chat goes, in one transaction.
 *
 * A confirmed swap not yet resolved counts as in progress: deleting its intent would leave a
 * transaction the exchange may have created without anyone tracking it or the user ever seeing
 * its deposit address. Once it resolves (created: tracked until it finishes; failed: nothing was
 * made), the next /forget deletes it like the rest.
 */
export function createPrivacyRepository(db: Db) {
  const unresolved = (tx: Pick<Db, "select">, chatId: number): number =>
    tx
      .select({ n: count() })
      .from(swapIntents)
      .where(and(eq(swapIntents.chatId, chatId), inArray(swapIntents.state, UNRESOLVED)))
      .get()?.n ?? 0;

  return {
    /** What /forget would delete and keep. */
    preview(chatId: number): { finished: number; open: number } {
      const rows = db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.chatId, chatId))
        .all();
      const finished = rows.filter((r) => (finals as string[]).includes(r.status)).length;
      return { finished, open: rows.length - finished + unresolved(db, chatId) };
    },
    forgetChat(chatId: number): { deleted: number; kept: number } {
      return db.transaction((tx) => {
        const done = tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.chatId, chatId), inArray(transactions.status, finals)))
          .all()
          .map((r) => r.id);
        for (let i = 0; i < done.length; i += 500) {
          const chunk = done.slice(i, i + 500);
          tx.delete(notifications).where(inArray(notifications.transactionId, chunk)).run();
          tx.delete(transactions).where(inArray(transactions.id, chunk)).run();
        }
        const openSwaps = tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.chatId, chatId), notInArray(transactions.status, finals)))
          .all().length;
        const kept = openSwaps + unresolved(tx, chatId);
        tx.delete(swapIntents)
          .where(and(eq(swapIntents.chatId, chatId), notInArray(swapIntents.state, UNRESOLVED)))
          .run();
        tx.delete(conversationState)
          .where(eq(conversationState.key, String(chatId)))
          .run();
        if (kept === 0) tx.delete(chats).where(eq(chats.id, chatId)).run();
        return { deleted: done.length, kept };
      });
    },
  };
}
