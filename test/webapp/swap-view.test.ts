import { describe, expect, it } from "vitest";
import type { Swap } from "../../src/swaps/swap.ts";
import { pageSwap } from "../../src/webapp/server/swap-view.ts";

const swap: Swap = {
  id: "abc123",
  chatId: 7,
  userId: 7,
  coinFrom: "btc",
  coinTo: "xrp",
  networkFrom: null,
  networkTo: null,
  amountIn: "0.5",
  amountOutExpected: "1200",
  amountOut: null,
  rate: null,
  rateType: "float",
  depositAddress: "rDepositAddress1234567890",
  withdrawalAddress: "rPayout1234567890",
  refundAddress: null,
  txHashIn: null,
  txHashOut: null,
  status: "wait",
  statusChangedAt: 0,
  createdAt: "2026-11-25T12:00:00Z",
  cardMessageId: 5,
  lastCheckedAt: null,
  exchange: "https://exchange.example",
  depositMemo: null,
  payoutMemo: null,
  refundMemo: null,
  txLinkIn: null,
  txLinkOut: null,
  holdLink: null,
  holdAsks: null,
  notFoundSince: null,
  nextLookupAt: null,
  givenUpAt: null,
  suspect: false,
};

describe("the page's view of a swap", () => {
  it("carries the deposit memo when the swap has one, and null when not", () => {
    expect(pageSwap({ ...swap, depositMemo: "123456" }).depositMemo).toBe("123456");
    expect(pageSwap(swap).depositMemo).toBeNull();
    expect(pageSwap({ ...swap, depositMemo: "" }).depositMemo).toBeNull();
  });

  it("shows neither the deposit address nor the memo of a swap that does not match its order", () => {
    const view = pageSwap({ ...swap, suspect: true, depositMemo: "123456" });
    expect(view.depositAddress).toBeNull();
    expect(view.depositMemo).toBeNull();
  });

  it("carries a hold for verification (its link and what it asks) only while the swap is held", () => {
    const held = {
      ...swap,
      status: "verifying",
      holdLink: "https://kyc.example/1",
      holdAsks: "ID",
    };
    expect(pageSwap(held).hold).toEqual({ link: "https://kyc.example/1", asks: "ID" });
    expect(pageSwap(held).final).toBe(false);
    expect(pageSwap({ ...held, status: "exchanging" }).hold).toBeNull();
  });

  it("says when the swap is finished", () => {
    expect(pageSwap(swap).final).toBe(false);
    expect(pageSwap({ ...swap, status: "success" }).final).toBe(true);
  });
});
