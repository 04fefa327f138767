import pino from "pino";
import { describe, expect, it } from "vitest";
import { CoinCatalog } from "../../src/catalog/catalog.ts";
import type { ExchangeCoin, ExchangeNetwork, Page } from "../../src/swaps/exchange-port.ts";

/** The catalog over several exchanges: a coin any of them lists, and who lists what. */

const network = (code: string): ExchangeNetwork => ({
  code,
  name: code,
  defaultForCoin: false,
  memoRequired: false,
  memoLabel: null,
  memoPattern: null,
  addressPattern: null,
});

function lists(coins: ExchangeCoin[] | Error) {
  return {
    calls: 0,
    async listCurrencies(): Promise<Page<ExchangeCoin>> {
      this.calls++;
      if (coins instanceof Error) throw coins;
      return { data: coins, count: coins.length };
    },
  };
}

const coin = (code: string, networks?: string[]): ExchangeCoin => ({
  code,
  name: code.toUpperCase(),
  icon: "",
  notes: "",
  ...(networks ? { networks: networks.map(network) } : {}),
});

describe("the catalog over several exchanges", () => {
  it("offers a coin any exchange lists, with the networks any names, and knows who lists it", async () => {
    const catalog = new CoinCatalog({
      exchanges: [
        { id: "a", port: lists([coin("btc"), coin("usdt", ["ERC20"])]) },
        { id: "b", port: lists([coin("BTC"), coin("xmr"), coin("usdt", ["ERC20", "TRC20"])]) },
      ],
      logger: pino({ level: "silent" }),
      refreshIntervalMs: 3_600_000,
    });
    expect(catalog.listedAt("btc")).toBeUndefined();
    await catalog.refresh();
    expect(
      catalog
        .all()
        .map((c) => c.code)
        .sort(),
    ).toEqual(["btc", "usdt", "xmr"]);
    expect(catalog.byCode("usdt")?.networks?.map((n) => n.code)).toEqual(["ERC20", "TRC20"]);
    expect([...(catalog.listedAt("BTC") ?? [])]).toEqual(["a", "b"]);
    expect([...(catalog.listedAt("xmr") ?? [])]).toEqual(["b"]);
  });

  it("keeps the others' coins when one exchange's list fails, and may still ask the one unknown", async () => {
    const catalog = new CoinCatalog({
      exchanges: [
        { id: "down", port: lists(new Error("503")) },
        { id: "up", port: lists([coin("btc"), coin("eth")]) },
      ],
      logger: pino({ level: "silent" }),
      refreshIntervalMs: 3_600_000,
    });
    await catalog.refresh();
    expect(catalog.size).toBe(2);
    // The failed exchange's list is unknown: it is not ruled out.
    expect([...(catalog.listedAt("eth") ?? [])]).toEqual(["down", "up"]);
  });

  it("starts with the first exchange's list: one that never answers holds neither start-up nor search", async () => {
    const hanging = { listCurrencies: () => new Promise<Page<ExchangeCoin>>(() => {}) };
    const catalog = new CoinCatalog({
      exchanges: [
        { id: "hanging", port: hanging },
        { id: "up", port: lists([coin("btc"), coin("xmr")]) },
      ],
      logger: pino({ level: "silent" }),
      refreshIntervalMs: 3_600_000,
    });
    await catalog.start();
    catalog.stop();
    expect(catalog.byCode("xmr")?.code).toBe("xmr");
    // The one that never answered is not ruled out.
    expect([...(catalog.listedAt("xmr") ?? [])]).toEqual(["hanging", "up"]);
  });
});
