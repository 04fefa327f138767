import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { chatsStore, createStores } from "../../src/db/stores.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { createChatSettings } from "../../src/swaps/chat-settings.ts";
import { Reconciler } from "../../src/tracker/reconciler.ts";
import { tempDatabase } from "../db/helpers.ts";
import { until } from "../support/until.ts";

/** The real reconciler, client, sandbox (over HTTP) and SQLite file. */

let sandbox: Sandbox | undefined;
let reconciler: Reconciler | undefined;
afterEach(async () => {
  await reconciler?.stop();
  await sandbox?.close();
  reconciler = undefined;
  sandbox = undefined;
});

const ETH_ADDRESS = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";

describe("a read of a closed window that fails on its last page", () => {
  it("resumes at that page: the pages before it are not read again", async () => {
    sandbox = await startSandbox({ schedule: false, limits: false });
    const { control } = sandbox;
    const { repos } = tempDatabase();
    const stores = createStores(repos, createChatSettings(chatsStore(repos)));
    // A POST ten seconds ago whose answer was lost; its window (1 s margin) has closed.
    const sentAt = Date.now() - 10_000;
    repos.intents.claim(
      {
        key: "k",
        chatId: 1,
        userId: 1,
        request: {
          coinFrom: "btc",
          coinTo: "eth",
          amount: "0.5" as DecimalString,
          withdrawalAddress: ETH_ADDRESS,
        },
      },
      sentAt,
    );
    repos.intents.markUnknown("k", sentAt + 500);
    // The oldest of the window: the same order for another payout address, detail unreadable;
    // 200 newer ones fill two pages before it.
    const [decoy] = control.seed(1, { amount: 0.5, createdAt: sentAt });
    control.seed(200, { createdAt: sentAt + 400, spreadOverMs: 399 });
    control.failDetail(decoy!);
    reconciler = new Reconciler({
      exchange: new ExchangeClient({
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
        limits: { publicPerMin: 10_000, createPerMin: 10_000, readPerMin: 10_000 },
        timeoutMs: 2_000,
        getRetries: 0,
      }),
      store: stores.reconcileStore,
      logger: pino({ level: "silent" }),
      sandbox: true,
      intervalMs: 200,
      pendingAfterMs: 60_000,
      postWithinMs: 1_000,
      windowMarginMs: 1_000,
    });
    reconciler.start();
    await until(() => (control.stats.responses.get?.[500] ?? 0) >= 1, 10_000, "a failed lookup");
    // Asked 500 a page, the sandbox answers 100: three pages, the third one failing.
    expect(control.stats.responses.list?.[200]).toBe(3);
    await until(() => (control.stats.responses.get?.[500] ?? 0) >= 2, 10_000, "a second try");
    expect(control.stats.responses.list?.[200]).toBe(4);
    expect(repos.intents.get("k")?.state).toBe("unknown");

    control.failDetail(decoy!, false);
    await until(() => repos.intents.get("k")?.state === "failed", 10_000, "nothing was created");
    expect(control.stats.responses.list?.[200]).toBe(5);
    expect(control.stats.responses.get?.[200]).toBe(1);
  });
});
