import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { Repositories } from "../../src/db/repositories.ts";
import { createPorts } from "../../src/db/repositories.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { createChatSettings } from "../../src/frontends/chat-settings.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { type Sandbox, type SandboxControl, startSandbox } from "../../src/sandbox/index.ts";
import { SANDBOX_EXCHANGE, type SwapOrder } from "../../src/swaps/swap.ts";
import { Reconciler } from "../../src/tracker/reconciler.ts";
import { tempDatabase } from "../db/helpers.ts";
import { TestClock } from "../support/test-clock.ts";

/** The real reconciler, client, sandbox (over HTTP) and SQLite file. */

let sandbox: Sandbox | undefined;
let reconciler: Reconciler | undefined;
let clock: TestClock | undefined;
afterEach(async () => {
  await reconciler?.stop();
  await sandbox?.close();
  clock?.dispose();
  reconciler = undefined;
  sandbox = undefined;
  clock = undefined;
});

const ETH_ADDRESS = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";
const BTC_TO_ETH: SwapOrder = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: "0.5" as DecimalString,
  withdrawalAddress: ETH_ADDRESS,
};

interface Rig {
  control: SandboxControl;
  repos: Repositories;
  /** When the lost POST was sent: ten seconds ago, so its window (1 s margin) has closed. */
  sentAt: number;
  /** The reconciler's and its budgets' clock: its passes and retries wait for the test. */
  clock: TestClock;
  start(): void;
}

/** An intent "k" whose POST answer was lost, for `order`; start() runs the reconciler on it. */
async function lostPost(order: SwapOrder): Promise<Rig> {
  sandbox = await startSandbox({ schedule: false, limits: false });
  const { url, apiKey } = sandbox;
  const { repos } = tempDatabase();
  const stores = createPorts(repos, createChatSettings(repos.chats));
  clock = new TestClock();
  clock.watchHttp();
  const sentAt = clock.now() - 10_000;
  await repos.intents.claim({ key: "k", chatId: 1, userId: 1, request: order }, sentAt);
  await repos.intents.markUnknown("k", sentAt + 500);
  return {
    control: sandbox.control,
    repos,
    sentAt,
    clock,
    start() {
      reconciler = new Reconciler({
        exchange: new ExchangeClient({
          baseUrl: url,
          apiKey,
          limits: { publicPerMin: 10_000, createPerMin: 10_000, readPerMin: 10_000 },
          timeoutMs: 2_000,
          getRetries: 0,
          clock,
        }),
        store: stores.reconcileStore,
        logger: pino({ level: "silent" }),
        exchangeId: SANDBOX_EXCHANGE,
        intervalMs: 200,
        pendingAfterMs: 60_000,
        postWithinMs: 1_000,
        windowMarginMs: 1_000,
        clock,
      });
      reconciler.start();
    },
  };
}

describe("a read of a closed window that fails on its last page", () => {
  it("resumes at that page: the pages before it are not read again", async () => {
    const { control, repos, sentAt, start, clock } = await lostPost(BTC_TO_ETH);
    // The oldest of the window: the same order for another payout address, detail unreadable;
    // 200 newer ones fill two pages before it.
    const [decoy] = control.seed(1, { amount: 0.5, createdAt: sentAt });
    control.seed(200, { createdAt: sentAt + 400, spreadOverMs: 399 });
    control.failDetail(decoy!);
    start();
    await clock.until(
      () => (control.stats.responses.get?.[500] ?? 0) >= 1,
      10_000,
      "a failed lookup",
    );
    // Asked 500 a page, the sandbox answers 100: three pages, the third one failing.
    expect(control.stats.responses.list?.[200]).toBe(3);
    await clock.until(() => (control.stats.responses.get?.[500] ?? 0) >= 2, 10_000, "a second try");
    expect(control.stats.responses.list?.[200]).toBe(4);
    expect((await repos.intents.get("k"))?.state).toBe("unknown");

    control.failDetail(decoy!, false);
    await clock.until(
      async () => (await repos.intents.get("k"))?.state === "failed",
      10_000,
      "nothing was created",
    );
    expect(control.stats.responses.list?.[200]).toBe(5);
    expect(control.stats.responses.get?.[200]).toBe(1);
  });
});

describe("a lost POST whose swap the exchange opened on another network than the order's", () => {
  const usdtOnBsc: SwapOrder = {
    coinFrom: "usdt",
    networkFrom: "BEP20",
    coinTo: "eth",
    amount: "100" as DecimalString,
    withdrawalAddress: ETH_ADDRESS,
  };
  const onNetwork = (network: string, createdAt: number) => ({
    coinFrom: "usdt",
    networkFrom: network,
    amount: 100,
    withdrawalAddress: ETH_ADDRESS,
    createdAt,
  });

  it("is adopted as not matching the order (its address withheld), never told nothing was created", async () => {
    const { control, repos, sentAt, start, clock } = await lostPost(usdtOnBsc);
    const [id] = control.seed(1, onNetwork("ERC20", sentAt + 100));
    start();
    await clock.until(
      async () => (await repos.intents.get("k"))?.state !== "unknown",
      10_000,
      "a decision",
    );
    expect((await repos.intents.get("k"))?.state).toBe("created");
    const swap = await repos.transactions.get(id!);
    expect(swap?.suspect).toBe(true);
  });

  it("gives way to a transaction on the order's own network in the same window", async () => {
    const { control, repos, sentAt, start, clock } = await lostPost(usdtOnBsc);
    const [ours] = control.seed(1, onNetwork("BEP20", sentAt + 100));
    const [other] = control.seed(1, onNetwork("ERC20", sentAt + 200));
    start();
    await clock.until(
      async () => (await repos.intents.get("k"))?.state !== "unknown",
      10_000,
      "a decision",
    );
    expect((await repos.intents.get("k"))?.transactionId).toBe(ours);
    expect((await repos.transactions.get(ours!))?.suspect).toBe(false);
    expect(await repos.transactions.get(other!)).toBeUndefined();
  });
});
