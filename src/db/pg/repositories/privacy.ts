import { and, count, eq, inArray, notInArray } from "drizzle-orm";
import type { PgDb } from "../client.ts";
import {
  chats,
  conversationState,
  type INTENT_STATES,
  notifications,
  swapIntents,
  TERMINAL_STATUSES,
  transactions,
} from "../schema.ts";

const finals = [...TERMINAL_STATUSES];

/** Confirmed swaps still being settled: kept as swaps in progress (`../../repositories/privacy.ts`). */
const UNRESOLVED: (typeof INTENT_STATES)[number][] = ["pending", "unknown"];

/** /forget (`../../repositories/privacy.ts`) on PostgreSQL. */
export function createPgPrivacyRepository(db: PgDb) {
  const unresolved = async (tx: Pick<PgDb, "select">, chatId: number): Promise<number> => {
    const [row] = await tx
      .select({ n: count() })
      .from(swapIntents)
      .where(and(eq(swapIntents.chatId, chatId), inArray(swapIntents.state, UNRESOLVED)));
    return row?.n ?? 0;
  };

  return {
    async preview(chatId: number): Promise<{ finished: number; open: number }> {
      const rows = await db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.chatId, chatId));
      const finished = rows.filter((r) => (finals as string[]).includes(r.status)).length;
      return { finished, open: rows.length - finished + (await unresolved(db, chatId)) };
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
        const openSwaps = (
          await tx
            .select({ id: transactions.id })
            .from(transactions)
            .where(and(eq(transactions.chatId, chatId), notInArray(transactions.status, finals)))
        ).length;
        const kept = openSwaps + (await unresolved(tx, chatId));
        await tx
          .delete(swapIntents)
          .where(and(eq(swapIntents.chatId, chatId), notInArray(swapIntents.state, UNRESOLVED)));
        await tx.delete(conversationState).where(eq(conversationState.key, String(chatId)));
        if (kept === 0) await tx.delete(chats).where(eq(chats.id, chatId));
        return { deleted: done.length, kept };
      });
    },
  };
}
