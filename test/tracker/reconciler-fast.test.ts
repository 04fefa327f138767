import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Clock } from "../../src/lib/clock.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import type { SwapDetail } from "../../src/swaps/exchange-port.ts";
import type { SwapOrder } from "../../src/swaps/swap.ts";
import { Reconciler } from "../../src/tracker/reconciler.ts";
import { apiError, detailOf, echo, FakeExchange } from "../support/fakes/exchange.ts";
import { MemorySwapStore } from "../support/fakes/swap-store.ts";

/**
 * The reconciler's decisions (docs/design.md §3) over in-memory fakes of its ports: it adopts the
 * match inside the lost POST's window, never says "nothing was created" because a read failed, and
 * says it only after two whole reads of the closed window, a margin apart, both missed the swap.
 * Milliseconds, no process: each pass is run by hand on a clock the test sets;
 * test/tracker/reconciler.test.ts proves the same over HTTP and SQLite.
 */

const ORDER: SwapOrder = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: "0.5" as DecimalString,
  withdrawalAddress: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
};

/** When the lost POST was sent. */
const SENT = Date.parse("2026-11-28T12:00:00.000Z");
const MARGIN_MS = 1_000;

function rig(options: { lost?: boolean; postedTo?: string } = {}) {
  let now = SENT;
  const clock: Clock = { now: () => now, monotonic: () => now, setTimer: () => () => {} };
  const exchange = new FakeExchange();
  const store = new MemorySwapStore(() => now);
  const exchangeId = options.postedTo ?? "fake";
  store.claim({ key: "k", chatId: 7, userId: 7, request: ORDER, exchange: exchangeId });
  // The POST's answer was lost half a second after it was sent: its window is closed by SENT + 1.5 s.
  now = SENT + 500;
  if (options.lost !== false) store.markUnknown("k");
  const reconciler = new Reconciler({
    exchange,
    store,
    logger: pino({ level: "silent" }),
    exchangeId: "fake",
    intervalMs: 1_000,
    clock,
    pendingAfterMs: 35_000,
    postWithinMs: 20_000,
    windowMarginMs: MARGIN_MS,
  });
  /** A swap on the exchange for `order`, created at `at`. */
  const swapAt = (id: string, at: number, order: SwapOrder = ORDER): SwapDetail => {
    const detail = { ...detailOf(echo(order, id)), createdAt: new Date(at).toISOString() };
    exchange.details.set(id, detail);
    return detail;
  };
  return {
    exchange,
    store,
    swapAt,
    intent: () => store.intents.get("k")!,
    /** One pass of the reconciler at `at`. */
    passAt: async (at: number) => {
      now = at;
      await reconciler.run();
    },
  };
}

describe("the reconciler over fakes", () => {
  it("leaves an intent POSTed to another exchange to that exchange's reconciler: never looked up here, never said not created", async () => {
    const { exchange, store, swapAt, intent, passAt } = rig({ postedTo: "other" });
    swapAt("in-window", SENT + 200);
    let at = SENT + 5_000;
    for (let pass = 0; pass < 4; pass++, at += MARGIN_MS) await passAt(at);
    expect(exchange.calls.list).toBe(0);
    expect(intent()).toMatchObject({ state: "unknown", exchange: "other" });
    expect(store.outbox).toEqual([]);
  });

  it("adopts the order's swap inside the POST's window, not a like one outside it, and queues its deposit once", async () => {
    const { store, swapAt, intent, passAt } = rig();
    swapAt("in-window", SENT + 200);
    // The same order confirmed again later: newer, so listed first, but outside this POST's window.
    swapAt("later", SENT + 10 * 60_000);
    swapAt("other-amount", SENT + 300, { ...ORDER, amount: "0.6" as DecimalString });

    await passAt(SENT + 5_000);
    await passAt(SENT + 10_000);

    expect(intent()).toMatchObject({ state: "created", transactionId: "in-window" });
    expect([...store.swaps.keys()]).toEqual(["in-window"]);
    expect(store.outbox).toEqual([
      { kind: "deposit", chatId: 7, transactionId: "in-window", dedupeKey: "deposit:in-window" },
    ]);
  });

  it("never says nothing was created while reads fail, and adopts the swap once one succeeds", async () => {
    const { exchange, store, swapAt, intent, passAt } = rig();
    exchange.listError = apiError(503, "unavailable");
    let at = SENT + 5_000;
    for (let pass = 0; pass < 6; pass++, at += 61_000) await passAt(at);
    expect(exchange.calls.list).toBeGreaterThanOrEqual(6);
    expect(intent().state).toBe("unknown");
    expect(store.outbox).toEqual([]);

    exchange.listError = undefined;
    swapAt("late-found", SENT + 100);
    await passAt(at);
    expect(intent()).toMatchObject({ state: "created", transactionId: "late-found" });
    expect(store.outbox.map((m) => m.kind)).toEqual(["deposit"]);
  });

  it("says nothing was created only after two whole reads of the closed window, a margin apart, both missed the swap", async () => {
    const { exchange, store, intent, passAt } = rig();
    const first = SENT + 5_000;
    await passAt(first);
    expect(intent().state).toBe("unknown");
    expect(store.outbox).toEqual([]);

    // Before the margin has passed the window is not read again.
    const reads = exchange.calls.list;
    await passAt(first + MARGIN_MS - 1);
    expect(exchange.calls.list).toBe(reads);
    expect(intent().state).toBe("unknown");

    await passAt(first + MARGIN_MS);
    expect(exchange.calls.list).toBe(reads + 1);
    expect(intent()).toMatchObject({ state: "failed", error: "not found upstream" });
    expect(store.outbox).toEqual([
      { kind: "not-created", chatId: 7, intentKey: "k", dedupeKey: `not-created:k:${SENT}` },
    ]);
  });

  it("adopts a swap the list showed only on the second read, and never says nothing was created", async () => {
    const { exchange, store, swapAt, intent, passAt } = rig();
    swapAt("lagging", SENT + 200);
    exchange.unlisted.add("lagging");
    const first = SENT + 5_000;
    await passAt(first);
    expect(intent().state).toBe("unknown");

    exchange.unlisted.delete("lagging");
    await passAt(first + MARGIN_MS);
    expect(intent()).toMatchObject({ state: "created", transactionId: "lagging" });
    expect(store.outbox.map((m) => m.kind)).toEqual(["deposit"]);
  });

  it("leaves a pending intent alone while its POST may still be running", async () => {
    const { exchange, store, swapAt, intent, passAt } = rig({ lost: false });
    swapAt("posting", SENT + 200);
    await passAt(SENT + 30_000);
    expect(exchange.calls.list).toBe(0);
    expect(intent().state).toBe("pending");

    // Past the longest a POST can take (pendingAfterMs), it is looked up.
    await passAt(SENT + 36_000);
    expect(intent()).toMatchObject({ state: "created", transactionId: "posting" });
    expect(store.outbox.map((m) => m.kind)).toEqual(["deposit"]);
  });
});
