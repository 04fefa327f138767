import pino from "pino";
import { describe, expect, it } from "vitest";
import { realClock } from "../../src/lib/clock.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { ExchangeQuotes } from "../../src/quotes/exchange-quotes.ts";
import { QuoteService } from "../../src/quotes/quote-service.ts";
import { ConfirmSummary } from "../../src/swaps/confirm-summary.ts";
import { ExchangeSet } from "../../src/swaps/exchange-set.ts";
import { describeExchangeError } from "../../src/swaps/failures.ts";
import type { SwapOrder } from "../../src/swaps/swap.ts";
import { SwapService } from "../../src/swaps/swap-service.ts";
import { apiError, FakeExchange } from "../support/fakes/exchange.ts";
import { MemorySwapStore } from "../support/fakes/swap-store.ts";

/**
 * Failover over in-memory fakes (docs/design.md §4, "Failover"): a definite refusal lets the next
 * offer be asked for a new summary; a refused key takes an exchange out of the offers, in the core,
 * whether a quote or a create met it; an unknown outcome stays with its exchange.
 */

const ORDER: SwapOrder = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: "0.5" as DecimalString,
  withdrawalAddress: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
};
const PARAMS = { coinFrom: "btc", coinTo: "eth", amount: "0.5" as DecimalString };

/** Three exchanges, the first paying the most, then the second, then the third. */
function rig() {
  const ports = new Map<string, FakeExchange>(
    (["exolix", "changenow", "letsexchange"] as const).map((id, i) => {
      const port = new FakeExchange();
      port.quote = {
        sendAmount: 0.5,
        receiveAmount: 10 - i,
        rate: 20 - 2 * i,
        minimum: 0.01,
        maximum: 100,
        note: null,
      };
      return [id, port];
    }),
  );
  const labels: Record<string, string> = {
    exolix: "Exolix",
    changenow: "ChangeNOW",
    letsexchange: "LetsExchange",
  };
  const exchanges = new ExchangeSet(
    [...ports].map(([id, port]) => ({
      id,
      label: labels[id]!,
      port,
      kyc: null,
      trackingLink: () => null,
    })),
  );
  const quotesAt = new Map(
    [...ports].map(([id, port]) => [
      id,
      new ExchangeQuotes({ id, exchange: port, cacheMs: 10_000, maxWaitMs: 1_000 }),
    ]),
  );
  const quotes = new QuoteService({ exchanges, quotesAt, deadlineMs: 2_000, clock: realClock });
  const store = new MemorySwapStore();
  const swaps = new SwapService({ exchanges, store, logger: pino({ level: "silent" }) });
  const confirm = new ConfirmSummary({ quotes, swaps });
  const port = (id: string) => ports.get(id)!;
  return { exchanges, quotes, swaps, confirm, store, port };
}

describe("a refused key takes an exchange out of the offers", () => {
  it("met on a quote: that quote goes on without it, and the next one does not ask it", async () => {
    const { exchanges, quotes, port } = rig();
    port("exolix").quote = apiError(401, "invalid API key");
    const first = await quotes.offers(PARAMS);
    expect(first.ranked.map((q) => q.exchange)).toEqual(["changenow", "letsexchange"]);
    expect(exchanges.whyOut("exolix")).toContain("401");
    const asked = port("exolix").calls.rate;
    const second = await quotes.offers({ ...PARAMS, amount: "0.6" as DecimalString });
    expect(second.ranked.map((q) => q.exchange)).toEqual(["changenow", "letsexchange"]);
    expect(port("exolix").calls.rate).toBe(asked);
  });

  it("a 403 as well; a 400 or a 5xx does not", async () => {
    const { exchanges, quotes, port } = rig();
    port("letsexchange").quote = apiError(403, "forbidden");
    port("changenow").quote = apiError(400, "pair is disabled");
    port("exolix").quote = apiError(502, "bad gateway");
    await expect(quotes.offers(PARAMS)).rejects.toThrow();
    expect(exchanges.whyOut("letsexchange")).toContain("403");
    expect(exchanges.whyOut("changenow")).toBeUndefined();
    expect(exchanges.whyOut("exolix")).toBeUndefined();
  });

  it("with every exchange of the pair out, a quote is 'unavailable', not 'not offered'", async () => {
    const { exchanges, quotes } = rig();
    for (const id of ["exolix", "changenow", "letsexchange"]) exchanges.takeOut(id, "test");
    const failure = await quotes.offers(PARAMS).catch(describeExchangeError);
    expect(failure).toEqual({ kind: "unavailable" });
  });

  it("met on a create: the create is unauthorized (nothing made), the exchange out; none is POSTed there again", async () => {
    const { exchanges, swaps, port, store } = rig();
    port("exolix").createAnswer = () => apiError(401, "invalid API key");
    const input = { chatId: 7, userId: 7, request: ORDER, exchange: "exolix" };
    const result = await swaps.create({ ...input, key: "s1" });
    expect(result).toMatchObject({
      kind: "failed",
      exchange: "exolix",
      unauthorized: true,
      refused: false,
    });
    expect(exchanges.whyOut("exolix")).toContain("401");
    expect(store.intents.get("s1")?.state).toBe("failed");
    // A summary confirmed for it later (shown before it went out) is refused without a POST.
    const later = await swaps.create({ ...input, key: "s2" });
    expect(later).toMatchObject({ kind: "failed", exchange: "exolix", refused: true });
    expect(port("exolix").calls.create).toBe(1);
  });

  it("comes back when brought back (its recovery check saw the key accepted)", async () => {
    const { exchanges, quotes, port } = rig();
    port("exolix").quote = apiError(401, "invalid API key");
    await quotes.offers(PARAMS);
    expect(exchanges.timesOut("exolix")).toBe(1);
    port("exolix").quote = {
      ...port("changenow").quote,
      receiveAmount: 11,
    } as FakeExchange["quote"];
    expect(exchanges.bringBack("exolix")).toBe(true);
    const offers = await quotes.offers({ ...PARAMS, amount: "0.7" as DecimalString });
    expect(offers.ranked[0]?.exchange).toBe("exolix");
  });
});

