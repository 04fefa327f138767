import { afterEach, describe, expect, it } from "vitest";
import type { CreateAlteration } from "../../src/sandbox/faults.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS, step, toSummary } from "../support/flows.ts";

/**
 * The promise the product rests on: the deposit instructions a user acts on are true, and one
 * confirmation is one swap, never orphaned. Driven through the fake Telegram against the sandbox,
 * whose faults make the exchange lie or lose its answers.
 */

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const OTHER_ETH = "0x00000000219ab540356cBB839Cbe05303d7705Fa";
const OTHER_BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

const answerLies: Array<[string, CreateAlteration]> = [
  ["the amount", { amount_in: 0.05 }],
  ["the coin to send", { coin_from: "ltc" }],
  ["the coin to receive", { coin_to: "usdt" }],
  ["the payout address", { withdrawal_address: OTHER_ETH }],
  ["the refund address", { refund_address: OTHER_BTC }],
  ["the deposit address's format", { deposit_address: ETH_ADDRESS }],
];

describe("a create answer that disagrees with the order", () => {
  it.each(answerLies)(
    "in %s, while the transaction itself is right: the bot reads it back and shows the truth",
    async (_, alteration) => {
      h = await startHarness();
      const user = h.tg.user();
      await toSummary(user);
      h.sandbox.control.alterNextCreate(alteration);
      const deposit = await step(user, "confirm", "Swap created");
      const [tx] = h.sandbox.control.transactions();
      expect(deposit.text).toContain(tx!.deposit_address);
      expect(deposit.text).toContain("Send exactly 0.5 BTC");
      expect(deposit.text).toContain(ETH_ADDRESS);
      expect(deposit.text).not.toContain(OTHER_ETH);
      // One detail read settled it.
      expect(h.sandbox.control.stats.byEndpoint.get).toBe(1);
    },
  );

  it("that the transaction itself shares: no deposit address, the admins alerted, still tracked", async () => {
    const admin = 6161;
    h = await startHarness({ env: { ADMIN_CHAT_IDS: String(admin) } });
    const user = h.tg.user();
    await toSummary(user);
    h.sandbox.control.alterNextCreate({ amount_in: 5, persist: true });
    const warning = await step(user, "confirm", "could not be set up safely");
    expect(warning.text).toContain("Do not send anything");
    const [tx] = h.sandbox.control.transactions();
    const shown = () => user.transcript().some((m) => m.text.includes(tx!.deposit_address));
    expect(shown()).toBe(false);
    expect(user.transcript().some((m) => m.photo)).toBe(false);

    const alert = await h.tg
      .user({ id: admin })
      .waitFor((m) => m.text.includes(tx!.id), { timeoutMs: 8_000 });
    expect(alert.text).toContain("amountIn");

    // Tracked: its status moves on, and neither the push nor /status shows the address.
    h.sandbox.control.setStatus(tx!.id, "confirmation");
    await user.waitFor((m) => m.text.includes(`Swap ${tx!.id}: confirming`), { timeoutMs: 8_000 });
    const status = await step(user, "/status", tx!.id);
    expect(status.text).toContain("could not be set up safely");
    expect(shown()).toBe(false);
    expect((await h.app.repos.transactions.get(tx!.id))?.suspect).toBe(true);
  });
});

describe("a create whose outcome is unknown", () => {
  it("a 502 after the exchange created the swap: the deposit address still arrives, and Confirm meanwhile creates nothing", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await toSummary(user);
    h.sandbox.control.createThenHang(0, { status: 502 });
    const pending = await step(user, "confirm", "may have been created");
    expect(pending.text).not.toContain("Nothing was created");
    const again = await step(user, "confirm", "still checking");
    expect(again.text).toContain("Do not send anything");
    const found = await user.waitFor((m) => m.text.includes("Found it"), { timeoutMs: 20_000 });
    const txs = h.sandbox.control.transactions();
    expect(txs).toHaveLength(1);
    expect(found.text).toContain(txs[0]!.deposit_address);
    expect(found.text).toContain(txs[0]!.id);
    expect(await h.app.repos.transactions.getForChat(user.chatId, txs[0]!.id)).toBeDefined();
    // Confirming the same summary again now points at that swap instead of making another.
    await step(user, "confirm", "already created");
    expect(h.sandbox.control.transactions()).toHaveLength(1);
  });

  it("a 500 that created nothing: once reconciliation gives up the user is told so and may confirm again", async () => {
    h = await startHarness({ env: { RECONCILE_GIVE_UP_MS: "1500" } });
    const user = h.tg.user();
    await toSummary(user);
    h.sandbox.control.failNext("create", { status: 500, times: 1 });
    await step(user, "confirm", "may have been created");
    const told = await user.waitFor((m) => m.text.includes("has no record"), {
      timeoutMs: 20_000,
    });
    expect(told.text).toContain("nothing was created");
    expect(h.sandbox.control.transactions()).toHaveLength(0);
    await step(user, "confirm", "Swap created");
    expect(h.sandbox.control.transactions()).toHaveLength(1);
  });
});
