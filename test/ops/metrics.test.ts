import { describe, expect, it } from "vitest";
import { ExchangeActivity } from "../../src/ops/exchange-activity.ts";
import { BotMetrics, metricsRegistry } from "../../src/ops/metrics.ts";

/** /metrics as served, over two exchanges whose figures the test sets. */
function rig() {
  const metrics = new BotMetrics();
  const waited: Record<string, number> = { exolix: 1_500, letsexchange: 250 };
  const registry = metricsRegistry(metrics, {
    exchanges: ["exolix", "letsexchange"],
    budgetWaitMs: (exchange, c) => (c === "public" ? (waited[exchange] ?? 0) : 0),
    swapsByExchange: async () => [
      {
        exchange: "exolix",
        created: 4,
        completed: 3,
        volume: [
          { coin: "BTC", amount: "0.300000000000000001" },
          { coin: "XMR", amount: "12.5" },
        ],
      },
      { exchange: "letsexchange", created: 1, completed: 0, volume: [] },
    ],
    openSwapsByStatus: () => ({}),
    trackerLagMs: () => 0,
    outboxDepth: () => 0,
    supportOutboxDepth: () => 0,
  });
  /** The value of the one line that starts with `series`. */
  const value = async (series: string) => {
    const lines = (await registry.metrics()).split("\n").filter((l) => l.startsWith(`${series} `));
    expect(lines, series).toHaveLength(1);
    return Number(lines[0]!.split(" ").at(-1));
  };
  return { metrics, value };
}

describe("the metrics per exchange", () => {
  it("label each request by exchange, after the labels they always had", async () => {
    const { metrics, value } = rig();
    const rate = { endpoint: "rate", endpointClass: "public" as const, durationMs: 3 };
    metrics.recordRequest("exolix", { ...rate, status: 200 });
    metrics.recordRequest("letsexchange", { ...rate, status: 503 });
    metrics.recordRequest("letsexchange", { ...rate, status: 503 });
    metrics.recordRequest("letsexchange", { ...rate, status: 429 });
    expect(
      await value(
        'exchange_requests_total{class="public",endpoint="rate",status="503",exchange="letsexchange"}',
      ),
    ).toBe(2);
    expect(
      await value(
        'exchange_requests_total{class="public",endpoint="rate",status="200",exchange="exolix"}',
      ),
    ).toBe(1);
    expect(await value('exchange_429_total{class="public",exchange="letsexchange"}')).toBe(1);
  });

  it("show each exchange's budget waits, swaps created and completed, and completed volume per coin", async () => {
    const { value } = rig();
    expect(
      await value('exchange_budget_wait_seconds_total{class="public",exchange="exolix"}'),
    ).toBe(1.5);
    expect(
      await value('exchange_budget_wait_seconds_total{class="public",exchange="letsexchange"}'),
    ).toBe(0.25);
    expect(await value('exchange_swaps_created{exchange="exolix"}')).toBe(4);
    expect(await value('exchange_swaps_completed{exchange="exolix"}')).toBe(3);
    expect(await value('exchange_swaps_completed{exchange="letsexchange"}')).toBe(0);
    expect(await value('exchange_volume_completed{exchange="exolix",coin="BTC"}')).toBeCloseTo(0.3);
    expect(await value('exchange_volume_completed{exchange="exolix",coin="XMR"}')).toBe(12.5);
  });

  it("count the offers each exchange won and how its creates ended, under its name", async () => {
    const { metrics, value } = rig();
    const names: Record<string, string> = { "sandbox-exolix": "exolix", lx: "letsexchange" };
    const activity = new ExchangeActivity({
      nameOf: (id) => names[id] ?? id,
      listener: metrics,
    });
    activity.quoteWon("sandbox-exolix");
    activity.quoteWon("sandbox-exolix");
    activity.quoteWon("lx");
    const failed = {
      kind: "failed",
      failure: { kind: "unavailable" },
      retryable: false,
      unauthorized: false,
    } as const;
    activity.createEnded("lx", { ...failed, exchange: "lx", refused: true });
    activity.createEnded("lx", { ...failed, exchange: "lx", refused: false });
    activity.createEnded("lx", { kind: "pending" });
    // The chat's share spent: the exchange had no part in it.
    activity.createEnded("lx", { kind: "chat-share-spent", created: 5, retryAfterMs: 1_000 });
    expect(await value('exchange_quotes_won_total{exchange="exolix"}')).toBe(2);
    expect(await value('exchange_quotes_won_total{exchange="letsexchange"}')).toBe(1);
    expect(await value('exchange_creates_total{exchange="letsexchange",outcome="refused"}')).toBe(
      1,
    );
    expect(await value('exchange_creates_total{exchange="letsexchange",outcome="failed"}')).toBe(1);
    expect(await value('exchange_creates_total{exchange="letsexchange",outcome="unknown"}')).toBe(
      1,
    );
    expect(activity.countsOf("lx")).toEqual({ quotesWon: 1, refused: 1, failed: 1 });
    expect(activity.countsOf("sandbox-exolix")).toEqual({ quotesWon: 2, refused: 0, failed: 0 });
    expect(activity.countsOf("never-asked")).toEqual({ quotesWon: 0, refused: 0, failed: 0 });
  });
});
