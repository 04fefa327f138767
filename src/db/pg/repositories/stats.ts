import { count, countDistinct, desc, gte, inArray, sql } from "drizzle-orm";
import { DecimalTotal } from "../../../lib/decimal.ts";
import type { PgDb } from "../client.ts";
import { chats, transactions } from "../schema.ts";

const DAY = 24 * 60 * 60_000;

/** The operator's figures for /stats (`../../repositories/stats.ts`) on PostgreSQL. */
export function createPgStatsRepository(db: PgDb) {
  const byStatus = async (since: number): Promise<Record<string, number>> => {
    const rows = await db
      .select({ status: transactions.status, n: count() })
      .from(transactions)
      .where(gte(transactions.insertedAt, since))
      .groupBy(transactions.status);
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  };

  return {
    async swapsByStatus(now = Date.now()) {
      const [today, week, all] = await Promise.all([
        byStatus(now - DAY),
        byStatus(now - 7 * DAY),
        byStatus(0),
      ]);
      return { today, week, all };
    },

    /** As on SQLite: PostgreSQL counts and ranks the pairs, the top pairs' amounts are summed exactly. */
    async volumeByPair(limit = 10) {
      const from = sql<string>`upper(${transactions.coinFrom})`;
      const to = sql<string>`upper(${transactions.coinTo})`;
      const pair = sql<string>`${from} || '→' || ${to}`;
      const top = await db
        .select({ pair, swaps: count() })
        .from(transactions)
        .groupBy(from, to)
        .orderBy(desc(count()), from, to)
        .limit(limit);
      const totals = new Map(top.map((p) => [p.pair, new DecimalTotal()]));
      const rows = await db
        .select({ pair, amount: transactions.amountIn })
        .from(transactions)
        .where(inArray(pair, [...totals.keys()]));
      for (const row of rows) totals.get(row.pair)?.add(row.amount);
      return top.map(({ pair, swaps }) => ({
        pair,
        swaps,
        amountIn: `${totals.get(pair)} ${pair.split("→")[0]}`,
      }));
    },

    async activeChats(now = Date.now()) {
      const since = async (from: number) => {
        const [row] = await db
          .select({ n: countDistinct(chats.id) })
          .from(chats)
          .where(gte(chats.updatedAt, from));
        return row?.n ?? 0;
      };
      const [today, week] = await Promise.all([since(now - DAY), since(now - 7 * DAY)]);
      return { today, week };
    },
  };
}
