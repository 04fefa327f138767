import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { PgDb } from "../client.ts";
import {
  chats,
  conversationState,
  notifications,
  swapIntents,
  TERMINAL_STATUSES,
  transactions,
} from "../schema.ts";

const finals = [...TERMINAL_STATUSES];

/** /forget (`../../repositories/privacy.ts`) on PostgreSQL. */
export function createPgPrivacyRepository(db: PgDb) {
  return {
    async preview(chatId: number): Promise<{ finished: number; open: number }> {
      const rows = await db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.chatId, chatId));
      const finished = rows.filter((r) => (finals as string[]).includes(r.status)).length;
      return { finished, open: rows.length - finished };
    },

    forgetChat(chatId: number): Promise<{ deleted: number; kept: number }> {
      return db.transaction(async (tx) => {
        const done = (
          await tx
            .select({ id: transactions.id })
            .from(transactions)
            .where(and(eq(transactions.chatId, chatId), inArray(transactions.status, finals)))
            .for("update")
        ).map((r) => r.id);
        for (let i = 0; i < done.length; i += 500) {
          const chunk = done.slice(i, i + 500);
          await tx.delete(notifications).where(inArray(notifications.transactionId, chunk));
          await tx.delete(transactions).where(inArray(transactions.id, chunk));
        }
        const kept = (
          await tx
            .select({ id: transactions.id })
            .from(transactions)
            .where(and(eq(transactions.chatId, chatId), notInArray(transactions.status, finals)))
        ).length;
        // Intents whose outcome is still being reconciled must stay: a deposit address may follow.
        await tx
          .delete(swapIntents)
          .where(
            and(eq(swapIntents.chatId, chatId), inArray(swapIntents.state, ["created", "failed"])),
          );
        await tx.delete(conversationState).where(eq(conversationState.key, String(chatId)));
        if (kept === 0) await tx.delete(chats).where(eq(chats.id, chatId));
        return { deleted: done.length, kept };
      });
    },
  };
}
