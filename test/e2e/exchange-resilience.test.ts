import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS, step, toSummary } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("the exchange conversation survives", () => {
  it("a bot restart after the amount: a new process on the same database finishes the flow", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await user.reply("/exchange");
    await user.reply("btc");
    await user.reply("eth");
    const quote = await user.reply("0.5");
    expect(quote.text).toContain("address");

    await h.restart();

    let reply = await user.reply(ETH_ADDRESS);
    expect(reply.text).toContain("refund");
    reply = await user.reply("skip");
    expect(reply.text).toContain("0.5 BTC");
    reply = await user.reply("confirm", { timeoutMs: 8_000 });
    expect(reply.text).toContain("Swap created");
    expect(h.sandbox.control.transactions()).toHaveLength(1);
  });

  it("a Telegram error in the middle of a flow: the user is told and /exchange works again", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await user.reply("/exchange");
    h.tg.failNext("sendMessage", {
      errorCode: 400,
      description: "Bad Request: injected failure",
      chatId: user.chatId,
    });
    const failed = await user.reply("btc");
    expect(failed.text).toContain("Something went wrong");
    const again = await user.reply("/exchange");
    expect(again.text).toContain("send");
    const next = await user.reply("btc");
    expect(next.text).toContain("receive");
  });

  it("a QR code Telegram refuses does not keep the deposit details from the user", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await toSummary(user);
    h.tg.failNext("sendPhoto", {
      errorCode: 400,
      description: "Bad Request: IMAGE_PROCESS_FAILED",
      chatId: user.chatId,
    });
    const deposit = await step(user, "confirm", "Swap created");
    const [tx] = h.sandbox.control.transactions();
    expect(deposit.text).toContain(tx!.deposit_address);
    expect(deposit.text).toContain(tx!.id);
    expect(user.transcript().some((m) => m.photo)).toBe(false);
  });

  it("the same confirming update delivered twice: one transaction", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await toSummary(user);
    await user.press("Confirm");
    await user.answer({ timeoutMs: 8_000 });
    const confirm = h.tg.calls.length;
    const update = h.tg.deliveredUpdates().findLast((u) => u.callback_query);
    expect(update).toBeDefined();
    const { update_id: _, ...copy } = update!;
    h.tg.pushUpdate(copy);
    await h.tg.settle(400);
    expect(h.sandbox.control.transactions()).toHaveLength(1);
    const created = user.transcript().filter((m) => m.text.includes("Swap created"));
    expect(created).toHaveLength(1);
    expect(h.tg.calls.length).toBeGreaterThan(confirm);
  });
});
