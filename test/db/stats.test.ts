import { describe, expect, it } from "vitest";
import { dialects, newTransaction } from "./helpers.ts";

describe.each(dialects)("stats: volume by pair ($dialect)", ({ open }) => {
  it("counts swaps per pair, whatever the case of the codes, most swaps first", async () => {
    const { repos } = await open();
    for (const [coinFrom, coinTo, amountIn] of [
      ["btc", "eth", "0.1"],
      ["BTC", "ETH", "0.2"],
      ["xmr", "btc", "3"],
      ["btc", "eth", "0.000000000000000001"],
    ] as const) {
      await repos.transactions.insert(newTransaction({ coinFrom, coinTo, amountIn }));
    }
    expect(await repos.stats.volumeByPair()).toEqual([
      { pair: "BTC→ETH", swaps: 3, amountIn: "0.300000000000000001 BTC" },
      { pair: "XMR→BTC", swaps: 1, amountIn: "3 XMR" },
    ]);
  });

  it("sums a negative stored amount with its sign instead of failing", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ amountIn: "0.5" }));
    await repos.transactions.insert(newTransaction({ amountIn: "-0.2" }));
    expect(await repos.stats.volumeByPair()).toEqual([
      { pair: "BTC→ETH", swaps: 2, amountIn: "0.3 BTC" },
    ]);
  });

  it("shows the top pairs only, and nothing for an empty table", async () => {
    const { repos } = await open();
    expect(await repos.stats.volumeByPair()).toEqual([]);
    for (const coinTo of ["eth", "eth", "ltc", "xmr"]) {
      await repos.transactions.insert(newTransaction({ coinTo, amountIn: "1" }));
    }
    expect(await repos.stats.volumeByPair(2)).toEqual([
      { pair: "BTC→ETH", swaps: 2, amountIn: "2 BTC" },
      { pair: "BTC→LTC", swaps: 1, amountIn: "1 BTC" },
    ]);
  });

  it("adds up hundreds of swaps exactly (a double would drift)", async () => {
    const { repos } = await open();
    for (let i = 0; i < 300; i++) {
      await repos.transactions.insert(newTransaction({ amountIn: "0.1" }));
    }
    expect(await repos.stats.volumeByPair()).toEqual([
      { pair: "BTC→ETH", swaps: 300, amountIn: "30 BTC" },
    ]);
  });
});

describe.each(dialects)("stats: per exchange ($dialect)", ({ open }) => {
  it("counts each exchange's swaps and completed ones, and sums what the completed ones sent per coin exactly", async () => {
    const { repos } = await open();
    for (const [exchange, status, coinFrom, amountIn] of [
      ["exolix", "success", "btc", "0.1"],
      ["exolix", "success", "BTC", "0.000000000000000002"],
      ["exolix", "success", "xmr", "3"],
      ["exolix", "wait", "btc", "5"],
      ["exolix", "refunded", "btc", "7"],
      ["letsexchange", "overdue", "btc", "1"],
    ] as const) {
      await repos.transactions.insert(newTransaction({ exchange, status, coinFrom, amountIn }));
    }
    expect(await repos.stats.byExchange()).toEqual([
      {
        exchange: "exolix",
        created: 5,
        completed: 3,
        volume: [
          { coin: "BTC", amount: "0.100000000000000002" },
          { coin: "XMR", amount: "3" },
        ],
      },
      { exchange: "letsexchange", created: 1, completed: 0, volume: [] },
    ]);
  });

  it("says nothing for an empty table", async () => {
    const { repos } = await open();
    expect(await repos.stats.byExchange()).toEqual([]);
  });
});
