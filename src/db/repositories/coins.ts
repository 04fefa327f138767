import { asc, count } from "drizzle-orm";
import type { Db } from "../client.ts";
import { coins } from "../schema.ts";

/** A catalog entry as the upstream lists it. */
export interface CoinEntry {
  code: string;
  name: string;
  icon: string;
  notes: string;
}

/** The coin catalog's copy on disk, so search works at start-up even with the exchange down. */
export function createCoinsRepository(db: Db) {
  return {
    /** In the upstream's order. */
    all(): CoinEntry[] {
      return db
        .select({ code: coins.code, name: coins.name, icon: coins.icon, notes: coins.notes })
        .from(coins)
        .orderBy(asc(coins.position))
        .all();
    },

    /**
     * Swaps in a freshly fetched list in one transaction: readers see the old list or the new
     * one, never half of each. A code listed twice keeps its first position.
     */
    replaceAll(list: readonly CoinEntry[], now = Date.now()): void {
      db.transaction((tx) => {
        tx.delete(coins).run();
        for (const [position, coin] of list.entries()) {
          tx.insert(coins)
            .values({
              code: coin.code,
              name: coin.name,
              icon: coin.icon,
              notes: coin.notes,
              position,
              updatedAt: now,
            })
            .onConflictDoNothing()
            .run();
        }
      });
    },

    count(): number {
      return db.select({ n: count() }).from(coins).get()?.n ?? 0;
    },
  };
}

export type CoinsRepository = ReturnType<typeof createCoinsRepository>;
