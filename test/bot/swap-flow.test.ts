import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatDecimal } from "../../src/lib/decimal.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS, step } from "../support/flows.ts";

const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => {
  h.sandbox.control.clearFaults();
});
afterAll(async () => {
  await h?.close();
});

type User = ReturnType<Harness["tg"]["user"]>;

/** Drives a user to the given step by typing, waiting for each step's prompt. */
async function typeUntil(
  user: User,
  target: "receive" | "amount" | "address" | "refund" | "summary",
) {
  const steps: Array<[string, string, string]> = [
    ["/exchange", "send", "send"],
    ["btc", "receive", "receive"],
    ["eth", "amount", "amount"],
    ["0.5", "address", "address"],
    [ETH_ADDRESS, "refund", "refund"],
    ["skip", "Please check", "summary"],
  ];
  let last = await step(user, "/exchange", "send");
  for (const [text, word, name] of steps.slice(1)) {
    last = await step(user, text, word);
    if (name === target) return last;
  }
  return last;
}

describe("the exchange conversation", () => {
  it("goes from /exchange to a deposit address by typing only", async () => {
    const user = h.tg.user();
    const before = h.sandbox.control.transactions().length;
    let reply = await user.reply("/exchange");
    expect(reply.text).toContain("send");
    expect(reply.text).not.toMatch(/receive|amount|address|refund/);
    reply = await user.reply("BTC");
    expect(reply.text).toContain("receive");
    expect(reply.text).not.toMatch(/amount|address|refund/);
    reply = await user.reply("eth");
    expect(reply.text).toContain("amount");
    expect(reply.text).not.toMatch(/address|refund/);
    reply = await user.reply("0,5");
    expect(reply.text).toContain("address");
    expect(reply.text).not.toMatch(/refund/i);
    expect(reply.text).toMatch(/Minimum: [\d.]+ BTC/);
    // One exchange: the quote names none and offers no other (test/e2e/offers.test.ts: several).
    expect(reply.text).not.toMatch(/Exchange:|KYC/);
    expect(JSON.stringify(reply.replyMarkup)).not.toContain("offer");
    reply = await user.reply(ETH_ADDRESS);
    expect(reply.text).toContain("refund");
    expect(JSON.stringify(reply.replyMarkup)).toContain("Skip");
    reply = await user.reply("skip");
    expect(JSON.stringify(reply.replyMarkup)).toContain("Confirm");
    reply = await user.reply("confirm", { timeoutMs: 8_000 });
    const created = h.sandbox.control.transactions();
    expect(created.length).toBe(before + 1);
    const tx = created.find((t) => !!reply.text.includes(t.id));
    expect(tx).toBeDefined();
    expect(reply.text).toContain(tx!.deposit_address);
    expect(reply.text).toContain("0.5");
    expect(tx!.amount_in).toBe(0.5);
    expect(tx!.withdrawal_address).toBe(ETH_ADDRESS);
  });

  it("goes through by buttons wherever there are buttons", async () => {
    const user = h.tg.user();
    await user.reply("/exchange");
    await user.press("BTC");
    let reply = await user.waitFor((m) => m.text.includes("receive"));
    await user.press("XMR");
    reply = await user.waitFor((m) => m.text.includes("amount"));
    reply = await user.reply("0.1");
    await user.press("Fixed");
    reply = await user.waitFor((m) => m.text.includes("fixed rate") && m.text.includes("address"));
    reply = await user.reply(
      "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
    );
    await user.press("Skip");
    reply = await user.waitFor((m) => m.text.includes("Please check"));
    expect(reply.text).toContain("fixed rate");
    await user.press("Confirm");
    reply = await user.waitFor((m) => m.text.includes("Swap created"), { timeoutMs: 8_000 });
    expect(reply.text).toContain("fixed rate");
    const photo = h.tg.sentTo(user.chatId).find((m) => m.photo);
    expect(photo).toBeDefined();
  });

  it("takes a refund address checked against the coin being sent", async () => {
    const user = h.tg.user();
    await typeUntil(user, "refund");
    let reply = await user.reply(ETH_ADDRESS);
    expect(reply.text).toContain("not a valid BTC address");
    expect(reply.text).toContain("refund");
    reply = await user.reply(BTC_ADDRESS);
    expect(reply.text).toContain(BTC_ADDRESS);
    expect(JSON.stringify(reply.replyMarkup)).toContain("Confirm");
  });

  it("accepts a coin name and a coin with a network", async () => {
    const user = h.tg.user();
    await user.reply("/exchange");
    let reply = await user.reply("monero");
    expect(reply.text).toContain("XMR");
    reply = await user.reply("usdt trc20");
    expect(reply.text).toContain("USDT (TRC20)");
    expect(reply.text).toContain("amount");
  });
});

