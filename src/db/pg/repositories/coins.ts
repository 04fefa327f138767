import { asc, count } from "drizzle-orm";
import type { CoinEntry } from "../../repositories/coins.ts";
import type { PgDb } from "../client.ts";
import { coins } from "../schema.ts";

/** The coin catalog's copy (`../../repositories/coins.ts`) on PostgreSQL. */
export function createPgCoinsRepository(db: PgDb) {
  return {
    all(): Promise<CoinEntry[]> {
      return db
        .select({ code: coins.code, name: coins.name, icon: coins.icon, notes: coins.notes })
        .from(coins)
        .orderBy(asc(coins.position));
    },

    /**
     * Swaps in a freshly fetched list in one transaction: readers see the old list or the new
     * one. One multi-row insert: a catalog of thousands of coins is one round trip, not thousands.
     */
    async replaceAll(list: readonly CoinEntry[], now = Date.now()): Promise<void> {
      const rows = list.map((coin, position) => ({ ...pick(coin), position, updatedAt: now }));
      await db.transaction(async (tx) => {
        await tx.delete(coins);
        // Bound parameters per statement are limited (65,535): six per row.
        for (let i = 0; i < rows.length; i += 5_000) {
          // A code listed twice keeps its first position (the first row wins), as in SQLite.
          await tx
            .insert(coins)
            .values(rows.slice(i, i + 5_000))
            .onConflictDoNothing();
        }
      });
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(coins);
      return row?.n ?? 0;
    },
  };
}

const pick = ({ code, name, icon, notes }: CoinEntry): CoinEntry => ({ code, name, icon, notes });
