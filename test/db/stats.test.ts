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
