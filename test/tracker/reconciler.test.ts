import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { Repositories } from "../../src/db/repositories.ts";
import { createPorts } from "../../src/db/repositories.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { createChatSettings } from "../../src/frontends/chat-settings.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { type Sandbox, type SandboxControl, startSandbox } from "../../src/sandbox/index.ts";
import type { Intent } from "../../src/swaps/intent.ts";
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

/**
 * The reconciler's rules for a pending intent in `pendingPost`: a POST may run 20 s, and 35 s
 * after it was sent a pending intent is looked up whatever else is known.
 */
const POST_WITHIN_MS = 20_000;
const PENDING_AFTER_MS = 35_000;

/**
 * An intent "k" whose POST answer was lost, for `order`; start() runs the reconciler on it.
 * `pending`: the intent is still pending (its outcome never recorded), its POST sent a second
 * ago, under the rules above; `soleSince`: when the reconciler's process took the database.
 */
async function lostPost(
  order: SwapOrder,
  options: {
    pending?: boolean;
    soleSince?: (sentAt: number) => number;
    creating?: (intent: Pick<Intent, "key" | "createdAt">) => boolean;
  } = {},
): Promise<Rig> {
  sandbox = await startSandbox({ schedule: false, limits: false });
  const { url, apiKey } = sandbox;
  const { repos } = tempDatabase();
  const stores = createPorts(repos, createChatSettings(repos.chats));
  clock = new TestClock();
  clock.watchHttp();
  const sentAt = clock.now() - (options.pending ? 1_000 : 10_000);
  await repos.intents.claim(
    { key: "k", chatId: 1, userId: 1, request: order, exchange: SANDBOX_EXCHANGE },
    sentAt,
  );
  if (!options.pending) await repos.intents.markUnknown("k", sentAt + 500);
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
        pendingAfterMs: options.pending ? PENDING_AFTER_MS : 60_000,
        postWithinMs: options.pending ? POST_WITHIN_MS : 1_000,
        windowMarginMs: 1_000,
        ...(options.soleSince ? { soleSince: options.soleSince(sentAt) } : {}),
        ...(options.creating ? { creating: options.creating } : {}),
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
    // Five pages to the end, then the whole window again (three pages) a margin later: a list
    // may lag.
    expect(control.stats.responses.list?.[200]).toBe(8);
    expect(control.stats.responses.get?.[200]).toBe(1);
  });
});

