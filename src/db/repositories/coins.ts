import { sql } from "drizzle-orm";
import type { z } from "zod";
import { coinRow } from "../rows.ts";
import { count, insertInto, type Seam, select } from "../seam.ts";

/** A catalog entry as the upstream lists it. */
type CoinEntry = z.output<typeof coinRow>;

/** Rows per INSERT: six parameters each, well under either dialect's cap on parameters. */
const CHUNK = 1_000;

/** The coin catalog's copy on disk, so search works at start-up even with the exchange down. */
export function createCoinsRepository(db: Seam) {
  return {
    /** In the upstream's order. */
    all: (): Promise<CoinEntry[]> => select(db, coinRow, sql`from coins order by position`),

    /**
     * Swaps in a freshly fetched list in one transaction: readers see the old list or the new
     * one, never half of each. A code listed twice keeps its first position. Multi-row inserts:
     * a catalog of thousands of coins is a few statements, not thousands.
     */
    async replaceAll(list: readonly CoinEntry[], now = Date.now()): Promise<void> {
      const rows = list.map(({ code, name, icon, notes }, position) => ({
        code,
        name,
        icon,
        notes,
        position,
        updatedAt: now,
      }));
      await db.transaction(async (tx) => {
        await tx.run(sql`delete from coins`);
        for (let i = 0; i < rows.length; i += CHUNK) {
          await tx.run(
            sql`${insertInto("coins", rows.slice(i, i + CHUNK))} on conflict do nothing`,
          );
        }
      });
    },

    count: () => count(db, sql`from coins`),
  };
}
