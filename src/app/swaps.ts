import { CoinCatalog } from "../catalog/catalog.ts";
import type { Config } from "../config.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { ExchangeActivity } from "../ops/exchange-activity.ts";
import { ExchangeQuotes } from "../quotes/exchange-quotes.ts";
import { QuoteService } from "../quotes/quote-service.ts";
import { ConfirmSummary } from "../swaps/confirm-summary.ts";
import type { ExchangeSet } from "../swaps/exchange-set.ts";
import type { Intent } from "../swaps/intent.ts";
import { SwapReader } from "../swaps/swap-reader.ts";
import type { SuspectReport } from "../swaps/swap-service.ts";
import { SwapService } from "../swaps/swap-service.ts";
import type { Database } from "./database.ts";

/**
 * The core every front end (the chat, the Mini App) works through: the coin catalog, quotes,
 * the create-once swap service and the swap reader. Built, not started.
 */
export function buildSwaps(
  config: Config,
  logger: Logger,
  deps: {
    exchanges: ExchangeSet;
    db: Database;
    clock: Clock;
    /** A created swap disagrees with what its user confirmed: the operator is told. */
    onSuspect: (report: SuspectReport) => void;
    /** A read changed a swap: its outbox row is waiting. */
    onChange: () => void;
    /** A POST ended without its outcome stored (a write failed): the reconciler may look now. */
    onUnrecorded: (intent: Intent) => void;
    /** Counts each exchange's offers won and creates' outcomes (/stats, /metrics). */
    activity: ExchangeActivity;
  },
) {
  const { exchanges, db } = deps;
  const catalog = new CoinCatalog({
    exchanges: exchanges.all,
    logger,
    refreshIntervalMs: config.catalogRefreshMs,
    store: db.coins,
  });
  // Each exchange's quotes, coalesced, cached and rationed within its own budget.
  const quotesAt = new Map(
    exchanges.all.map((exchange) => [
      exchange.id,
      new ExchangeQuotes({
        id: exchange.id,
        exchange: exchange.port,
        cacheMs: config.quoteCacheMs,
        fixedTtlMs: config.fixedQuoteTtlMs,
        maxWaitMs: 3_000,
        now: () => deps.clock.now(),
      }),
    ]),
  );
  const quotes = new QuoteService({
    exchanges,
    quotesAt,
    listedAt: (code) => catalog.listedAt(code),
    deadlineMs: config.quoteDeadlineMs,
    minKyc: config.minKyc,
    clock: deps.clock,
    onOffers: ({ ranked }) => {
      if (ranked[0]) deps.activity.quoteWon(ranked[0].exchange);
    },
  });
  const swaps = new SwapService({
    exchanges,
    store: db.ports.swapStore,
    logger,
    onSuspect: deps.onSuspect,
    onUnrecorded: deps.onUnrecorded,
    onCreateEnded: (exchange, result) => deps.activity.createEnded(exchange, result),
  });
  const reader = new SwapReader({
    exchanges,
    swaps: db.ports.swapQueries,
    logger,
    now: () => deps.clock.now(),
    onChange: deps.onChange,
  });
  const confirm = new ConfirmSummary({ quotes, swaps });
  return {
    exchanges,
    catalog,
    quotes,
    swaps,
    confirm,
    reader,
    swapQueries: db.ports.swapQueries,
  };
}

export type Swaps = ReturnType<typeof buildSwaps>;
