import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteDatabase, type SqliteDatabase } from "../../src/db/client.ts";
import { createPorts, createRepositories, type Repositories } from "../../src/db/repositories.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { createChatSettings } from "../../src/frontends/chat-settings.ts";
import { type Quirks, type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { SANDBOX_EXCHANGE } from "../../src/swaps/swap.ts";
import type { StatusPassOptions } from "../../src/tracker/pass-parts.ts";
import { StatusPass } from "../../src/tracker/status-pass.ts";
import { seedOpenSwaps } from "../support/seed-swaps.ts";
import { TestClock } from "../support/test-clock.ts";

interface Rig {
  sandbox: Sandbox;
  database: SqliteDatabase;
  repos: Repositories;
  /** The passes' clock: it moves only when a test moves it. */
  clock: TestClock;
  ids: string[];
  /** The tracker's pass, which its loop runs every interval; a test runs it with `run(noStop)`. */
  pass(options?: Partial<StatusPassOptions>): StatusPass;
  /** More open swaps, stored by the bot too; returns their ids, oldest first. */
  addSwaps(
    count: number,
    options: { createdAt: number; spreadOverMs?: number; status?: string },
  ): Promise<string[]>;
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
  const database = openSqliteDatabase(join(dir, "bot.sqlite"));
  const repos = createRepositories(database.seam);
  // Created over the last half hour: all read every cycle (long-waiting ones are tested below).
  const chatOf = await seedOpenSwaps(sandbox.control, database.seam, {
    count: open,
    chats: 10,
    firstChat: 500,
    spreadOverMs: 30 * 60_000,
  });
  const stores = createPorts(repos, createChatSettings(repos.chats));
  const exchange = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    limits: { publicPerMin: 600, createPerMin: 300, readPerMin: 1_200 },
    timeoutMs: 5_000,
  });
  const clock = new TestClock();
  return {
    sandbox,
    database,
    repos,
    clock,
    ids: [...chatOf.keys()],
    pass: (options = {}) =>
      new StatusPass({
        exchange,
        exchangeId: SANDBOX_EXCHANGE,
        store: stores.trackerStore,
        logger: pino({ level: "silent" }),
        intervalMs: 60_000,
        clock,
        ...options,
      }),
    addSwaps: async (count, options) => [
      ...(
        await seedOpenSwaps(sandbox.control, database.seam, {
          count,
          chats: 1,
          firstChat: 900,
          spreadOverMs: 0,
          ...options,
        })
      ).keys(),
    ],
    async close() {
      database.close();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The signal of a pass that the bot never stops. */
const noStop = new AbortController().signal;
const listReads = (sandbox: Sandbox) => sandbox.control.stats.byEndpoint.list ?? 0;
const detailReads = (sandbox: Sandbox) => sandbox.control.stats.byEndpoint.get ?? 0;

describe("the status tracker", () => {
  it("learns the list's page-size cap from a short page and remembers it across restarts", async () => {
    rig = await startRig(120, 25);
    const first = await rig.pass().run(noStop);
    expect(first).toMatchObject({ open: 120, pageCap: 25, changes: 0, fallbackReads: 0 });
    expect(first.pages).toBe(5);
    expect(await rig.repos.meta.get("transactions.pageCap")).toBe("25");

    // A new process on the same database asks for 25 from the start.
    rig.sandbox.control.resetStats();
    const second = await rig.pass().run(noStop);
    expect(second.pages).toBe(5);
    expect(listReads(rig.sandbox)).toBe(5);
  });

  it("halves the page size when the upstream refuses a large one with 400", async () => {
    rig = await startRig(150, 100, { sizeOverCapAs400: true });
    const first = await rig.pass().run(noStop);
    expect(first.pageCap).toBeLessThanOrEqual(100);
    expect(first.fallbackReads).toBe(0);
    expect(rig.sandbox.control.stats.responses.list?.[400]).toBeGreaterThan(0);
    rig.sandbox.control.resetStats();
    const second = await rig.pass().run(noStop);
    expect(second.pages).toBe(Math.ceil(150 / first.pageCap));
    expect(rig.sandbox.control.stats.responses.list?.[400]).toBeUndefined();
  });

  it("does not take a 400 that every size gets for a page-size cap", async () => {
    rig = await startRig(30, 100);
    rig.sandbox.control.failNext("list", { status: 400, times: 10 });
    // 500, 250, 125, 62, 31, 20 all refused: the list is unusable, not capped.
    expect(await rig.pass().run(noStop)).toMatchObject({ pages: 0, fallbackReads: 10 });
    expect(rig.sandbox.control.stats.responses.list?.[400]).toBe(6);
    expect(await rig.repos.meta.get("transactions.pageCap")).toBeUndefined();
    rig.sandbox.control.clearFaults();
    expect((await rig.pass().run(noStop)).fallbackReads).toBe(0);
  });

  it("follows swaps one by one when the list endpoint is unusable, and tries the list again later", async () => {
    rig = await startRig(5, 100);
    const pass = rig.pass();
    rig.sandbox.control.setStatus(rig.ids[2]!, "confirmation");
    rig.sandbox.control.failNext("list", { status: 404, times: 1 });
    const blind = await pass.run(noStop);
    expect(blind).toMatchObject({ pages: 0, fallbackReads: 5 });
    expect((await rig.repos.transactions.get(rig.ids[2]!))?.status).toBe("confirmation");
    expect(
      (await rig.repos.notifications.forTransaction(rig.ids[2]!)).map((n) => n.status),
    ).toEqual(["confirmation"]);
    // The next cycles keep to detail reads without asking the list each time ...
    rig.sandbox.control.resetStats();
    for (let i = 0; i < 9; i++) await pass.run(noStop);
    expect(rig.sandbox.control.stats.byEndpoint.list).toBeUndefined();
    // ... then the list is tried again, and used now that it works.
    expect(await pass.run(noStop)).toMatchObject({ pages: 1, fallbackReads: 0 });
  });

  it("an answer that is not a list counts as an unusable list too", async () => {
    rig = await startRig(3, 100);
    rig.sandbox.control.setStatus(rig.ids[0]!, "exchanging");
    rig.sandbox.control.malformedNext("list", { times: 5 });
    const stats = await rig.pass().run(noStop);
    expect(stats.fallbackReads).toBe(3);
    expect((await rig.repos.transactions.get(rig.ids[0]!))?.status).toBe("exchanging");
  });

  it("pushes every change at once, then reads the detail only of swaps whose deposit was seen or that completed, for their cards", async () => {
    rig = await startRig(60, 100);
    const pass = rig.pass();
    await pass.run(noStop);
    const [confirming, completed] = rig.ids;
    const seen = rig.sandbox.control.setStatus(confirming!, "confirmation");
    const done = rig.sandbox.control.setStatus(completed!, "success");
    rig.sandbox.control.resetStats();

    const stats = await pass.run(noStop);
    expect(stats).toMatchObject({ changes: 2, detailReads: 2, pages: 1, reads: 3 });
    expect(detailReads(rig.sandbox)).toBe(2);
    // The deposit hash, for the card's explorer link (read after the push was queued).
    expect((await rig.repos.transactions.get(confirming!))?.txHashIn).toBe(seen.tx_hash_in);
    const stored = await rig.repos.transactions.get(completed!);
    expect(stored?.status).toBe("success");
    expect(stored?.txHashOut).toBe(done.tx_hash_out);
    // wait → success skipped two states: each is announced, in order; then the card's receipt
    // (its push not sent yet: it will carry the payout itself, so no message of its own).
    const queued = (await rig.repos.notifications.forTransaction(completed!)).map(
      (n) => n.dedupeKey,
    );
    expect(queued).toEqual([
      `status:${completed}:confirmation`,
      `status:${completed}:exchanging`,
      `status:${completed}:success`,
      `receipt-card:${completed}:success`,
    ]);
    expect((await rig.repos.transactions.get(confirming!))?.status).toBe("confirmation");

    // Nothing moved: the next cycle reads the list once and nothing else.
    rig.sandbox.control.resetStats();
    expect(await pass.run(noStop)).toMatchObject({ changes: 0, reads: 1, open: 59 });
  });

  it("keeps a swap in an unknown status tracked, and follows it to the end", async () => {
    rig = await startRig(5, 100);
    const pass = rig.pass();
    const [id] = rig.ids;
    rig.sandbox.control.setStatus(id!, "sending");
    await pass.run(noStop);
    expect((await rig.repos.transactions.get(id!))?.status).toBe("sending");
    expect((await pass.run(noStop)).open).toBe(5);
    rig.sandbox.control.setStatus(id!, "success");
    await pass.run(noStop);
    expect((await rig.repos.transactions.get(id!))?.status).toBe("success");
    expect((await pass.run(noStop)).open).toBe(4);
  });

  it("a failing upstream fails the cycle without storing anything, and the next cycle catches up", async () => {
    rig = await startRig(10, 100);
    const pass = rig.pass();
    rig.sandbox.control.setStatus(rig.ids[0]!, "confirmation");
    rig.sandbox.control.setDown(true);
    await expect(pass.run(noStop)).rejects.toThrow();
    expect((await rig.repos.transactions.get(rig.ids[0]!))?.status).toBe("wait");
    rig.sandbox.control.setDown(false);
    expect((await pass.run(noStop)).changes).toBe(1);
    expect((await rig.repos.transactions.get(rig.ids[0]!))?.status).toBe("confirmation");
  });

  it("a stop reaches each read of the pass under way: the list's, the reads by id, the receipts", async () => {
    rig = await startRig(3, 100);
    const stopped = () => AbortSignal.abort(new Error("the bot stops"));
    // The list's windows.
    await expect(rig.pass().run(stopped())).rejects.toThrow("the bot stops");
    expect(listReads(rig.sandbox)).toBe(0);

    // The reads by id, in the passes that follow a list found unusable.
    const blind = rig.pass();
    rig.sandbox.control.failNext("list", { status: 404, times: 1 });
    expect(await blind.run(noStop)).toMatchObject({ pages: 0, fallbackReads: 3 });
    rig.sandbox.control.resetStats();
    await expect(blind.run(stopped())).rejects.toThrow("the bot stops");
    expect(rig.sandbox.control.stats.byEndpoint).toEqual({});

    // The receipts: the bot stops just after the list's change was stored and pushed.
    const stop = new AbortController();
    const pass = rig.pass({ onChange: () => stop.abort(new Error("the bot stops")) });
    rig.sandbox.control.setStatus(rig.ids[1]!, "success");
    rig.sandbox.control.resetStats();
    await expect(pass.run(stop.signal)).rejects.toThrow("the bot stops");
    expect((await rig.repos.transactions.get(rig.ids[1]!))?.status).toBe("success");
    expect(listReads(rig.sandbox)).toBe(1);
    expect(detailReads(rig.sandbox)).toBe(0);
  });
});

const HOUR = 3_600_000;

describe("the status tracker's windows and cadence", () => {
  it("reads only the windows holding open swaps, however many other transactions the key has", async () => {
    rig = await startRig(0, 100);
    // A website sharing the key: 20,000 transactions over the last six hours.
    rig.sandbox.control.seed(20_000, { spreadOverMs: 6 * HOUR, createdAt: Date.now() });
    const [waiting] = await rig.addSwaps(1, { createdAt: Date.now() - 5 * HOUR });
    const fresh = await rig.addSwaps(3, { createdAt: Date.now() - 60_000, spreadOverMs: 30_000 });
    const pass = rig.pass();
    // The first cycle after a start reads every open swap: three windows' worth, not 170 pages.
    expect(await pass.run(noStop)).toMatchObject({ open: 4, due: 4, fallbackReads: 0 });
    expect(listReads(rig.sandbox)).toBeLessThanOrEqual(3);

    rig.sandbox.control.setStatus(fresh[1]!, "confirmation");
    rig.sandbox.control.setStatus(waiting!, "confirmation");
    rig.sandbox.control.resetStats();
    // Later cycles read the fresh ones every time (one page, and one detail for the deposit hash
    // of the swap that moved); the long-waiting one is not due yet.
    expect(await pass.run(noStop)).toMatchObject({
      due: 3,
      hot: 3,
      changes: 1,
      pages: 1,
      detailReads: 1,
    });
    expect((await rig.repos.transactions.get(fresh[1]!))?.status).toBe("confirmation");
    expect((await rig.repos.transactions.get(waiting!))?.status).toBe("wait");
  });

  it("reads a long-waiting swap on its turn, not every cycle, and then finds its change", async () => {
    rig = await startRig(0, 100);
    const [waiting] = await rig.addSwaps(1, { createdAt: Date.now() - 3 * HOUR });
    // Far more than a page between them: the fresh swap's page does not reach the waiting one.
    rig.sandbox.control.seed(1_000, { spreadOverMs: 2 * HOUR, createdAt: Date.now() - 1_000 });
    const [fresh] = await rig.addSwaps(1, { createdAt: Date.now() });
    // Two minutes of staleness shrunk to 400 ms: a cold swap is read every 400 − 2 × 50 ms.
    const pass = rig.pass({ intervalMs: 50, cadence: { maxStalenessMs: 400 } });
    await pass.run(noStop);
    rig.sandbox.control.setStatus(waiting!, "confirmation");
    await rig.clock.advance(250);
    expect(await pass.run(noStop)).toMatchObject({ due: 1, changes: 0 });
    expect((await rig.repos.transactions.get(waiting!))?.status).toBe("wait");
    await rig.clock.advance(50);
    expect(await pass.run(noStop)).toMatchObject({ due: 2, changes: 1 });
    expect((await rig.repos.transactions.get(waiting!))?.status).toBe("confirmation");
    // Confirming, it is read every cycle from now on.
    expect(await pass.run(noStop)).toMatchObject({ due: 2, hot: 2 });
    expect((await rig.repos.transactions.get(fresh!))?.status).toBe("wait");
  });

  it("sees a swap not yet due for free when a page read for due ones reaches it", async () => {
    rig = await startRig(0, 100);
    rig.sandbox.control.seed(50, { spreadOverMs: 2 * HOUR, createdAt: Date.now() - 1_000 });
    const [waiting] = await rig.addSwaps(1, { createdAt: Date.now() - 3 * HOUR });
    await rig.addSwaps(1, { createdAt: Date.now() });
    const pass = rig.pass({ intervalMs: 50, cadence: { maxStalenessMs: 60_000 } });
    await pass.run(noStop);
    rig.sandbox.control.setStatus(waiting!, "confirmation");
    rig.sandbox.control.resetStats();
    // Only the fresh swap is due, yet its one page holds all 52 transactions (the detail read is
    // the moved swap's deposit hash).
    expect(await pass.run(noStop)).toMatchObject({ due: 1, changes: 1, pages: 1, detailReads: 1 });
    expect((await rig.repos.transactions.get(waiting!))?.status).toBe("confirmation");
  });

  it("leaves cold swaps it has no time for to later cycles, the stalest first", async () => {
    rig = await startRig(0, 100);
    rig.sandbox.control.seed(3_000, { spreadOverMs: 5 * HOUR, createdAt: Date.now() - HOUR });
    const cold: string[] = [];
    for (const hours of [4, 3, 2]) {
      cold.push((await rig.addSwaps(1, { createdAt: Date.now() - hours * HOUR - 1_000 }))[0] ?? "");
    }
    const [four, three, two] = cold as [string, string, string];
    const checked = async (id: string) =>
      (await rig!.repos.transactions.get(id))?.lastCheckedAt ?? 0;
    // No interval at all (time stands still while a cycle reads): each cycle has time for one
    // cold window only.
    const pass = rig.pass({ intervalMs: 0, cadence: { maxStalenessMs: 300 } });
    expect(await pass.run(noStop)).toMatchObject({ due: 3, windows: 3, deferred: 0 });
    await rig.clock.advance(350);
    // Equally stale: the newest first (its window covers what lies below it).
    expect(await pass.run(noStop)).toMatchObject({ due: 3, deferred: 2 });
    expect(await checked(two)).toBeGreaterThan(await checked(three));
    // A swap that has just turned cold is due as well, newer and less stale than those left: it
    // must not push them back.
    const [cooled] = await rig.addSwaps(1, { createdAt: Date.now() - 90 * 60_000 });
    await rig.repos.transactions.markChecked([cooled!], rig.clock.now() - 340);
    const deferred = [];
    for (let i = 0; i < 3; i++) {
      await rig.clock.advance(1);
      deferred.push((await pass.run(noStop)).deferred);
    }
    expect(deferred).toEqual([2, 1, 0]);
    expect(await checked(three)).toBeLessThan(await checked(four));
    expect(await checked(four)).toBeLessThan(await checked(cooled!));
    // Each was read once since: none is due again before its turn.
    expect((await pass.run(noStop)).due).toBe(0);
  });

  it("gives cold swaps a fifth of a cycle that hot ones alone overfill", async () => {
    rig = await startRig(0, 100);
    // A busy last hour: 2,000 transactions, eight fresh swaps far apart among them; four swaps
    // waiting for hours, far apart among 1,000 older ones.
    rig.sandbox.control.seed(2_000, { spreadOverMs: 50 * 60_000, createdAt: Date.now() });
    rig.sandbox.control.seed(1_000, { spreadOverMs: 4 * HOUR, createdAt: Date.now() - 1.5 * HOUR });
    for (let i = 0; i < 8; i++) rig.addSwaps(1, { createdAt: Date.now() - i * 6 * 60_000 - 500 });
    for (const hours of [5, 4, 3, 2]) rig.addSwaps(1, { createdAt: Date.now() - hours * HOUR });
    const pass = rig.pass({ intervalMs: 0, cadence: { maxStalenessMs: 300 } });
    await pass.run(noStop);
    await rig.clock.advance(350);
    // Eight pages for the hot swaps, then two (a fifth of ten) for the four cold ones.
    expect(await pass.run(noStop)).toMatchObject({ due: 12, hot: 8, windows: 10, deferred: 2 });
  });

  it("finds swaps whose created_at the upstream rounds to the second, without detail reads", async () => {
    rig = await startRig(0, 100, { createdAtSeconds: true });
    rig.sandbox.control.seed(2_000, { spreadOverMs: HOUR, createdAt: Date.now() });
    // Stored as the upstream shows them: rounded to the second.
    const ids = await rig.addSwaps(20, {
      createdAt: Date.now() - 20 * 60_000,
      spreadOverMs: 15 * 60_000,
    });
    for (const id of ids) {
      const shown = rig.sandbox.control.transaction(id)!;
      const rounded = new Date(Math.round(shown.createdMs / 1000) * 1000).toISOString();
      rig.database.sqlite
        .prepare("update transactions set created_at = ? where id = ?")
        .run(rounded, id);
    }
    expect(await rig.pass().run(noStop)).toMatchObject({ due: 20, fallbackReads: 0 });
    // Without the slack, windows cut at the shown second miss some of them.
    rig.sandbox.control.resetStats();
    const strict = await rig.pass({ slackMs: 0, maxFallbackReads: 20 }).run(noStop);
    expect(strict.fallbackReads).toBeGreaterThan(0);
  });

  it("reads the detail of a swap its window does not show, and follows it by detail reads", async () => {
    rig = await startRig(0, 100);
    rig.sandbox.control.seed(500, { spreadOverMs: HOUR, createdAt: Date.now() });
    const [listed] = await rig.addSwaps(1, { createdAt: Date.now() - 10 * 60_000 });
    const [skewed] = await rig.addSwaps(1, { createdAt: Date.now() - 3 * HOUR });
    // The bot's record of its creation time is off (its own clock, say): 20 minutes ago.
    rig.database.sqlite
      .prepare("update transactions set created_at = ? where id = ?")
      .run(new Date(Date.now() - 20 * 60_000).toISOString(), skewed!);
    rig.sandbox.control.setStatus(skewed!, "confirmation");
    const pass = rig.pass();
    expect(await pass.run(noStop)).toMatchObject({ windows: 1, fallbackReads: 1 });
    expect((await rig.repos.transactions.get(skewed!))?.status).toBe("confirmation");
    rig.sandbox.control.resetStats();
    // From now on no window is opened for it: one list read for the other, one detail read.
    expect(await pass.run(noStop)).toMatchObject({ windows: 1, fallbackReads: 1, reads: 2 });
    expect((await rig.repos.transactions.get(listed!))?.status).toBe("wait");
  });
});

describe("the status tracker's reads by id", () => {
  it("reads every swap the list leaves out before any twice; a read that fails (5xx) goes to the back without failing the cycle", async () => {
    rig = await startRig(0, 100);
    const { control } = rig.sandbox;
    const ids = await rig.addSwaps(6, { createdAt: Date.now() - 60_000, spreadOverMs: 10_000 });
    for (const id of ids) control.leaveOutOfList(id);
    const pass = rig.pass({ maxFallbackReads: 2 });
    // The oldest one's read fails, retries included: the cycle still completes.
    control.failNext("get", { status: 500, times: 3 });
    expect(await pass.run(noStop)).toMatchObject({ pages: 1, fallbackReads: 1 });
    expect(ids.map((id) => control.detailReadsOf(id))).toEqual([0, 0, 0, 0, 0, 0]);
    // The five never answered come first, the failed one last.
    for (let i = 0; i < 3; i++) await pass.run(noStop);
    expect(ids.map((id) => control.detailReadsOf(id))).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it("reads a swap answered 404 again only after its backoff, and never in place of a swap the exchange knows", async () => {
    rig = await startRig(0, 100);
    const { control } = rig.sandbox;
    const forgotten = await rig.addSwaps(2, {
      createdAt: Date.now() - 120_000,
      spreadOverMs: 1_000,
    });
    const unlisted = await rig.addSwaps(3, { createdAt: Date.now() - 60_000, spreadOverMs: 1_000 });
    for (const id of forgotten) control.forget(id);
    for (const id of unlisted) control.leaveOutOfList(id);
    const pass = rig.pass({ maxFallbackReads: 2, notFoundBackoff: { firstMs: 60_000 } });
    // Before its first 404 a forgotten swap looks like any other unlisted one.
    expect(await pass.run(noStop)).toMatchObject({ fallbackReads: 2, notFound: 2 });
    for (let i = 0; i < 3; i++) {
      expect(await pass.run(noStop)).toMatchObject({ fallbackReads: 2, notFound: 0, backedOff: 2 });
    }
    expect(forgotten.map((id) => control.detailReadsOf(id))).toEqual([1, 1]);
    expect(unlisted.reduce((sum, id) => sum + control.detailReadsOf(id), 0)).toBe(6);
    const first = (await rig.repos.transactions.get(forgotten[0]!))!;
    expect(first.nextLookupAt! - first.notFoundSince!).toBeGreaterThanOrEqual(60_000);

    // Its backoff is over: it is read in a slot of its own, the known ones keep theirs.
    await rig.repos.transactions.recordNotFound(forgotten[0]!, 0, 0);
    expect(await pass.run(noStop)).toMatchObject({ fallbackReads: 3, notFound: 1, backedOff: 1 });
    expect(control.detailReadsOf(forgotten[0]!)).toBe(2);
    // The first 404 of the run is kept.
    expect((await rig.repos.transactions.get(forgotten[0]!))?.notFoundSince).toBe(
      first.notFoundSince,
    );
  });

  it("gives a swap up when the exchange has not known it for the give-up time: one message, no more reads", async () => {
    rig = await startRig(0, 100);
    const { control } = rig.sandbox;
    const [lost] = await rig.addSwaps(1, { createdAt: Date.now() - 60_000 });
    control.forget(lost!);
    const pass = rig.pass({ giveUpAfterMs: 24 * HOUR });
    await rig.repos.transactions.recordNotFound(lost!, Date.now() - 25 * HOUR, 0);
    expect(await pass.run(noStop)).toMatchObject({ notFound: 1, givenUp: 1 });
    expect((await rig.repos.notifications.forTransaction(lost!)).map((row) => row.kind)).toEqual([
      "given-up",
    ]);
    expect(await pass.run(noStop)).toMatchObject({ open: 0, fallbackReads: 0 });
    expect(control.detailReadsOf(lost!)).toBe(1);
  });

  it("never reads the swaps of another exchange", async () => {
    rig = await startRig(0, 100);
    const [elsewhere] = await rig.addSwaps(1, { createdAt: Date.now() - 60_000 });
    const pass = rig.pass({ exchangeId: "https://other.example" });
    expect(await pass.run(noStop)).toMatchObject({ open: 0, reads: 0 });
    expect(rig.sandbox.control.detailReadsOf(elsewhere!)).toBe(0);
  });
});
