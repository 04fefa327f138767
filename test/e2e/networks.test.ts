import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buttonsOf } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS, step } from "../support/flows.ts";

/**
 * A coin with several networks and none picked: the bot names the exchange's default from the
 * first prompt that shows the coin, checks the payout address against it at the address step (not
 * after Confirm), and the summary, the deposit message and the card name it.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => {
  h.sandbox.control.clearTransactions();
});
afterAll(async () => {
  await h?.close();
});

const TRON_ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

describe("USDT without a network", () => {
  it("to receive: the amount prompt names its default network, ERC20, marked on its button", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    const prompt = await step(user, "usdt", "amount");
    expect(prompt.text).toContain("Network for USDT: ERC20, the exchange's default");
    expect(prompt.text).toContain("USDT (ERC20)");
    const buttons = (prompt.replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);
    expect(buttons).toContain("✓ ERC20");
  });

  it("a Tron address is refused at the address step, naming both networks, and the step stays open", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "usdt", "amount");
    const quote = await step(user, "0.01", "address");
    expect(quote.text).toContain("USDT (ERC20) address");
    const refusal = await step(user, TRON_ADDRESS, "not a valid");
    expect(refusal.text).toContain("That is not a valid USDT address on ERC20");
    expect(refusal.text).toContain(
      "That is a USDT address on TRC20, but this swap pays out on ERC20",
    );
    expect(refusal.text).toContain("Type the USDT (ERC20) address again");
    expect(h.sandbox.control.transactions()).toHaveLength(0);
    // Still at the address step: an ERC20 address moves on.
    await step(user, ETH_ADDRESS, "refund");
  });

  it("a Tron address offers one tap to TRC20: the swap is quoted again there, the address taken, and the refund step comes", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "usdt", "amount");
    await step(user, "0.01", "USDT (ERC20) address");
    const refusal = await step(user, TRON_ADDRESS, "not a valid");
    expect(refusal.text).not.toContain("start again");
    const offered = buttonsOf(refusal).find((b) => b.text.includes("Receive on TRC20"));
    expect(offered?.data).toBeDefined();
    // A press naming a network this step did not offer (forged, or made up) changes nothing.
    const forged = offered?.data?.replace(/TRC20$/, "BEP20") ?? "";
    await user.callbackAnswer(user.pressRaw(refusal.messageId, forged));
    expect(user.transcript().some((m) => m.text.includes("now pays out"))).toBe(false);

    user.press("Receive on TRC20");
    const refund = await user.waitFor((m) => m.text.includes("refund"));
    // The prompt is the refund step's; the quote again on TRC20 stands just before it.
    expect(refund.text).not.toMatch(/address (again|where)/);
    const switched = user.transcript().find((m) => m.text.includes("now pays out on TRC20"));
    expect(switched?.text).toContain(TRON_ADDRESS);
    expect(switched?.text).toContain("USDT (TRC20)");
    expect(switched?.text).not.toMatch(/memo|refund/i);
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toMatch(/You receive: ≈ [\d.]+ USDT \(TRC20\)/);
    expect(summary.text).toContain(TRON_ADDRESS);
    await step(user, "confirm", "Swap created");
    const [tx] = h.sandbox.control.transactions();
    expect(tx?.network_to).toBe("TRC20");
    expect(tx?.withdrawal_address).toBe(TRON_ADDRESS);
  });

  it("the summary, the deposit message and the card name ERC20, and the swap runs on it", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "usdt", "amount");
    await step(user, "0.01", "address");
    await step(user, ETH_ADDRESS, "refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toMatch(/You receive: ≈ [\d.]+ USDT \(ERC20\)/);
    const deposit = await step(user, "confirm", "Swap created");
    expect(deposit.text).toMatch(/You receive: ≈ [\d.]+ USDT \(ERC20\)/);
    const [tx] = h.sandbox.control.transactions();
    expect(tx?.network_to).toBe("ERC20");
    const status = await step(user, `/status ${tx?.id}`, "Deposit address:");
    expect(status.text).toContain("USDT (ERC20)");
  });

  it("to send: the deposit message says which network to send on", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    const to = await step(user, "usdt", "receive");
    expect(to.text).toContain("Network for USDT: ERC20, the exchange's default");
    await step(user, "btc", "amount");
    await step(user, "100", "address");
    await step(user, BTC_ADDRESS, "refund");
    await step(user, "skip", "Please check");
    const deposit = await step(user, "confirm", "Swap created");
    expect(deposit.text).toContain("Send exactly 100 USDT (ERC20)");
    expect(h.sandbox.control.transactions()[0]?.network_from).toBe("ERC20");
  });

  it("a network tapped instead of the default is the one named and checked", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "usdt", "amount");
    user.press("TRC20");
    const edited = await user.waitFor((m) => m.text.includes("Network for USDT: TRC20"));
    expect(edited.text).not.toContain("default");
    await step(user, "0.01", "USDT (TRC20) address");
    await step(user, TRON_ADDRESS, "refund");
  });
});