describe("bad input keeps the user at the same step", () => {
  it("unknown coin at the send step", async () => {
    const user = h.tg.user();
    await user.reply("/exchange");
    const reply = await user.reply("notacoinatall");
    expect(reply.text).toContain("don't know the coin");
    expect(reply.text).toContain("send");
  });

  it("ambiguous name at the receive step offers buttons", async () => {
    const user = h.tg.user();
    await typeUntil(user, "receive");
    const reply = await user.reply("bitcoin");
    // "bitcoin" is Bitcoin's exact name: taken at once. A prefix shared by several is not.
    expect(reply.text).toMatch(/amount|both sides/);
    await user.reply("/exchange");
    await user.reply("eth");
    const ambiguous = await user.reply("bit");
    expect(ambiguous.text).toContain("matches several coins");
    expect(ambiguous.text).toContain("receive");
  });

  it.each([
    ["send", [], "2"],
    ["receive", ["btc"], "2"],
    ["receive", ["btc"], "0,5"],
  ] as const)(
    "a number at the %s step (after %j) is not taken for a coin: %s",
    async (at, coins, typed) => {
      const user = h.tg.user();
      await step(user, "/exchange", "send");
      for (const coin of coins) await step(user, coin, "receive");
      const reply = await user.reply(typed);
      expect(reply.text).toContain(`“${typed}” is a number, not a coin`);
      expect(reply.text).toContain(at);
      expect(reply.text).not.toMatch(at === "send" ? /receive|amount/ : /amount/);
      // "2" is in the name "Bitcoin BEP2": nothing was picked, and nothing offered for it.
      expect(reply.text).not.toContain("BTCB");
      expect(JSON.stringify(reply.replyMarkup)).not.toContain("BTCB");
      const next = await user.reply(at === "send" ? "xmr" : "eth");
      expect(next.text).toContain(at === "send" ? "receive" : "amount");
    },
  );

  it.each([
    ["0.00000001", /below the minimum of [\d.]+ BTC/],
    ["100000000", /above the maximum of [\d.]+ BTC/],
    ["abc", /not a number/],
    ["-2", /must be positive/],
  ])("amount %s", async (amount, expected) => {
    const user = h.tg.user();
    await typeUntil(user, "amount");
    const reply = await user.reply(amount);
    expect(reply.text).toMatch(expected);
    expect(reply.text).toContain("amount");
    const next = await user.reply("0.5");
    expect(next.text).toContain("address");
  });

  it.each([
    ["not an address", /no spaces/],
    ["0x742d35Cc6634C0532925a3b844Bc454e4438f44", /not a valid ETH address/],
    [BTC_ADDRESS, /not a valid ETH address/],
  ])("address %s", async (address, expected) => {
    const user = h.tg.user();
    await typeUntil(user, "address");
    const reply = await user.reply(address);
    expect(reply.text).toMatch(expected);
    expect(reply.text).toContain("address");
    const next = await user.reply(ETH_ADDRESS);
    expect(next.text).toContain("refund");
  });
});

describe("/cancel", () => {
  it.each(["receive", "amount", "address", "refund", "summary"] as const)(
    "leaves the flow at the %s step",
    async (step) => {
      const user = h.tg.user();
      await typeUntil(user, step);
      const reply = await user.reply("/cancel");
      expect(reply.text).toContain("cancelled");
      const after = await user.reply("eth");
      expect(after.text).not.toContain("amount");
    },
  );

  it("/exchange restarts a running flow", async () => {
    const user = h.tg.user();
    await typeUntil(user, "address");
    const reply = await user.reply("/exchange");
    expect(reply.text).toContain("send");
  });
});

