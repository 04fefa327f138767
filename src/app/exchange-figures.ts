import type { ExchangeFigures } from "../db/repositories/stats.ts";
import { DecimalTotal } from "../lib/decimal.ts";
import type { ExchangeActivity } from "../ops/exchange-activity.ts";
import type { RunningExchange } from "./exchange.ts";

/**
 * The tables' figures per recorded exchange id, gathered under the configured exchange each id
 * belongs to (see `belongsTo`): a swap recorded before exchanges were (no id) is the first
 * exchange's. The configured exchanges come first, in the operator's order, each listed even
 * without swaps; then ids no longer configured, as recorded.
 */
export function figuresByExchange(
  running: readonly RunningExchange[],
  figures: readonly ExchangeFigures[],
): { exchange: RunningExchange | undefined; id: string; figures: ExchangeFigures }[] {
  const belongsTo = (id: string) =>
    id === ""
      ? running[0]
      : running.find((exchange) => exchange.id === id || exchange.aliases?.includes(id));
  const gathered = new Map<
    string,
    { exchange: RunningExchange | undefined; id: string; totals: Map<string, DecimalTotal> } & {
      created: number;
      completed: number;
    }
  >();
  const entry = (exchange: RunningExchange | undefined, id: string) => {
    const key = exchange?.id ?? id;
    let found = gathered.get(key);
    if (!found) {
      found = { exchange, id: key, totals: new Map(), created: 0, completed: 0 };
      gathered.set(key, found);
    }
    return found;
  };
  for (const exchange of running) entry(exchange, exchange.id);
  for (const each of figures) {
    const found = entry(belongsTo(each.exchange), each.exchange);
    found.created += each.created;
    found.completed += each.completed;
    for (const { coin, amount } of each.volume) {
      const total = found.totals.get(coin) ?? new DecimalTotal();
      total.add(amount);
      found.totals.set(coin, total);
    }
  }
  return [...gathered.values()].map(({ exchange, id, totals, created, completed }) => ({
    exchange,
    id,
    figures: {
      exchange: exchange?.target.settings.name ?? id,
      created,
      completed,
      volume: [...totals]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([coin, total]) => ({ coin, amount: total.toString() })),
    },
  }));
}

/** /stats' line per exchange: what it won and refused since start, its swaps, its error rate. */
export function exchangeStats(
  running: readonly RunningExchange[],
  figures: readonly ExchangeFigures[],
  activity: ExchangeActivity,
  now: number,
) {
  return figuresByExchange(running, figures).map(({ exchange, id, figures: each }) => ({
    label: exchange?.label ?? id,
    ...activity.countsOf(id),
    created: each.created,
    completed: each.completed,
    volume: each.volume,
    errors: exchange ? exchange.monitor.errorRate(60, now) : { total: 0, failed: 0 },
  }));
}
