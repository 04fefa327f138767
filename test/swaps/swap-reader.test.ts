import pino from "pino";
import { describe, expect, it } from "vitest";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { SwapReader } from "../../src/swaps/swap-reader.ts";
import { SwapService } from "../../src/swaps/swap-service.ts";
import { FakeExchange } from "../support/fakes/exchange.ts";
import { MemorySwapStore } from "../support/fakes/swap-store.ts";
import { oneExchange } from "../support/one-exchange.ts";

/** The reader of a chat's own swaps, over in-memory fakes (the fast tier, docs/design.md §10). */

/** Far from the real time: a reader that looked at Date.now() would take every read as old. */
const T = Date.UTC(2001, 0, 1);

async function rig() {
  let now = T;
  const exchange = new FakeExchange();
  const store = new MemorySwapStore(() => now);
  const logger = pino({ level: "silent" });
  const service = new SwapService({ exchanges: oneExchange(exchange, "fake"), store, logger });
  const created = await service.create({
    key: "k",
    exchange: "fake",
    chatId: 7,
    userId: 7,
    request: {
      coinFrom: "btc",
      coinTo: "eth",
      amount: "0.5" as DecimalString,
      withdrawalAddress: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
    },
  });
  if (created.kind !== "created") throw new Error(`not created: ${created.kind}`);
  const changes: string[] = [];
  const reader = new SwapReader({
    exchanges: oneExchange(exchange, "fake"),
    swaps: store,
    logger,
    now: () => now,
    onChange: () => changes.push("change"),
  });
  return { exchange, reader, id: created.swap.id, changes, at: (ms: number) => (now = ms) };
}

describe("SwapReader over fakes", () => {
  it("answers from a read a few seconds old on its own clock, without asking the exchange", async () => {
    const { exchange, reader, id, at } = await rig();
    expect(await reader.get(7, id)).toMatchObject({ fresh: true });
    expect(exchange.calls.detail).toBe(1);
    at(T + 2_000);
    expect(await reader.get(7, id)).toMatchObject({ fresh: true });
    expect(exchange.calls.detail).toBe(1);
    at(T + 60_000);
    await reader.get(7, id);
    expect(exchange.calls.detail).toBe(2);
  });

  it("stores a change it reads and says so; another chat's id is not found and never asked", async () => {
    const { exchange, reader, id, changes } = await rig();
    exchange.details.set(id, { ...(await exchange.getTransaction(id)), status: "confirmation" });
    expect((await reader.get(7, id))?.swap.status).toBe("confirmation");
    expect(changes).toEqual(["change"]);
    const asked = exchange.calls.detail;
    expect(await reader.get(8, id)).toBeUndefined();
    expect(exchange.calls.detail).toBe(asked);
  });

  it("shows the stored state, marked stale, when the chat's share of live reads is spent", async () => {
    const { exchange, reader, id } = await rig();
    expect(await reader.get(7, id, { live: false })).toMatchObject({
      fresh: false,
      stale: "share",
    });
    expect(exchange.calls.detail).toBe(0);
  });
});
