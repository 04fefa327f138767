import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";

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

describe("/rate", () => {
  it("quotes with the sandbox's numbers", async () => {
    const reply = await h.tg.user().reply("/rate 0.5 btc eth");
    const direct = await fetch(`${h.sandbox.url}/rate?coinFrom=btc&coinTo=eth&amount=0.5`);
    const quote = (await direct.json()) as {
      toAmount: number;
      minAmount: number;
      maxAmount: number;
    };
    expect(reply.text).toContain("0.5 BTC");
    expect(reply.text).toContain(String(quote.toAmount));
    expect(reply.text).toContain(String(quote.minAmount));
    expect(reply.text).toContain(String(quote.maxAmount));
  });

  it.each([
    ["/rate", "/rate AMOUNT FROM TO"],
    ["/rate 1 btc", "/rate AMOUNT FROM TO"],
    ["/rate abc btc eth", "not a number"],
    ["/rate -1 btc eth", "must be positive"],
    ["/rate 1 nosuchcoin eth", "don't know the coin"],
    ["/rate 0.00000001 btc eth", "below the minimum"],
    ["/rate 1 btc btc", "both sides"],
  ])("answers %j clearly", async (command, expected) => {
    const reply = await h.tg.user().reply(command);
    expect(reply.text).toContain(expected);
  });

  it("names the minimum with its number", async () => {
    const reply = await h.tg.user().reply("/rate 0.00000001 btc eth");
    expect(reply.text).toMatch(/minimum of .*\d/);
  });
});

describe("/rate when the exchange fails", () => {
  it("explains a 500", async () => {
    h.sandbox.control.failNext("rate", { status: 500, times: 5 });
    const reply = await h.tg.user().reply("/rate 0.7 btc eth");
    expect(reply.text).toContain("temporarily unavailable");
  });

  it("explains a garbage body", async () => {
    h.sandbox.control.malformedNext("rate", { times: 5 });
    const reply = await h.tg.user().reply("/rate 0.8 btc eth");
    expect(reply.text).toContain("temporarily unavailable");
  });

  it("explains a timeout", async () => {
    h.sandbox.control.setDelay("rate", 3_000);
    try {
      const reply = await h.tg.user().reply("/rate 0.9 btc eth", { timeoutMs: 15_000 });
      expect(reply.text).toContain("temporarily unavailable");
    } finally {
      h.sandbox.control.setDelay("rate", 0);
    }
  });

  it("keeps serving afterwards", async () => {
    const reply = await h.tg.user().reply("/rate 1 btc eth");
    expect(reply.text).toContain("1 BTC");
  });
});
