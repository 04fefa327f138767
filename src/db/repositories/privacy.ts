import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  chats,
  conversationState,
  notifications,
  swapIntents,
  TERMINAL_STATUSES,
  transactions,
} from "../schema.ts";

const finals = [...TERMINAL_STATUSES];

/**
 * /forget: a chat's data leaves the database. Swaps still in progress stay (and with them what is
 * needed to tell the chat how they end); everything else about the chat goes, in one transaction.
 */
export function createPrivacyRepository(db: Db) {
  return {
    /** What /forget would delete and keep. */
    preview(chatId: number): { finished: number; open: number } {
      const rows = db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.chatId, chatId))
        .all();
      const finished = rows.filter((r) => (finals as string[]).includes(r.status)).length;
      return { finished, open: rows.length - finished };
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
        const kept = tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.chatId, chatId), notInArray(transactions.status, finals)))
          .all().length;
        // Intents whose outcome is still being reconciled must stay: a deposit address may follow.
        tx.delete(swapIntents)
          .where(
            and(eq(swapIntents.chatId, chatId), inArray(swapIntents.state, ["created", "failed"])),
          )
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
