import { count, countDistinct, gte } from "drizzle-orm";
import { sumDecimals } from "../../../lib/decimal.ts";
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

    async volumeByPair(limit = 10) {
      const rows = await db
        .select({
          from: transactions.coinFrom,
          to: transactions.coinTo,
          amount: transactions.amountIn,
        })
        .from(transactions);
      const pairs = new Map<string, string[]>();
      for (const row of rows) {
        const key = `${row.from.toUpperCase()}→${row.to.toUpperCase()}`;
        pairs.set(key, [...(pairs.get(key) ?? []), row.amount]);
      }
      return [...pairs]
        .map(([pair, amounts]) => ({
          pair,
          swaps: amounts.length,
          amountIn: `${sumDecimals(amounts)} ${pair.split("→")[0]}`,
        }))
        .sort((a, b) => b.swaps - a.swaps)
        .slice(0, limit);
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
