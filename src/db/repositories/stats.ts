import { count, countDistinct, gte } from "drizzle-orm";
import { sumDecimals } from "../../lib/decimal.ts";
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
    /** Swaps and exact amount sent per pair, biggest first (amounts are summed as decimals). */
    volumeByPair(limit = 10) {
      const rows = db
        .select({
          from: transactions.coinFrom,
          to: transactions.coinTo,
          amount: transactions.amountIn,
        })
        .from(transactions)
        .all();
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
