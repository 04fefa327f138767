import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BotMessage, FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS, step } from "../support/flows.ts";
import { TEST_DIALECT } from "../support/test-dialect.ts";

/**
 * Amounts to receive and in dollars at the amount step (docs/behaviour.md, "What users get":
 * amounts a user can type): `5 eth` is what the user receives, `$100` / `100 usd` what the sent coin is worth.
 * The exolix dialect quotes an amount to receive itself (`withdrawalAmount` on /rate, and on create
 * at a fixed rate: exactly that is paid out); the spec's dialect works the amount to send out from
 * the rate and quotes it again. Driven through the fake Telegram against the sandbox, both dialects.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => {
  h.sandbox.control.clearFaults();
  h.sandbox.control.clearTransactions();
});
afterAll(async () => {
  await h?.close();
});

const exolix = TEST_DIALECT === "exolix";

const onlyTransaction = () => {
  const txs = h.sandbox.control.transactions();
  expect(txs).toHaveLength(1);
  return txs[0]!;
};

/** BTC → ETH up to the amount step. */
async function toAmountStep(user: FakeUser): Promise<BotMessage> {
  await step(user, "/exchange", "send");
  await step(user, "btc", "receive");
  return step(user, "eth", "amount");
}

/** The amount to send a quote message names ("you send 0.17 BTC"). */
function sendAmountIn(message: BotMessage): string {
  const found = /you send ([\d.]+) BTC/.exec(message.text)?.[1];
  if (!found) throw new Error(`no amount to send in: ${message.text}`);
  return found;
}