describe("the exchange failing", () => {
  it("at the quote: a 500 leaves the user at the amount step", async () => {
    const user = h.tg.user();
    await typeUntil(user, "amount");
    h.sandbox.control.failNext("rate", { status: 500, times: 5 });
    const reply = await user.reply("0.6");
    expect(reply.text).toContain("temporarily unavailable");
    expect(reply.text).toContain("amount");
  });

  it("at the quote: a 400 shows the exchange's words", async () => {
    const user = h.tg.user();
    await typeUntil(user, "amount");
    h.sandbox.control.failNext("rate", { status: 400, message: "pair is disabled", times: 1 });
    const reply = await user.reply("0.61");
    expect(reply.text).toContain("pair is disabled");
  });

  it("at creation: a 500 may hide a created swap, so it is never reported as nothing created", async () => {
    const user = h.tg.user();
    await typeUntil(user, "summary");
    const before = h.sandbox.control.transactions().length;
    h.sandbox.control.failNext("create", { status: 500, times: 1 });
    const reply = await user.reply("confirm");
    expect(reply.text).toContain("may have been created");
    expect(reply.text).not.toContain("Nothing was created");
    expect(h.sandbox.control.transactions().length).toBe(before);
  });

  it("at creation: a 400 shows the exchange's words and ends the flow", async () => {
    const user = h.tg.user();
    await typeUntil(user, "summary");
    h.sandbox.control.failNext("create", {
      status: 400,
      message: "withdrawalAddress is blacklisted",
      times: 1,
    });
    const reply = await user.reply("confirm");
    expect(reply.text).toContain("withdrawalAddress is blacklisted");
    expect(reply.text).toContain("/exchange");
  });
});

describe("idempotent Confirm", () => {
  it("two presses 50 ms apart make exactly one transaction", async () => {
    const user = h.tg.user();
    await typeUntil(user, "summary");
    const before = h.sandbox.control.transactions().length;
    const first = user.press("Confirm");
    await new Promise((r) => setTimeout(r, 50));
    const second = user.press("Confirm");
    await user.callbackAnswer(second, 8_000);
    await h.tg.settle(300);
    expect(h.sandbox.control.transactions().length).toBe(before + 1);
    expect(user.transcript().filter((m) => m.text.includes("Swap created"))).toHaveLength(1);
    expect((await user.callbackAnswer(first)).text).toBeUndefined();
  });
});

