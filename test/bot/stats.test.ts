import { afterEach, describe, expect, it } from "vitest";
import type { NewTransaction } from "../../src/db/repositories/transactions.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, step } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("/stats", () => {
  it("/stats is refused to other chats and shown to admins", async () => {
    const admin = 4242;
    h = await startHarness({ env: { ADMIN_CHAT_IDS: `${admin}, 77` } });
    const stranger = await step(h.tg.user(), "/stats", "operators only");
    expect(stranger.text).not.toContain("Swaps by status");
    const user = h.tg.user();
    await createSwapViaChat(user);
    const stats = await step(h.tg.user({ id: admin }), "/stats", "Swaps by status");
    expect(stats.text).toContain("wait 1");
    expect(stats.text).toContain("BTC→ETH: 1 swaps, 0.5 BTC");
  });

  it("/stats adds up every pair's volume exactly, a negative stored amount included", async () => {
    const admin = 4343;
    h = await startHarness({ env: { ADMIN_CHAT_IDS: String(admin) } });
    await createSwapViaChat(h.tg.user(), "0.5");
    // Amounts are stored as the exchange reported them; one said -0.2.
    for (const [coinFrom, amountIn] of [
      ["BTC", "-0.2"],
      ["btc", "0.000000000000000001"],
    ] as const) {
      h.app.repos.transactions.insert({ ...storedSwap(), coinFrom, amountIn });
    }
    const stats = await step(h.tg.user({ id: admin }), "/stats", "Swaps by status");
    expect(stats.text).toContain("BTC→ETH: 3 swaps, 0.300000000000000001 BTC");
  });
});

let stored = 0;
/** A swap row as the bot stores one, for figures that need many. */
function storedSwap(): NewTransaction {
  stored++;
  return {
    id: `stored-${stored}`,
    chatId: 900 + stored,
    userId: 900 + stored,
    coinFrom: "btc",
    coinTo: "eth",
    networkFrom: null,
    networkTo: null,
    amountIn: "1",
    amountOutExpected: "15",
    amountOut: null,
    rate: null,
    rateType: "float",
    depositAddress: `bc1qstored${stored}`,
    depositMemo: null,
    withdrawalAddress: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
    refundAddress: null,
    txHashIn: null,
    txHashOut: null,
    status: "success",
    createdAt: new Date().toISOString(),
    exchange: "sandbox",
  };
}
