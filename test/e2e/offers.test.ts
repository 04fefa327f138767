import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BotMessage } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness, THREE_EXCHANGES } from "../support/bot-harness.ts";
import { createSwapViaChat, ETH_ADDRESS, step } from "../support/flows.ts";

/**
 * Three exchanges side by side (Exolix, ChangeNOW, LetsExchange), each a sandbox with its default
 * market: for BTC → ETH Exolix pays the most, LetsExchange a little less (a near-tie, both rated
 * B: the operator's order keeps Exolix first), ChangeNOW less again (and takes the lowest minimum).
 */
let h: Harness;
beforeAll(async () => {
  // No exchange is left out for being slow on a loaded machine: every test here counts three.
  // Quotes are not reused: an exchange taken down stops quoting at once.
  h = await startHarness({
    exchanges: THREE_EXCHANGES,
    env: { QUOTE_DEADLINE_MS: "20000", QUOTE_CACHE_MS: "0" },
  });
});
afterEach(() => {
  for (const sandbox of h.sandboxes.values()) sandbox.control.clearTransactions();
});
afterAll(async () => {
  await h?.close();
});

type User = ReturnType<Harness["tg"]["user"]>;

/** How many swaps each exchange's sandbox holds. */
const created = () =>
  Object.fromEntries(
    [...h.sandboxes].map(([name, sandbox]) => [name, sandbox.control.transactions().length]),
  );

const buttons = (message: BotMessage) =>
  (message.replyMarkup?.inline_keyboard ?? []).flat().map((button) => button.text);

/** What an offer's button says it gives: "ChangeNOW · 13.86 ETH" → 13.86. */
const buttonAmount = (message: BotMessage, exchange: string) => {
  const text = buttons(message).find((b) => b.startsWith(`${exchange} · `));
  return Number(/· ([\d.]+) ETH$/.exec(text ?? "")?.[1]);
};

/** The quote message's amount to receive ("You receive: ≈ 13.9 ETH"). */
const received = (message: BotMessage) => Number(/≈ ([\d.]+) ETH/.exec(message.text)?.[1]);

async function toQuote(user: User, amount = "0.5"): Promise<BotMessage> {
  await step(user, "/exchange", "send");
  await step(user, "btc", "receive");
  await step(user, "eth", "amount");
  return step(user, amount, "address");
}

describe("offers of three exchanges in the chat", () => {
  it("the quote names the best exchange and stands the two others as buttons with their amounts; no later step's words", async () => {
    const user = h.tg.user();
    const quote = await toQuote(user);
    expect(quote.text).toContain("Exchange: Exolix");
    expect(quote.text).toContain("best of 3 exchanges");
    expect(quote.text).toContain("KYC B");
    expect(quote.text).toContain("KYC ratings:");
    expect(buttons(quote).some((b) => b.includes("Exolix"))).toBe(false);
    const changenow = buttonAmount(quote, "ChangeNOW");
    const letsexchange = buttonAmount(quote, "LetsExchange");
    expect(changenow).toBeGreaterThan(0);
    expect(letsexchange).toBeGreaterThan(0);
    expect(changenow).toBeLessThan(received(quote));
    for (const text of [quote.text, ...buttons(quote)]) {
      expect(text).not.toMatch(/memo|refund|Confirm/i);
    }
  });

  it("ChangeNOW's button makes it the offer (the best becomes a button); Confirm creates there only", async () => {
    const user = h.tg.user();
    const quote = await toQuote(user);
    const amount = buttonAmount(quote, "ChangeNOW");
    await user.press(/^ChangeNOW · /);
    const chosen = await user.waitFor(
      (m) => m.edited && m.messageId === quote.messageId && m.text.includes("Exchange: ChangeNOW"),
    );
    expect(chosen.text).toContain("address");
    expect(chosen.text).not.toContain("best of");
    expect(received(chosen)).toBe(amount);
    expect(buttonAmount(chosen, "Exolix")).toBe(received(quote));
    expect(buttons(chosen).some((b) => b.startsWith("ChangeNOW"))).toBe(false);

    await step(user, ETH_ADDRESS, "refund");
    await step(user, "skip", "Please check");
    await step(user, "confirm", "Swap created");
    expect(created()).toEqual({ exolix: 0, changenow: 1, letsexchange: 0 });
  });

  it("a user who types on gets the best offer: the swap is created at Exolix only", async () => {
    const user = h.tg.user();
    await createSwapViaChat(user);
    expect(created()).toEqual({ exolix: 1, changenow: 0, letsexchange: 0 });
  });

  it("the chosen exchange is kept when the rate type changes", async () => {
    const user = h.tg.user();
    const quote = await toQuote(user);
    await user.press(/^ChangeNOW · /);
    await user.waitFor((m) => m.edited && m.text.includes("Exchange: ChangeNOW"));
    await user.press("Fixed");
    const fixed = await user.waitFor(
      (m) => m.edited && m.messageId === quote.messageId && m.text.includes("fixed rate"),
    );
    expect(fixed.text).toContain("Exchange: ChangeNOW");
    expect(fixed.text).not.toContain("does not quote this any more");
    expect(buttons(fixed).some((b) => b.startsWith("Exolix · "))).toBe(true);
  });

  it("the chosen exchange down when the rate type changes: the best offer, and a line that says so", async () => {
    const user = h.tg.user();
    const quote = await toQuote(user);
    await user.press(/^ChangeNOW · /);
    await user.waitFor((m) => m.edited && m.text.includes("Exchange: ChangeNOW"));
    const changenow = h.sandboxes.get("changenow")!.control;
    changenow.takeDown("unavailable");
    try {
      await user.press("Fixed");
      const fixed = await user.waitFor(
        (m) => m.edited && m.messageId === quote.messageId && m.text.includes("fixed rate"),
      );
      expect(fixed.text).toContain("ChangeNOW does not quote this any more");
      expect(fixed.text).toContain("Exchange: Exolix");
      expect(fixed.text).toContain("address");
      expect(buttons(fixed).some((b) => b.startsWith("ChangeNOW"))).toBe(false);
    } finally {
      changenow.bringUp();
    }
  });

  it("an amount below every minimum names the lowest one and the exchange that takes it", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    const refused = await step(user, "0.00001", "lowest minimum");
    expect(refused.text).toContain("(at ChangeNOW)");
    expect(refused.text).toContain("amount");
  });

  it("/rate names the best offer's exchange, how many exchanges quoted, and each other offer's exchange", async () => {
    const user = h.tg.user();
    const rate = await step(user, "/rate 0.5 btc eth", "Exchange:");
    expect(rate.text).toContain("Exchange: Exolix");
    expect(rate.text).toContain("best of 3 exchanges");
    // The others, best first, each with its exchange and what it gives.
    const others = rate.text.split("\n").filter((line) => line.startsWith("• "));
    expect(others).toEqual([
      expect.stringMatching(/^• LetsExchange · [\d.]+ ETH$/),
      expect.stringMatching(/^• ChangeNOW · [\d.]+ ETH$/),
    ]);
  });
});
