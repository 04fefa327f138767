import { asc } from "drizzle-orm";
import type { Coin } from "../../catalog/search.ts";
import type { Db } from "../client.ts";
import { coins } from "../schema.ts";

/** The coin catalog's copy on disk, so search works at start-up even with the exchange down. */
export function createCoinsRepository(db: Db) {
  return {
    all(): Coin[] {
      return db
        .select({ code: coins.code, name: coins.name, icon: coins.icon, notes: coins.notes })
        .from(coins)
        .orderBy(asc(coins.position))
        .all();
    },
    replaceAll(list: readonly Coin[], now = Date.now()): void {
      db.transaction((tx) => {
        tx.delete(coins).run();
        for (const [position, coin] of list.entries()) {
          tx.insert(coins).values({ ...coin, position, updatedAt: now }).run();
        }
      });
    },
  };
}
