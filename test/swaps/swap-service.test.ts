import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createPorts } from "../../src/db/repositories.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { createChatSettings } from "../../src/frontends/chat-settings.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import type { Intent } from "../../src/swaps/intent.ts";
import { SANDBOX_EXCHANGE, type SwapOrder } from "../../src/swaps/swap.ts";
import { SwapService } from "../../src/swaps/swap-service.ts";
import { dialects } from "../db/helpers.ts";
import { oneExchange } from "../support/one-exchange.ts";
import { until } from "../support/until.ts";

/**
 * The swap service's word to the reconciler when a POST has ended but its outcome could not be
 * stored (the store refused the write: a trigger of the real database here): the intent stays
 * pending, and nothing of its POST runs any more, so it may be looked up at once.
 */

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const ORDER: SwapOrder = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: "0.5" as DecimalString,
  withdrawalAddress: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
};

describe.each(dialects)("a swap service on $dialect", ({ open }) => {
  async function rig() {
    sandbox = await startSandbox({ schedule: false, limits: false });
    const store = await open();
    const ports = createPorts(store.repos, createChatSettings(store.repos.chats));
    const unrecorded: Intent[] = [];
    const service = new SwapService({
      exchanges: oneExchange(
        new ExchangeClient({
          baseUrl: sandbox.url,
          apiKey: sandbox.apiKey,
          limits: { publicPerMin: 10_000, createPerMin: 10_000, readPerMin: 10_000 },
          timeoutMs: 2_000,
          getRetries: 0,
        }),
      ),
      store: ports.swapStore,
      logger: pino({ level: "silent" }),
      onUnrecorded: (intent) => unrecorded.push(intent),
    });
    const create = (key: string) =>
      service.create({ key, chatId: 1, userId: 1, request: ORDER, exchange: SANDBOX_EXCHANGE });
    return { store, control: sandbox.control, unrecorded, create, service };
  }

  it("tells of a created swap whose recording the store refused; the intent stays pending", async () => {
    const { store, control, unrecorded, create } = await rig();
    await store.failOn("transactions", "insert", "disk full");
    await expect(create("k")).rejects.toThrow();
    expect(control.transactions()).toHaveLength(1);
    const intent = await store.repos.intents.get("k");
    expect(intent?.state).toBe("pending");
    expect(unrecorded.map(({ key, createdAt }) => ({ key, createdAt }))).toEqual([
      { key: "k", createdAt: intent!.createdAt },
    ]);
  });

  it("tells of a lost answer whose unknown outcome the store refused to mark", async () => {
    const { store, control, unrecorded, create } = await rig();
    control.failNext("create", { status: 502 });
    await store.failOn("swap_intents", "update", "disk full");
    await expect(create("k")).rejects.toThrow();
    expect((await store.repos.intents.get("k"))?.state).toBe("pending");
    expect(unrecorded.map((i) => i.key)).toEqual(["k"]);
  });

  it("says it is creating an intent's swap from its claim until its outcome is stored, and not after", async () => {
    const { store, control, create, service } = await rig();
    // The exchange creates the swap and answers a second later.
    control.createThenHang(1_000);
    const creating = create("k");
    await until(() => control.transactions().length === 1, 10_000, "the swap created upstream");
    const intent = (await store.repos.intents.get("k"))!;
    expect(service.isCreating(intent)).toBe(true);
    // Another POST of the same key (confirmed again) is not this one.
    expect(service.isCreating({ key: "k", createdAt: intent.createdAt + 1 })).toBe(false);
    expect((await creating).kind).toBe("created");
    expect(service.isCreating(intent)).toBe(false);
  });

  it("is not creating a swap whose recording failed", async () => {
    const { store, create, service, unrecorded } = await rig();
    await store.failOn("transactions", "insert", "disk full");
    await expect(create("k")).rejects.toThrow();
    expect(service.isCreating(unrecorded[0]!)).toBe(false);
  });

  it("tells nothing when the outcome is stored: created, unknown or failed", async () => {
    const { store, control, unrecorded, create } = await rig();
    expect((await create("created")).kind).toBe("created");
    control.failNext("create", { status: 502 });
    expect((await create("unknown")).kind).toBe("pending");
    control.failNext("create", { status: 400 });
    expect((await create("failed")).kind).toBe("failed");
    expect((await store.repos.intents.get("unknown"))?.state).toBe("unknown");
    expect((await store.repos.intents.get("failed"))?.state).toBe("failed");
    expect(unrecorded).toEqual([]);
  });
});
