import { afterEach, describe, expect, it } from "vitest";
import type { NewTransaction } from "../../src/db/repositories/transactions.ts";
import { type Harness, startHarness, THREE_EXCHANGES } from "../support/bot-harness.ts";
import { createSwapViaChat, step, toSummary } from "../support/flows.ts";

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

  it("/stats shows a line per exchange: quotes won, swaps, refused, failed, completed, volume and errors", async () => {
    const admin = 4444;
    h = await startHarness({
      exchanges: THREE_EXCHANGES,
      env: { ADMIN_CHAT_IDS: String(admin) },
    });
    const user = h.tg.user();
    const id = await createSwapViaChat(user, "0.5");
    const swap = await h.app.repos.transactions.get(id);
    const winner = h.app.exchanges.get(swap!.exchange)!;
    h.sandboxes.get(winner.id)!.control.setStatus(id, "success");
    await user.waitFor(`${id}: complete`, { timeoutMs: 15_000 });
    // Every exchange refuses the next create outright: no swap is made, the exchange shown refused it.
    for (const sandbox of h.sandboxes.values()) sandbox.control.refuseCreates();
    const refuser = h.tg.user();
    await toSummary(refuser, "0.5");
    // The best offer's exchange (the first swap's: same pair, same prices) says no; the next offer
    // shown then (a quote another exchange wins) is not confirmed.
    await step(refuser, "confirm", /did not accept|refus/);
    // A swap of an exchange no longer configured keeps a line of its own.
    await h.app.repos.transactions.insert({ ...storedSwap(), amountIn: "2", exchange: "retired" });

    const stats = await step(h.tg.user({ id: admin }), "/stats", "Swaps by status");
    const lines = stats.text.split("\n");
    const lineOf = (label: string) => lines.filter((l) => l.startsWith(`${label}: `));
    expect(stats.text).toContain(
      "Exchanges (quotes won, refused and failed creates: since the bot started",
    );
    expect(lineOf(winner.label)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${winner.label}: [1-9]\\d* quotes won; 1 swaps, 1 refused, 0 failed, 1 completed; volume 0\\.5 BTC; errors 0\\.0% of [1-9]\\d* requests$`,
        ),
      ),
    ]);
    for (const other of THREE_EXCHANGES.map((e) => h!.app.exchanges.get(e.name)!)) {
      if (other.id === winner.id) continue;
      expect(lineOf(other.label)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${other.label}: \\d+ quotes won; 0 swaps, 0 refused, 0 failed, 0 completed; volume —; errors`,
          ),
        ),
      ]);
    }
    expect(lineOf("retired")).toEqual([
      "retired: 0 quotes won; 1 swaps, 0 refused, 0 failed, 1 completed; volume 2 BTC; errors — of 0 requests",
    ]);
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