describe("warnings and networks", () => {
  it("warns when the amount is within 10% of the minimum", async () => {
    const user = h.tg.user();
    await typeUntil(user, "amount");
    const quote = await (
      await fetch(`${h.sandbox.url}/rate?coinFrom=btc&coinTo=eth&amount=0.5&rateType=float`)
    ).json();
    const near = ((quote as { minAmount: number }).minAmount * 1.05).toFixed(8);
    const reply = await step(user, near, "address");
    expect(reply.text).toContain("close to the minimum");
  });

  it("does not talk of a memo at a memo coin's address step: its own step comes next", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "xrp", "amount");
    const reply = await step(user, "0.5", "address");
    expect(reply.text).not.toMatch(/memo|refund/i);
  });

  it("takes a network from a button and checks the address against it", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "usdt", "amount");
    await user.press("TRC20");
    await user.waitFor((m) => m.text.includes("Network for USDT: TRC20"));
    const quote = await step(user, "0.5", "address");
    expect(quote.text).toContain("USDT (TRC20)");
    const wrong = await step(user, ETH_ADDRESS, "again");
    expect(wrong.text).toContain("not a valid USDT address on TRC20");
    const ok = await step(user, "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7", "refund");
    expect(ok.text).toContain("refund");
    const summary = await step(user, "skip", "Please check");
    expect(summary.text).toContain("USDT (TRC20)");
  });

  it("names the default network when none is chosen, in English and Russian", async () => {
    const english = h.tg.user();
    await step(english, "/exchange", "send");
    const en = await step(english, "usdt", "receive");
    expect(en.text).toContain(
      "Network for USDT: ERC20, the exchange's default. Tap another one to change it.",
    );
    const russian = h.tg.user({ languageCode: "ru" });
    await step(russian, "/exchange", "отправить");
    const ru = await step(russian, "usdt", "получить");
    expect(ru.text).toContain("Сеть для USDT: ERC20, сеть обменника по умолчанию.");
    expect(ru.text).not.toMatch(/напишите on\b/);
  });

  it.each([
    ["receive", ["usdt"]],
    ["amount", ["btc", "usdt"]],
  ] as const)(
    "tapping the network already chosen at the %s step changes nothing",
    async (at, coins) => {
      const user = h.tg.user();
      await step(user, "/exchange", "send");
      await step(user, coins[0], "receive");
      if (coins[1]) await step(user, coins[1], "amount");
      await user.press("TRC20");
      const chosen = await user.waitFor((m) => m.text.includes("Network for USDT: TRC20"));
      const again = await user.callbackAnswer(user.press("✓ TRC20"));
      expect(again.text).toBeUndefined();
      await h.tg.settle(300);
      expect(user.transcript().some((m) => m.text.includes("Something went wrong"))).toBe(false);
      expect(user.lastBotMessage()?.text).toBe(chosen.text);
      // Still at the same step, with the network kept.
      const next =
        at === "amount" ? await step(user, "0.5", "address") : await step(user, "btc", "amount");
      expect(next.text).toContain("USDT (TRC20)");
    },
  );

  it("explains an unknown network with the exchange's words", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "usdt@nosuchnet", "receive");
    await step(user, "btc", "amount");
    const reply = await step(user, "100", "NOSUCHNET");
    expect(reply.text).toContain("did not accept");
    expect(reply.text).toContain("amount");
  });
});

describe("the amount prompt's limits", () => {
  /** The pair's limits as the exchange states them, asked directly (not through the bot). */
  async function limitsOf(from: string, to: string): Promise<string> {
    const response = await fetch(
      `${h.sandbox.url}/rate?coinFrom=${from}&coinTo=${to}&amount=1&rateType=float`,
    );
    const quote = (await response.json()) as { minAmount: number; maxAmount: number };
    const code = from.toUpperCase();
    return `Minimum: ${formatDecimal(quote.minAmount)} ${code} · Maximum: ${formatDecimal(quote.maxAmount)} ${code}`;
  }
  const rateRequests = () => h.sandbox.control.stats.byEndpoint.rate ?? 0;

  it("shows the pair's minimum and maximum before any amount is typed", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "ltc", "receive");
    const prompt = await user.reply("xmr");
    expect(prompt.text).toContain("amount");
    expect(prompt.text).not.toMatch(/address|refund/);
    expect(prompt.text).toContain(await limitsOf("ltc", "xmr"));
  });

  it("takes them from a quote of the pair moments ago, asking the exchange nothing more", async () => {
    await step(h.tg.user(), "/rate 250 doge ada", "≈");
    const before = rateRequests();
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "doge", "receive");
    const prompt = await user.reply("ada");
    expect(prompt.text).toContain("amount");
    expect(prompt.text).toMatch(/Minimum: [\d.]+ DOGE · Maximum: [\d.]+ DOGE/);
    expect(rateRequests()).toBe(before);
  });

  it("is not held back by a slow exchange: the limits come with the next ask", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "sol", "receive");
    // Slower than the prompt waits, within the client's timeout (1 s in the harness).
    h.sandbox.control.setDelay("rate", 700);
    const prompt = await user.reply("dot");
    expect(prompt.text).toContain("amount");
    expect(prompt.text).not.toContain("Minimum");
    // The answer that came too late for the prompt is kept for the next one.
    await h.tg.until(
      () => h.app.quotes.knownLimits({ coinFrom: "sol", coinTo: "dot" }),
      5_000,
      () => new Error("the late quote was not kept"),
    );
    h.sandbox.control.setDelay("rate", 0);
    const again = await user.reply("lots");
    expect(again.text).toContain("not a number");
    expect(again.text).toContain("amount");
    expect(again.text).toContain(await limitsOf("sol", "dot"));
  });
});
