import { readPages } from "../exchange/paging.ts";
import type { Logger } from "../lib/logger.ts";
import type { ExchangeCoin, ExchangePort } from "../swaps/exchange-port.ts";
import { type Coin, CoinIndex, type SearchHit } from "./search.ts";

/** Shown first in pickers and for an empty inline query. */
export const POPULAR_CODES = [
  "btc",
  "eth",
  "usdt",
  "xmr",
  "ltc",
  "sol",
  "usdc",
  "trx",
  "bnb",
  "doge",
  "xrp",
  "ton",
] as const;

/** Where the coin list survives restarts, so the bot can search while the upstream is down. */
export interface CatalogStore {
  load(): Coin[] | Promise<Coin[]>;
  save(coins: readonly Coin[]): void | Promise<void>;
}

interface CatalogOptions {
  exchange: Pick<ExchangePort, "listCurrencies">;
  store?: CatalogStore;
  logger: Logger;
  refreshIntervalMs: number;
  /** Page size asked for; the upstream may cap it silently, and the loader adapts. */
  pageSize?: number;
}

/**
 * The coin list, loaded page by page from the exchange and served from memory. Inline queries and
 * coin pickers search it; nothing calls GET /currencies per user action.
 */
export class CoinCatalog {
  private index = new CoinIndex([], { popularity: POPULAR_CODES });
  private coins: readonly Coin[] = [];
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  /** When the list was last fetched from the upstream (0: never in this process). */
  loadedAt = 0;

  constructor(private readonly options: CatalogOptions) {}

  get size(): number {
    return this.index.size;
  }

  byCode(code: string): Coin | undefined {
    return this.index.byCode(code);
  }

  search(query: string, limit = 10): SearchHit[] {
    return this.index.search(query, limit);
  }

  /** Every coin: the popular ones first, then the exchange's order. */
  all(): Coin[] {
    const popular = this.popular();
    const first = new Set(popular.map((c) => c.code));
    return [...popular, ...this.coins.filter((c) => !first.has(c.code))];
  }

  popular(): Coin[] {
    return POPULAR_CODES.map((code) => this.index.byCode(code)).filter((c): c is Coin => !!c);
  }

  /**
   * Loads the stored list first (instant, works offline), then the upstream's. Start-up waits for
   * the upstream only when nothing was stored, and never fails on it.
   */
  async start(): Promise<void> {
    const stored = await this.loadStored();
    const first = this.refresh();
    if (stored === 0) await first;
    this.refreshEvery(this.options.refreshIntervalMs, () => this.refresh());
  }

  /**
   * For an instance that is not the leader: the list the leader keeps in the shared store,
   * reloaded every `intervalMs`, and never a request to the exchange.
   */
  async follow(intervalMs: number): Promise<void> {
    await this.loadStored();
    this.refreshEvery(intervalMs, () => this.loadStored());
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Replaces the list with the stored one, if any; returns how many coins were stored. */
  private async loadStored(): Promise<number> {
    try {
      const stored = (await this.options.store?.load()) ?? [];
      if (stored.length > 0) this.replace(stored);
      return stored.length;
    } catch (error) {
      this.options.logger.warn({ err: error }, "stored coin catalog could not be read");
      return 0;
    }
  }

  private refreshEvery(intervalMs: number, refresh: () => Promise<unknown>): void {
    this.stop();
    this.timer = setInterval(() => void refresh(), intervalMs);
    this.timer.unref();
  }

  /** Fetches the whole list; on failure the current list stays and the error is logged. */
  refresh(): Promise<void> {
    this.refreshing ??= this.fetchAll()
      .then(async (coins) => {
        if (coins.length === 0) throw new Error("the exchange listed no currencies");
        this.replace(coins);
        this.loadedAt = Date.now();
        await this.options.store?.save(coins);
        this.options.logger.info({ coins: coins.length }, "coin catalog loaded");
      })
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error, coins: this.size }, "coin catalog refresh failed");
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private replace(coins: readonly Coin[]): void {
    this.coins = coins;
    this.index = new CoinIndex(coins, { popularity: POPULAR_CODES });
  }

  private async fetchAll(): Promise<Coin[]> {
    const byCode = new Map<string, Coin>();
    await readPages({
      size: this.options.pageSize ?? 100,
      fetchPage: (page, size) => this.options.exchange.listCurrencies({ page, size }),
      onPage: (currencies) => {
        for (const currency of currencies) {
          byCode.set(currency.code.toLowerCase(), toCoin(currency));
        }
      },
    });
    return [...byCode.values()];
  }
}

function toCoin(currency: ExchangeCoin): Coin {
  return {
    code: currency.code.toLowerCase(),
    name: currency.name || currency.code.toUpperCase(),
    icon: currency.icon,
    notes: currency.notes,
    ...(currency.networks ? { networks: currency.networks } : {}),
  };
}