describe("a lost POST whose swap a lagging list leaves out", () => {
  it("is not declared never created on one read that misses it: the window is read again a margin later, and the swap adopted", async () => {
    const { control, repos, sentAt, start, clock } = await lostPost(BTC_TO_ETH);
    const [id] = control.seed(1, {
      amount: 0.5,
      withdrawalAddress: ETH_ADDRESS,
      createdAt: sentAt + 100,
    });
    control.leaveOutOfList(id!);
    start();
    const listReads = () => control.stats.responses.list?.[200] ?? 0;
    await clock.until(() => listReads() >= 1, 10_000, "a read of the closed window");
    expect((await repos.intents.get("k"))?.state).toBe("unknown");
    // The list catches up before the margin (1 s) has passed.
    control.leaveOutOfList(id!, false);
    await clock.until(
      async () => (await repos.intents.get("k"))?.state === "created",
      10_000,
      "the swap adopted",
    );
    expect((await repos.intents.get("k"))?.transactionId).toBe(id);
    expect(listReads()).toBe(2);
  });

  it("is declared never created only after two whole reads a margin apart missed it", async () => {
    const { control, repos, start, clock } = await lostPost(BTC_TO_ETH);
    start();
    const listReads = () => control.stats.responses.list?.[200] ?? 0;
    await clock.until(() => listReads() >= 1, 10_000, "a read of the closed window");
    const firstAt = clock.now();
    await clock.until(
      async () => (await repos.intents.get("k"))?.state === "failed",
      10_000,
      "nothing was created",
    );
    expect(listReads()).toBe(2);
    expect(clock.now() - firstAt).toBeGreaterThanOrEqual(1_000);
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

describe("a pending intent: its POST's outcome was never recorded", () => {
  const listReads = (control: SandboxControl) => control.stats.responses.list?.[200] ?? 0;
  const stateOf = async (repos: Repositories) => (await repos.intents.get("k"))?.state;

  it("of this live process, younger than the wait, is not looked up (its POST may still be running and record its answer); past the wait it is", async () => {
    // This process took the database before the POST was sent: the POST may be its own.
    const rig = await lostPost(BTC_TO_ETH, { pending: true, soleSince: (at) => at - 5_000 });
    const { control, repos, sentAt, start, clock } = rig;
    control.seed(1, { amount: 0.5, withdrawalAddress: ETH_ADDRESS, createdAt: sentAt + 100 });
    start();
    // Every pass up to just before the wait ends: not one read of the exchange.
    await clock.runUntil(sentAt + PENDING_AFTER_MS - 1);
    expect(listReads(control)).toBe(0);
    expect(await stateOf(repos)).toBe("pending");

    await clock.until(async () => (await stateOf(repos)) === "created", 5_000, "the swap adopted");
    expect(listReads(control)).toBeGreaterThanOrEqual(1);
  });

  it("claimed before this process took the database (SQLite: by a process that has ended) is looked up at once", async () => {
    const rig = await lostPost(BTC_TO_ETH, { pending: true, soleSince: (at) => at + 1 });
    const { control, repos, sentAt, start, clock } = rig;
    const [id] = control.seed(1, {
      amount: 0.5,
      withdrawalAddress: ETH_ADDRESS,
      createdAt: sentAt + 100,
    });
    start();
    // Well within the POST's 20 s, let alone the wait's 35 s.
    await clock.until(async () => (await stateOf(repos)) === "created", 2_000, "the swap adopted");
    expect((await repos.intents.get("k"))?.transactionId).toBe(id);
  });

  it("claimed before this process took the database, with nothing upstream: nothing was created is told once the window from that start has closed, not from the POST's deadline", async () => {
    const rig = await lostPost(BTC_TO_ETH, { pending: true, soleSince: (at) => at + 1 });
    const { repos, start, clock } = rig;
    start();
    // The window ends a margin (1 s) after the process took the database, 19 s before it would
    // after the POST's deadline.
    await clock.until(async () => (await stateOf(repos)) === "failed", 5_000, "nothing created");
  });

  it("claimed before this process took the database by the wall clock, but being created by this process now (the clock was set back since), is not looked up", async () => {
    const rig = await lostPost(BTC_TO_ETH, {
      pending: true,
      soleSince: (at) => at + 1,
      creating: ({ key }) => key === "k",
    });
    const { control, repos, sentAt, start, clock } = rig;
    control.seed(1, { amount: 0.5, withdrawalAddress: ETH_ADDRESS, createdAt: sentAt + 100 });
    start();
    await clock.runUntil(sentAt + PENDING_AFTER_MS - 1);
    expect(listReads(control)).toBe(0);
    expect(await stateOf(repos)).toBe("pending");
  });

  it("whose POST this process saw end unrecorded is looked up at once", async () => {
    const rig = await lostPost(BTC_TO_ETH, { pending: true, soleSince: (at) => at - 5_000 });
    const { control, repos, sentAt, start, clock } = rig;
    control.seed(1, { amount: 0.5, withdrawalAddress: ETH_ADDRESS, createdAt: sentAt + 100 });
    start();
    await clock.advance(2_000);
    expect(listReads(control)).toBe(0);
    expect(await stateOf(repos)).toBe("pending");

    const intent = await repos.intents.get("k");
    reconciler!.postEnded(intent!);
    await clock.until(async () => (await stateOf(repos)) === "created", 2_000, "the swap adopted");
  });

  it("whose POST this process saw end unrecorded, with nothing upstream: nothing was created is told once the window from that end has closed", async () => {
    const rig = await lostPost(BTC_TO_ETH, { pending: true });
    const { repos, start, clock } = rig;
    start();
    reconciler!.postEnded((await repos.intents.get("k"))!);
    await clock.until(async () => (await stateOf(repos)) === "failed", 5_000, "nothing created");
  });

  it("whose POST was confirmed again since: the new POST's intent is not taken for the one seen to end", async () => {
    const rig = await lostPost(BTC_TO_ETH, { pending: true, soleSince: (at) => at - 5_000 });
    const { control, repos, sentAt, start, clock } = rig;
    const first = (await repos.intents.get("k"))!;
    // The first POST failed (nothing created) and the summary was confirmed again: a new POST.
    await repos.intents.markFailed("k", "refused", sentAt + 200);
    await repos.intents.claim(
      { key: "k", chatId: 1, userId: 1, request: BTC_TO_ETH, exchange: SANDBOX_EXCHANGE },
      sentAt + 300,
    );
    control.seed(1, { amount: 0.5, withdrawalAddress: ETH_ADDRESS, createdAt: sentAt + 400 });
    start();
    reconciler!.postEnded(first);
    await clock.advance(5_000);
    expect(listReads(control)).toBe(0);
    expect(await stateOf(repos)).toBe("pending");
  });
});
