import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../src/sandbox/coins.ts";
import { Faults } from "../../src/sandbox/faults.ts";
import { NEUTRAL_MARKET, startSandbox } from "../../src/sandbox/index.ts";
import { memoNetworksOf } from "../../src/sandbox/memos.ts";
import { createRequestHandler } from "../../src/sandbox/server.ts";
import { type SandboxState, SPEC_QUIRKS } from "../../src/sandbox/state.ts";
import { StatsCounter } from "../../src/sandbox/stats.ts";
import { TransactionStore } from "../../src/sandbox/store.ts";
import { Hangs, Sleeps } from "../../src/sandbox/timers.ts";

/** A store that breaks on reads, standing in for any bug in a handler. */
class BrokenStore extends TransactionStore {
  override get(): never {
    throw new Error("boom");
  }
}

describe("robustness", () => {
  it("turns an unexpected exception into a JSON 500 and keeps serving", async () => {
    const coins = buildCatalog();
    const lines: string[] = [];
    const state: SandboxState = {
      dialect: "spec",
      coins,
      byCode: new Map(coins.map((c) => [c.code, c])),
      memoNetworks: memoNetworksOf(coins),
      store: new BrokenStore(false),
      faults: new Faults(),
      limiter: undefined,
      apiKey: "k",
      pageSizeCap: { currencies: 100, transactions: 100 },
      quirks: { ...SPEC_QUIRKS },
      stats: new StatsCounter(),
      sleeps: new Sleeps(),
      hangs: new Hangs(),
      market: { ...NEUTRAL_MARKET },
      logger: (line) => lines.push(line),
    };
    const server = createServer(createRequestHandler(state));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
    try {
      const res = await fetch(`${base}/transactions/x`, { headers: { "X-API-Key": "k" } });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: "internal error", code: 500 });
      expect(lines.some((l) => l.includes("boom"))).toBe(true);
      expect((await fetch(`${base}/currencies`)).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("logs one line per request when given a logger", async () => {
    const lines: string[] = [];
    const sandbox = await startSandbox({ logger: (line) => lines.push(line), limits: false });
    try {
      await fetch(`${sandbox.url}/currencies?size=1`);
      expect(lines).toEqual([expect.stringMatching(/GET \/api\/v2\/currencies\?size=1 200/)]);
    } finally {
      await sandbox.close();
    }
  });

  it("closes idempotently, with keep-alive connections open", async () => {
    const sandbox = await startSandbox();
    await fetch(`${sandbox.url}/currencies`);
    await Promise.all([sandbox.close(), sandbox.close()]);
    await expect(fetch(`${sandbox.url}/currencies`)).rejects.toThrow();
  });
});
