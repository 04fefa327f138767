import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/db/client.ts";
import { createRepositories, type Repositories } from "../../src/db/repositories.ts";
import { chatsStore, createStores } from "../../src/db/stores.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { type Quirks, type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { createChatSettings } from "../../src/swaps/chat-settings.ts";
import { StatusTracker } from "../../src/tracker/status-tracker.ts";
import { seedOpenSwaps } from "../support/seed-swaps.ts";

interface Rig {
  sandbox: Sandbox;
  database: Database;
  repos: Repositories;
  ids: string[];
  tracker(): StatusTracker;
  close(): Promise<void>;
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** The real tracker, client, sandbox (over HTTP) and SQLite file, with `open` open swaps. */
async function startRig(open: number, cap: number, quirks: Partial<Quirks> = {}): Promise<Rig> {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-tracker-"));
  const sandbox = await startSandbox({
    schedule: false,
    limits: false,
    pageSizeCap: { currencies: 100, transactions: cap },
    quirks,
  });
  const database = openDatabase(join(dir, "bot.sqlite"));
  const repos = createRepositories(database.db);
  const chatOf = seedOpenSwaps(sandbox.control, database.db, repos, {
    count: open,
    chats: 10,
    firstChat: 500,
  });
  const stores = createStores(repos, createChatSettings(chatsStore(repos)));
  const exchange = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    limits: { publicPerMin: 600, createPerMin: 300, readPerMin: 1_200 },
    timeoutMs: 5_000,
  });
  return {
    sandbox,
    database,
    repos,
    ids: [...chatOf.keys()],
    tracker: () =>
      new StatusTracker({
        exchange,
        store: stores.trackerStore,
        logger: pino({ level: "silent" }),
        intervalMs: 60_000,
      }),
    async close() {
      database.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const listReads = (sandbox: Sandbox) => sandbox.control.stats.byEndpoint.list ?? 0;
const detailReads = (sandbox: Sandbox) => sandbox.control.stats.byEndpoint.get ?? 0;

describe("the status tracker", () => {
  it("learns the list's page-size cap from a short page and remembers it across restarts", async () => {
    rig = await startRig(120, 25);
    const first = await rig.tracker().cycle();
    expect(first).toMatchObject({ open: 120, pageCap: 25, changes: 0, fallbackReads: 0 });
    expect(first.pages).toBe(5);
    expect(rig.repos.meta.get("transactions.pageCap")).toBe("25");

    // A new process on the same database asks for 25 from the start.
    rig.sandbox.control.resetStats();
    const second = await rig.tracker().cycle();
    expect(second.pages).toBe(5);
    expect(listReads(rig.sandbox)).toBe(5);
  });

  it("halves the page size when the upstream refuses a large one with 400", async () => {
    rig = await startRig(150, 100, { sizeOverCapAs400: true });
    const first = await rig.tracker().cycle();
    expect(first.pageCap).toBeLessThanOrEqual(100);
    expect(first.fallbackReads).toBe(0);
    expect(rig.sandbox.control.stats.responses.list?.[400]).toBeGreaterThan(0);
    rig.sandbox.control.resetStats();
    const second = await rig.tracker().cycle();
    expect(second.pages).toBe(Math.ceil(150 / first.pageCap));
    expect(rig.sandbox.control.stats.responses.list?.[400]).toBeUndefined();
  });

  it("does not take a 400 that every size gets for a page-size cap", async () => {
    rig = await startRig(30, 100);
    rig.sandbox.control.failNext("list", { status: 400, times: 10 });
    // 500, 250, 125, 62, 31, 20 all refused: the list is unusable, not capped.
    expect(await rig.tracker().cycle()).toMatchObject({ pages: 0, fallbackReads: 10 });
    expect(rig.sandbox.control.stats.responses.list?.[400]).toBe(6);
    expect(rig.repos.meta.get("transactions.pageCap")).toBeUndefined();
    rig.sandbox.control.clearFaults();
    expect((await rig.tracker().cycle()).fallbackReads).toBe(0);
  });

  it("follows swaps one by one when the list endpoint is unusable, and tries the list again later", async () => {
    rig = await startRig(5, 100);
    const tracker = rig.tracker();
    rig.sandbox.control.setStatus(rig.ids[2]!, "confirmation");
    rig.sandbox.control.failNext("list", { status: 404, times: 1 });
    const blind = await tracker.cycle();
    expect(blind).toMatchObject({ pages: 0, fallbackReads: 5 });
    expect(rig.repos.transactions.get(rig.ids[2]!)?.status).toBe("confirmation");
    expect(rig.repos.notifications.forTransaction(rig.ids[2]!).map((n) => n.status)).toEqual([
      "confirmation",
    ]);
    // The next cycles keep to detail reads without asking the list each time ...
    rig.sandbox.control.resetStats();
    for (let i = 0; i < 9; i++) await tracker.cycle();
    expect(rig.sandbox.control.stats.byEndpoint.list).toBeUndefined();
    // ... then the list is tried again, and used now that it works.
    expect(await tracker.cycle()).toMatchObject({ pages: 1, fallbackReads: 0 });
  });

  it("an answer that is not a list counts as an unusable list too", async () => {
    rig = await startRig(3, 100);
    rig.sandbox.control.setStatus(rig.ids[0]!, "exchanging");
    rig.sandbox.control.malformedNext("list", { times: 5 });
    const stats = await rig.tracker().cycle();
    expect(stats.fallbackReads).toBe(3);
    expect(rig.repos.transactions.get(rig.ids[0]!)?.status).toBe("exchanging");
  });

  it("reads the detail only of swaps that completed, and queues one notification per state reached", async () => {
    rig = await startRig(60, 100);
    const tracker = rig.tracker();
    await tracker.cycle();
    const [confirming, completed] = rig.ids;
    rig.sandbox.control.setStatus(confirming!, "confirmation");
    const done = rig.sandbox.control.setStatus(completed!, "success");
    rig.sandbox.control.resetStats();

    const stats = await tracker.cycle();
    expect(stats).toMatchObject({ changes: 2, detailReads: 1, pages: 1, reads: 2 });
    expect(detailReads(rig.sandbox)).toBe(1);
    const stored = rig.repos.transactions.get(completed!);
    expect(stored?.status).toBe("success");
    expect(stored?.txHashOut).toBe(done.tx_hash_out);
    // wait → success skipped two states: each is announced, in order.
    const queued = rig.repos.notifications.forTransaction(completed!).map((n) => n.status);
    expect(queued).toEqual(["confirmation", "exchanging", "success"]);
    expect(rig.repos.transactions.get(confirming!)?.status).toBe("confirmation");

    // Nothing moved: the next cycle reads the list once and nothing else.
    rig.sandbox.control.resetStats();
    expect(await tracker.cycle()).toMatchObject({ changes: 0, reads: 1, open: 59 });
  });

  it("keeps a swap in an unknown status tracked, and follows it to the end", async () => {
    rig = await startRig(5, 100);
    const tracker = rig.tracker();
    const [id] = rig.ids;
    rig.sandbox.control.setStatus(id!, "sending");
    await tracker.cycle();
    expect(rig.repos.transactions.get(id!)?.status).toBe("sending");
    expect((await tracker.cycle()).open).toBe(5);
    rig.sandbox.control.setStatus(id!, "success");
    await tracker.cycle();
    expect(rig.repos.transactions.get(id!)?.status).toBe("success");
    expect((await tracker.cycle()).open).toBe(4);
  });

  it("a failing upstream fails the cycle without storing anything, and the next cycle catches up", async () => {
    rig = await startRig(10, 100);
    const tracker = rig.tracker();
    rig.sandbox.control.setStatus(rig.ids[0]!, "confirmation");
    rig.sandbox.control.setDown(true);
    await expect(tracker.cycle()).rejects.toThrow();
    expect(rig.repos.transactions.get(rig.ids[0]!)?.status).toBe("wait");
    rig.sandbox.control.setDown(false);
    expect((await tracker.cycle()).changes).toBe(1);
    expect(rig.repos.transactions.get(rig.ids[0]!)?.status).toBe("confirmation");
  });
});
