import pino from "pino";
import { describe, expect, it } from "vitest";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { ExchangeTimeoutError } from "../../src/swaps/exchange-errors.ts";
import type { Intent } from "../../src/swaps/intent.ts";
import type { SwapOrder } from "../../src/swaps/swap.ts";
import { type SuspectReport, SwapService } from "../../src/swaps/swap-service.ts";
import { apiError, detailOf, echo, FakeExchange } from "../support/fakes/exchange.ts";
import { MemorySwapStore } from "../support/fakes/swap-store.ts";
import { oneExchange } from "../support/one-exchange.ts";

/**
 * The swap service's rules (docs/design.md §3) over in-memory fakes of its ports: create once,
 * a refusal proves nothing was created, an unknown outcome is never posted again, and what the
 * exchange answers is verified before any deposit address is shown. Milliseconds, no process; the
 * end-to-end files prove the same over HTTP and both databases.
 */

const ORDER: SwapOrder = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: "0.5" as DecimalString,
  withdrawalAddress: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
};

function rig() {
  const exchange = new FakeExchange();
  const store = new MemorySwapStore();
  const suspects: SuspectReport[] = [];
  const unrecorded: Intent[] = [];
  const service = new SwapService({
    exchanges: oneExchange(exchange, "fake"),
    store,
    logger: pino({ level: "silent" }),
    onSuspect: (report) => suspects.push(report),
    onUnrecorded: (intent) => unrecorded.push(intent),
  });
  const create = (
    key = "summary-1",
    extra: { fixedAmountOut?: DecimalString; floatAmountOut?: DecimalString } = {},
    request: SwapOrder = ORDER,
  ) => service.create({ key, chatId: 7, userId: 7, request, exchange: "fake", ...extra });
  return { exchange, store, service, suspects, unrecorded, create };
}

describe("SwapService over fakes", () => {
  it("creates one swap for a summary confirmed twice, and tells the second tap it exists", async () => {
    const { exchange, create } = rig();
    const first = await create();
    const second = await create();
    expect(first.kind).toBe("created");
    expect(second).toMatchObject({ kind: "already-created", swap: { id: "fx1" } });
    expect(exchange.calls.create).toBe(1);
  });

  it("a second tap while the first POST is under way gets 'pending', never a second POST", async () => {
    const { exchange, create } = rig();
    const [a, b] = await Promise.all([create(), create()]);
    expect([a.kind, b.kind].sort()).toEqual(["created", "pending"]);
    expect(exchange.calls.create).toBe(1);
  });

  it("a 4xx proves nothing was created: failed, and the summary may be confirmed again", async () => {
    const { exchange, store, create } = rig();
    exchange.createAnswer = () => apiError(400, "address is not valid");
    const refused = await create();
    expect(refused).toMatchObject({ kind: "failed", retryable: false });
    expect(store.intents.get("summary-1")?.state).toBe("failed");
    exchange.createAnswer = echo;
    expect((await create()).kind).toBe("created");
    expect(exchange.calls.create).toBe(2);
  });

  it.each([
    ["a 5xx", apiError(502, "bad gateway")],
    ["a timeout", new ExchangeTimeoutError("/transactions", 10_000)],
  ])("%s leaves the outcome unknown: pending, and never POSTed again", async (_, error) => {
    const { exchange, store, create } = rig();
    exchange.createAnswer = () => error;
    expect((await create()).kind).toBe("pending");
    expect(store.intents.get("summary-1")?.state).toBe("unknown");
    exchange.createAnswer = echo;
    expect((await create()).kind).toBe("pending");
    expect(exchange.calls.create).toBe(1);
  });

  it("an answer naming another payout address is settled by the detail, which shows the truth", async () => {
    const { exchange, create } = rig();
    exchange.createAnswer = (order, id) => {
      exchange.details.set(id, detailOf(echo(order, id)));
      return { ...echo(order, id), withdrawalAddress: "0xdifferent" };
    };
    const result = await create();
    expect(result).toMatchObject({
      kind: "created",
      swap: { withdrawalAddress: ORDER.withdrawalAddress },
    });
    expect(exchange.calls.detail).toBe(1);
  });

  it("a swap whose answer and detail both disagree with the order is suspect: no deposit shown", async () => {
    const { exchange, suspects, create } = rig();
    exchange.createAnswer = (order, id) => {
      const off = { ...echo(order, id), withdrawalAddress: "0xdifferent" };
      exchange.details.set(id, detailOf(off));
      return off;
    };
    const result = await create();
    expect(result).toMatchObject({ kind: "suspect", id: "fx1" });
    expect(result).not.toHaveProperty("swap");
    expect(suspects).toEqual([expect.objectContaining({ swapId: "fx1", chatId: 7 })]);
  });

  it("a fixed swap paying less than the fixed quote confirmed is never shown as the deal", async () => {
    const { exchange, create } = rig();
    // The quote confirmed promised 10.5; the exchange creates it paying 10.
    const fixed: SwapOrder = { ...ORDER, rateType: "fixed" };
    const result = await create("fixed", { fixedAmountOut: "10.5" as DecimalString }, fixed);
    expect(result.kind).toBe("suspect");
    expect(exchange.calls.create).toBe(1);
  });

  it("a floating estimate far below the quote confirmed is refused like a fixed cut; near it is not", async () => {
    const { create } = rig();
    // The exchange's estimate is 10: a quote of 13.9 is far above it, one of 10.2 within 5 %.
    expect((await create("far", { floatAmountOut: "13.9" as DecimalString })).kind).toBe("suspect");
    expect((await create("near", { floatAmountOut: "10.2" as DecimalString })).kind).toBe(
      "created",
    );
  });

  it("a created swap the store could not record is told to the reconciler, and the error thrown", async () => {
    const { store, unrecorded, create } = rig();
    store.failWrites = true;
    await expect(create()).rejects.toThrow("disk full");
    expect(unrecorded.map((intent) => intent.key)).toEqual(["summary-1"]);
    expect(store.intents.get("summary-1")?.state).toBe("pending");
  });
});
