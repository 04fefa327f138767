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
  /** Every exchange offered: a coin is in the catalog when any of them lists it. */
  exchanges: readonly { id: string; port: Pick<ExchangePort, "listCurrencies"> }[];
  store?: CatalogStore;
  logger: Logger;
  refreshIntervalMs: number;
  /** Page size asked for; the upstream may cap it silently, and the loader adapts. */
  pageSize?: number;
}

/**
 * The coin list, loaded page by page from every exchange, merged (a coin any of them lists, with
 * the networks any of them names) and served from memory. Inline queries and coin pickers search
 * it; nothing calls GET /currencies per user action.
 */
export class CoinCatalog {
  private index = new CoinIndex([], { popularity: POPULAR_CODES });
  private coins: readonly Coin[] = [];
  /** Each exchange's own list (by code), as last fetched in this process. */
  private readonly lists = new Map<string, ReadonlyMap<string, Coin>>();
  /** Told when an exchange's list has been merged in (start-up waits for the first). */
  private onList: (() => void) | undefined;
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

  /**
   * The exchanges that may list a coin: those whose list has it, and those whose list is not
   * known yet (the stored list names no exchange). Undefined: no exchange's list is known.
   */
  listedAt(code: string): ReadonlySet<string> | undefined {
    if (this.lists.size === 0) return undefined;
    const key = code.toLowerCase();
    return new Set(
      this.options.exchanges
        .filter(({ id }) => {
          const list = this.lists.get(id);
          return list === undefined || list.has(key);
        })
        .map(({ id }) => id),
    );
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
    // With nothing stored, start-up waits for the first exchange's list, not the slowest's.
    const listed = new Promise<void>((resolve) => {
      this.onList = resolve;
    });
    const first = this.refresh();
    if (stored === 0) await Promise.race([first, listed]);
    this.onList = undefined;
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

  /**
   * Fetches every exchange's whole list; an exchange that fails keeps its list from before (and
   * the error is logged); nothing changes when none answered.
   */
  refresh(): Promise<void> {
    this.refreshing ??= this.fetchEach()
      .then(async (fetched) => {
        if (!fetched) throw new Error("no exchange listed any currency");
        const coins = this.merged();
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

  /** Each exchange's list fetched, merged in as it comes; whether any was. */
  private async fetchEach(): Promise<boolean> {
    const fetched = await Promise.all(
      this.options.exchanges.map(async ({ id, port }) => {
        try {
          const list = await fetchAll(port, this.options.pageSize ?? 100);
          if (list.size === 0) throw new Error("the exchange listed no currencies");
          this.lists.set(id, list);
          this.replace(this.merged());
          this.onList?.();
          return true;
        } catch (error) {
          this.options.logger.warn({ err: error, exchange: id }, "an exchange's coin list failed");
          return false;
        }
      }),
    );
    return fetched.some(Boolean);
  }

  /** Every exchange's coins, in the operator's order of exchanges; a coin's networks merged. */
  private merged(): Coin[] {
    const byCode = new Map<string, Coin>();
    for (const { id } of this.options.exchanges) {
      for (const coin of this.lists.get(id)?.values() ?? []) {
        const known = byCode.get(coin.code);
        byCode.set(coin.code, known ? withNetworksOf(known, coin) : coin);
      }
    }
    return [...byCode.values()];
  }
}

async function fetchAll(
  exchange: Pick<ExchangePort, "listCurrencies">,
  pageSize: number,
): Promise<Map<string, Coin>> {
  const byCode = new Map<string, Coin>();
  await readPages({
    size: pageSize,
    fetchPage: (page, size) => exchange.listCurrencies({ page, size }),
    onPage: (currencies) => {
      for (const currency of currencies) {
        byCode.set(currency.code.toLowerCase(), toCoin(currency));
      }
    },
  });
  return byCode;
}

/** A coin as one exchange lists it, with the networks another names that it does not. */
function withNetworksOf(coin: Coin, other: Coin): Coin {
  if (!other.networks) return coin;
  const known = new Set((coin.networks ?? []).map((n) => n.code.toUpperCase()));
  const added = other.networks.filter((n) => !known.has(n.code.toUpperCase()));
  return added.length === 0 ? coin : { ...coin, networks: [...(coin.networks ?? []), ...added] };
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
