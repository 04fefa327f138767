import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat } from "../support/flows.ts";
import { swapOf } from "../support/seed-swaps.ts";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { STATUS_POLL_INTERVAL_MS: "60000" } });
});
afterAll(async () => {
  await h?.close();
});

describe("/history", () => {
  it("pages newest first", async () => {
    const user = h.tg.user();
    // Six swaps stored as the bot would have, a minute apart, oldest first (a chat may create five
    // a minute, and quote four times in 10 s).
    for (const [n, amount] of [0.11, 0.12, 0.13, 0.14, 0.15, 0.16].entries()) {
      const [id] = h.sandbox.control.seed(1, {
        amount,
        createdAt: Date.now() - (6 - n) * 60_000,
      });
      await h.app.repos.transactions.insert(swapOf(h.sandbox.control, id!, user.chatId));
    }
    const first = await user.reply("/history");
    expect(first.text).toContain("page 1 of 2");
    expect(first.text.indexOf("0.16")).toBeLessThan(first.text.indexOf("0.12"));
    expect(first.text).not.toContain("0.11 BTC");
    await user.press("Next");
    const second = await user.waitFor((m) => m.text.includes("page 2 of 2"));
    expect(second.text).toContain("0.11 BTC");
  });

  it("/history lists only the chat's own swaps", async () => {
    const alice = h.tg.user();
    const bob = h.tg.user();
    const mine = await createSwapViaChat(bob, "0.9");
    await createSwapViaChat(alice, "0.35");
    const reply = await bob.reply("/history");
    expect(reply.text).toContain("(1)");
    expect(reply.text).toContain("0.9 BTC");
    expect(reply.text).not.toContain("0.35 BTC");
    await bob.press("1");
    const card = await bob.waitFor((m) => m.text.includes(mine));
    expect(card.text).toContain("Status:");
  });
});