describe("an amount to receive", () => {
  it("`5 eth` is quoted as the amount of BTC it takes; the swap is created for that amount", async () => {
    const user = h.tg.user();
    const prompt = await toAmountStep(user);
    expect(prompt.text).toContain("5 ETH");
    expect(prompt.text).toContain("$100");
    const before = h.sandbox.control.stats.reverseQuotes;
    const quote = await step(user, "5 eth", "address");
    expect(quote.text).toContain("To receive 5 ETH");
    expect(quote.text).not.toMatch(/memo|refund/i);
    const send = sendAmountIn(quote);
    // 5 ETH at the sandbox's prices (BTC 95,000 $, ETH 3,400 $) less its margin: about 0.18 BTC.
    expect(Number(send)).toBeGreaterThan(0.17);
    expect(Number(send)).toBeLessThan(0.19);
    expect(quote.text).toContain(`${send} BTC → ≈`);
    // Exolix quotes the amount to receive itself; the spec's dialect has no such quote.
    expect(h.sandbox.control.stats.reverseQuotes - before).toBe(exolix ? 1 : 0);
    if (!exolix) expect(quote.text).toContain("worked out from the rate");
    await step(user, ETH_ADDRESS, "refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toContain(`You send: ${send} BTC`);
    const deposit = await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    // A floating rate: the amount to send goes upstream, as a typed one does.
    expect(String(tx.amount_in)).toBe(send);
    expect(tx.withdrawal_amount).toBeUndefined();
    expect(tx.amount_out_expected).toBeGreaterThan(4.99);
    expect(tx.amount_out_expected).toBeLessThan(5.01);
    expect(deposit.text).toContain(send);
  });

  it("at a fixed rate: exolix creates it with withdrawalAmount and exactly 0.5 ETH is paid; the spec's dialect sends the amount worked out", async () => {
    const user = h.tg.user();
    await toAmountStep(user);
    const floating = await step(user, "0,5 eth", "address");
    expect(floating.text).toContain("To receive 0.5 ETH");
    await user.press("Fixed");
    const fixed = await user.waitFor((m) => m.edited && m.text.includes("fixed rate"));
    const send = sendAmountIn(fixed);
    if (exolix) expect(fixed.text).toContain(`${send} BTC → 0.5 ETH`);
    await step(user, ETH_ADDRESS, "refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toContain(`You send: ${send} BTC`);
    await step(user, "confirm", "Swap created");
    const tx = onlyTransaction();
    expect(tx.rate_type).toBe("fixed");
    if (exolix) {
      expect(tx.withdrawal_amount).toBe(0.5);
      expect(tx.amount_out_expected).toBe(0.5);
    } else {
      expect(tx.withdrawal_amount).toBeUndefined();
      expect(Math.abs(tx.amount_out_expected - 0.5)).toBeLessThan(0.001);
    }
    expect(String(tx.amount_in)).toBe(send);
  });
});

describe("an amount to receive outside the limits", () => {
  it("`500 eth` names the BTC it would take and the maximum, and asks for the amount again", async () => {
    const user = h.tg.user();
    await toAmountStep(user);
    const refused = await step(user, "500 eth", "maximum");
    expect(refused.text).toContain("To receive 500 ETH");
    expect(refused.text).toMatch(/above the maximum of [\d.]+ BTC/);
    expect(refused.text).toContain("amount");
    const quote = await step(user, "5 eth", "address");
    expect(quote.text).toContain("To receive 5 ETH");
  });
});

describe("a fixed amount to receive whose create answer is lost", () => {
  it("is found by the reconciler from the stored intent (its amount to receive included) and shown with its deposit address", async () => {
    const user = h.tg.user();
    await toAmountStep(user);
    await step(user, "0.5 eth", "address");
    await user.press("Fixed");
    await user.waitFor((m) => m.edited && m.text.includes("fixed rate"));
    await step(user, ETH_ADDRESS, "refund");
    await step(user, "skip", "Please check");
    h.sandbox.control.createThenHang(0, { status: 502 });
    await step(user, "confirm", "may have been created");
    const found = await user.waitFor((m) => m.text.includes("Found it"), { timeoutMs: 30_000 });
    const tx = onlyTransaction();
    expect(found.text).toContain(tx.deposit_address);
    expect(found.text).not.toContain("could not be set up safely");
    if (exolix) expect(tx.withdrawal_amount).toBe(0.5);
    expect((await h.app.repos.transactions.get(tx.id))?.suspect).toBe(false);
  });
});

describe("an amount in dollars", () => {
  it("`$100` is priced through USDT: the bot says what it used and quotes that much BTC", async () => {
    const user = h.tg.user();
    await toAmountStep(user);
    const quote = await step(user, "$100", "address");
    const used = /\$100 ≈ ([\d.]+) BTC at 1 BTC ≈ ([\d.]+) USDT/.exec(quote.text);
    expect(used, quote.text).not.toBeNull();
    const [, send = "", price = ""] = used ?? [];
    // About 100 / 95,000 BTC, at a price a little under the sandbox's 95,000 $ (its margin).
    expect(Number(price)).toBeGreaterThan(90_000);
    expect(Number(price)).toBeLessThan(95_000);
    expect(Number(send)).toBeCloseTo(100 / Number(price), 8);
    expect(quote.text).toContain(`${send} BTC → ≈`);
    await step(user, ETH_ADDRESS, "refund");
    await step(user, "skip", "Please check");
    await step(user, "confirm", "Swap created");
    expect(String(onlyTransaction().amount_in)).toBe(send);
  });

  it("`100 usd` and `usd 100` say the same", async () => {
    const user = h.tg.user();
    await toAmountStep(user);
    const first = await step(user, "100 usd", "address");
    await step(user, "/cancel", "cancel");
    await toAmountStep(user);
    const second = await step(user, "usd 100", "address");
    const usedOf = (m: BotMessage) => /\$100 ≈ [\d.]+ BTC/.exec(m.text)?.[0];
    expect(usedOf(first)).toBeDefined();
    expect(usedOf(second)).toBe(usedOf(first));
  });

  it("below the minimum: the limit is named with its number and the amount is asked again", async () => {
    const user = h.tg.user();
    await toAmountStep(user);
    const refused = await step(user, "$1", "minimum");
    expect(refused.text).toMatch(/\$1 ≈ [\d.]+ BTC/);
    expect(refused.text).toMatch(/minimum of [\d.]+ BTC/);
    expect(refused.text).toContain("amount");
    expect(h.sandbox.control.transactions()).toHaveLength(0);
  });
});

describe("a typo", () => {
  it("`5 xyz` names the codes that work and asks for the amount again, without leaving the flow", async () => {
    const user = h.tg.user();
    await toAmountStep(user);
    const refused = await step(user, "5 xyz", "xyz");
    expect(refused.text).toContain("neither BTC nor ETH");
    expect(refused.text).toContain("usd");
    expect(refused.text).toContain("amount");
    const quote = await step(user, "5 eth", "address");
    expect(quote.text).toContain("To receive 5 ETH");
  });
});

describe("a thousands separator", () => {
  it("`1,000 eth` and `$1,000` ask which reading is meant, naming both; `$1,000.00` is a thousand dollars", async () => {
    const user = h.tg.user();
    await toAmountStep(user);
    for (const typed of ["1,000 eth", "$1,000"]) {
      const asked = await step(user, typed, "can be read two ways");
      expect(asked.text).toContain("1000 (with a thousands comma)");
      expect(asked.text).toContain("1 (with a decimal comma)");
      expect(asked.text).toContain("amount");
    }
    const quote = await step(user, "$1,000.00", "address");
    expect(quote.text).toMatch(/\$1000 ≈ [\d.]+ BTC/);
    const rate = await step(user, "/rate 1,000 usdt btc", "can be read two ways");
    expect(rate.text).toContain("1000 (with a thousands comma)");
    expect(h.sandbox.control.transactions()).toHaveLength(0);
  });
});

describe("/rate with an amount to receive or in dollars", () => {
  it("`/rate 5 eth from btc` names the BTC it takes; `/rate $100 btc eth` what it was priced at", async () => {
    const user = h.tg.user();
    const before = h.sandbox.control.stats.reverseQuotes;
    const receive = await step(user, "/rate 5 eth from btc", "To receive 5 ETH");
    const send = sendAmountIn(receive);
    expect(receive.text).toContain(`${send} BTC → ≈`);
    expect(h.sandbox.control.stats.reverseQuotes - before).toBe(exolix ? 1 : 0);
    const dollars = await step(user, "/rate $100 btc eth", "$100 ≈");
    expect(dollars.text).toMatch(/\$100 ≈ ([\d.]+) BTC at 1 BTC ≈ [\d.]+ USDT/);
    const typo = await step(user, "/rate 5 xyz btc eth", "xyz");
    expect(typo.text).toContain("neither BTC nor ETH");
  });
});
