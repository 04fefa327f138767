import { sql } from "drizzle-orm";
import { DecimalTotal } from "../../lib/decimal.ts";
import { count, long, type Seam } from "../seam.ts";
import { countByStatus } from "./transactions.ts";

const DAY = 24 * 60 * 60_000;

/** One exchange's swaps, all time: created, completed, and the completed ones' amounts sent. */
export interface ExchangeFigures {
  /** As swaps record it (`Swap.exchange`). */
  exchange: string;
  created: number;
  completed: number;
  /** Exact decimal sums per coin sent (upper-case code), by code. */
  volume: { coin: string; amount: string }[];
}

const PAIR = sql`upper(coin_from) || '→' || upper(coin_to)`;

/** The operator's figures for /stats, straight from the tables. */
export function createStatsRepository(db: Seam) {
  const byStatus = (since: number) => countByStatus(db, sql`inserted_at >= ${since}`);

  return {
    async swapsByStatus(now = Date.now()) {
      return {
        today: await byStatus(now - DAY),
        week: await byStatus(now - 7 * DAY),
        all: await byStatus(0),
      };
    },

    /**
     * Swaps and exact amount sent per pair, most swaps first. The database counts and ranks the
     * pairs; only the top pairs' amounts are read, and summed as decimals in one pass (SQL's SUM
     * would go through doubles). An amount that is not a decimal is left out of the sum.
     */
    async volumeByPair(limit = 10) {
      const top = (
        await db.all(sql`select ${PAIR} as pair, count(*) as n from transactions
          group by upper(coin_from), upper(coin_to)
          order by count(*) desc, upper(coin_from), upper(coin_to) limit ${limit}`)
      ).map((r) => ({ pair: String(r.pair), swaps: long.parse(r.n) }));
      if (top.length === 0) return [];
      const totals = new Map(top.map((p) => [p.pair, new DecimalTotal()]));
      const rows = await db.all(sql`select ${PAIR} as pair, amount_in as amount from transactions
        where ${PAIR} in ${[...totals.keys()]}`);
      for (const row of rows) totals.get(String(row.pair))?.add(String(row.amount));
      return top.map(({ pair, swaps }) => ({
        pair,
        swaps,
        amountIn: `${totals.get(pair)} ${pair.split("→")[0]}`,
      }));
    },

    /**
     * Per exchange a swap records (`transactions.exchange`): the swaps created there, those
     * completed (`success`), and the completed swaps' exact amounts sent per coin (summed as
     * decimals, as volumeByPair does: SQL's SUM would go through doubles).
     */
    async byExchange(): Promise<ExchangeFigures[]> {
      const counts = await db.all(sql`select exchange, count(*) as n,
          sum(case when status = 'success' then 1 else 0 end) as done
        from transactions group by exchange order by exchange`);
      const figures = new Map<string, ExchangeFigures & { totals: Map<string, DecimalTotal> }>(
        counts.map((r) => [
          String(r.exchange),
          {
            exchange: String(r.exchange),
            created: long.parse(r.n),
            completed: long.parse(r.done ?? 0),
            volume: [],
            totals: new Map(),
          },
        ]),
      );
      const rows = await db.all(sql`select exchange, upper(coin_from) as coin, amount_in as amount
        from transactions where status = 'success'`);
      for (const row of rows) {
        const totals = figures.get(String(row.exchange))?.totals;
        if (!totals) continue;
        const coin = String(row.coin);
        const total = totals.get(coin) ?? new DecimalTotal();
        total.add(String(row.amount));
        totals.set(coin, total);
      }
      return [...figures.values()].map(({ totals, ...each }) => ({
        ...each,
        volume: [...totals]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([coin, total]) => ({ coin, amount: total.toString() })),
      }));
    },

    /** Chats that talked to the bot in the last day and week. */
    async activeChats(now = Date.now()) {
      const since = (from: number) => count(db, sql`from chats where updated_at >= ${from}`);
      return { today: await since(now - DAY), week: await since(now - 7 * DAY) };
    },
  };
}