describe("the create's outcome tells whether another offer may be shown", () => {
  it("a 4xx is a definite refusal: refused, nothing made, and the intent stays failed", async () => {
    const { swaps, port, store } = rig();
    port("exolix").createAnswer = () => apiError(422, "Such exchange pair is not available");
    const result = await swaps.create({
      key: "s1",
      chatId: 7,
      userId: 7,
      request: ORDER,
      exchange: "exolix",
    });
    expect(result).toMatchObject({ kind: "failed", refused: true, unauthorized: false });
    expect(store.intents.get("s1")?.state).toBe("failed");
  });

  it.each([
    [502, "pending"],
    [429, "failed"],
  ])("a %s is no refusal: no other exchange's offer may follow it", async (status, kind) => {
    const { swaps, port } = rig();
    port("exolix").createAnswer = () => apiError(status, "injected");
    const result = await swaps.create({
      key: "s1",
      chatId: 7,
      userId: 7,
      request: ORDER,
      exchange: "exolix",
    });
    expect(result.kind).toBe(kind);
    if (result.kind === "failed") expect(result.refused || result.unauthorized).toBe(false);
  });
});

describe("ConfirmSummary.nextOffer", () => {
  it("is the best of the exchanges that did not refuse, asked afresh", async () => {
    const { confirm, quotes, port } = rig();
    await quotes.offers(PARAMS);
    const before = port("changenow").calls.rate;
    const next = await confirm.nextOffer({ order: ORDER, userId: 7 }, ["exolix"]);
    expect(next?.exchange).toBe("changenow");
    // Fresh: asked upstream again, not the cached answer.
    expect(port("changenow").calls.rate).toBe(before + 1);
    expect(port("exolix").calls.rate).toBe(1);
    const last = await confirm.nextOffer({ order: ORDER, userId: 7 }, ["exolix", "changenow"]);
    expect(last?.exchange).toBe("letsexchange");
  });

  it("is none when no other exchange offers the pair, or none takes the amount", async () => {
    const { confirm, port } = rig();
    const every = ["exolix", "changenow", "letsexchange"];
    expect(await confirm.nextOffer({ order: ORDER, userId: 7 }, every)).toBeUndefined();
    port("letsexchange").quote = {
      ...(port("letsexchange").quote as object),
      minimum: 1,
    } as FakeExchange["quote"];
    expect(
      await confirm.nextOffer({ order: ORDER, userId: 7 }, ["exolix", "changenow"]),
    ).toBeUndefined();
  });

  it("a summary whose exchange refuses the key on its fixed quote's refresh is unauthorized, not a quote to retry", async () => {
    const { confirm, exchanges, port, quotes } = rig();
    const shown = await quotes.quote({ ...PARAMS, rateType: "fixed" }, { exchange: "exolix" });
    port("exolix").quote = apiError(401, "invalid API key");
    const result = await confirm.confirm({
      key: "s1",
      chatId: 7,
      userId: 7,
      order: { ...ORDER, rateType: "fixed" },
      // Older than any fixed rate holds: asked again at its exchange.
      shown: { quote: { ...shown, fetchedAt: 0 } },
    });
    expect(result).toMatchObject({ kind: "failed", exchange: "exolix", unauthorized: true });
    expect(exchanges.whyOut("exolix")).toBeDefined();
    expect(port("exolix").calls.create).toBe(0);
  });
});
