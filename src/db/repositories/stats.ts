import { count, countDistinct, desc, gte, inArray, sql } from "drizzle-orm";
import { DecimalTotal } from "../../lib/decimal.ts";
import type { Db } from "../client.ts";
import { chats, transactions } from "../schema.ts";

const DAY = 24 * 60 * 60_000;

/** The operator's figures for /stats, straight from the tables. */
export function createStatsRepository(db: Db) {
  const byStatus = (since: number): Record<string, number> =>
    Object.fromEntries(
      db
        .select({ status: transactions.status, n: count() })
        .from(transactions)
        .where(gte(transactions.insertedAt, since))
        .groupBy(transactions.status)
        .all()
        .map((r) => [r.status, r.n]),
    );

  return {
    swapsByStatus(now = Date.now()) {
      return { today: byStatus(now - DAY), week: byStatus(now - 7 * DAY), all: byStatus(0) };
    },
    /**
     * Swaps and exact amount sent per pair, most swaps first. SQLite counts and ranks the pairs;
     * only the top pairs' amounts are read, and summed as decimals in one pass (SQLite's SUM
     * would go through doubles). An amount that is not a decimal is left out of the sum.
     */
    volumeByPair(limit = 10) {
      const from = sql<string>`upper(${transactions.coinFrom})`;
      const to = sql<string>`upper(${transactions.coinTo})`;
      const pair = sql<string>`${from} || '→' || ${to}`;
      const top = db
        .select({ pair, swaps: count() })
        .from(transactions)
        .groupBy(from, to)
        .orderBy(desc(count()), from, to)
        .limit(limit)
        .all();
      const totals = new Map(top.map((p) => [p.pair, new DecimalTotal()]));
      const rows = db
        .select({ pair, amount: transactions.amountIn })
        .from(transactions)
        .where(inArray(pair, [...totals.keys()]))
        .all();
      for (const row of rows) totals.get(row.pair)?.add(row.amount);
      return top.map(({ pair, swaps }) => ({
        pair,
        swaps,
        amountIn: `${totals.get(pair)} ${pair.split("→")[0]}`,
      }));
    },
    /** Chats that talked to the bot in the last day and week. */
    activeChats(now = Date.now()) {
      const since = (from: number) =>
        db
          .select({ n: countDistinct(chats.id) })
          .from(chats)
          .where(gte(chats.updatedAt, from))
          .get()?.n ?? 0;
      return { today: since(now - DAY), week: since(now - 7 * DAY) };
    },
  };
}
