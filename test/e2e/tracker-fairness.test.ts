import { afterEach, describe, expect, it } from "vitest";
import { SANDBOX_EXCHANGE } from "../../src/swaps/swap.ts";
import type { FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { swapOf } from "../support/seed-swaps.ts";
import { TestClock } from "../support/test-clock.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The contract's poll for this rule: a swap the list leaves out is pushed within 30 s at 1 s. */
const INTERVAL_MS = 1_000;
/** Three polls and a few seconds of the bot's clock: the bound each push below is waited for. */
const PUSH_BOUND_MS = 3 * INTERVAL_MS + 5_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The tracker and the notifier run on a clock the test moves (test/support/test-clock.ts): every
 * bound below is the bot's time, polls a second apart of it, and a test of dozens of polls runs in
 * the time their I/O takes.
 */
let clock: TestClock;
async function start(): Promise<Harness> {
  clock = new TestClock();
  h = await startHarness({ env: { STATUS_POLL_INTERVAL_MS: String(INTERVAL_MS) }, clock });
  return h;
}

/** A swap of the chat's, created upstream just now and stored as the bot would have. */
async function storeSwap(
  harness: Harness,
  chatId: number,
  exchange = harness.app.exchangeId,
): Promise<string> {
  const [id] = harness.sandbox.control.seed(1, { createdAt: clock.now() });
  await harness.app.repos.transactions.insert(
    swapOf(harness.sandbox.control, id!, chatId, exchange),
  );
  return id!;
}

const pushed = (user: FakeUser, id: string, state: string) =>
  user.transcript().some((m) => m.text.includes(`${id}: ${state}`));

/** Polls the tracker has made since `from` (each cycle reads the list at least once). */
const listReads = (harness: Harness) => harness.sandbox.control.stats.byEndpoint.list ?? 0;

describe("swaps the list leaves out and swaps the exchange forgot", () => {
  it("a swap the list leaves out has each change pushed within 3 polls, however many forgotten swaps wait before it", async () => {
    h = await start();
    const { control } = h.sandbox;
    const user = h.tg.user();
    // Six swaps the exchange purged (404, absent from the list), stored before the unlisted one
    // so that a tracker reading by id in the order of creation would read them first.
    const forgotten: string[] = [];
    for (let i = 0; i < 6; i++) forgotten.push(await storeSwap(h, user.chatId));
    for (const id of forgotten) control.forget(id);
    const unlisted = await storeSwap(h, user.chatId);
    control.leaveOutOfList(unlisted);

    control.setStatus(unlisted, "confirmation");
    await clock.until(
      () => pushed(user, unlisted, "confirming"),
      PUSH_BOUND_MS,
      "confirming pushed",
    );
    control.setStatus(unlisted, "exchanging");
    await clock.until(
      () => pushed(user, unlisted, "exchanging"),
      PUSH_BOUND_MS,
      "exchanging pushed",
    );
    expect(
      user.transcript().filter((m) => m.text.includes(`${unlisted}: confirming`)),
    ).toHaveLength(1);

    // The forgotten swaps are backed off, and the first 404 of each is stored (restarts keep it).
    for (const id of forgotten) {
      const row = await h.app.repos.transactions.get(id);
      expect(row?.notFoundSince).not.toBeNull();
      expect(row!.nextLookupAt!).toBeGreaterThan(row!.notFoundSince!);
    }
  }, 60_000);

  it("swaps the exchange answers 404 for are read less and less often, while the unlisted one is read every poll", async () => {
    h = await start();
    const { control } = h.sandbox;
    const user = h.tg.user();
    const forgotten: string[] = [];
    for (let i = 0; i < 6; i++) forgotten.push(await storeSwap(h, user.chatId));
    for (const id of forgotten) control.forget(id);
    const unlisted = await storeSwap(h, user.chatId);
    control.leaveOutOfList(unlisted);
    // Every forgotten swap has had its first 404.
    await clock.until(
      () => forgotten.every((id) => control.detailReadsOf(id) >= 1),
      PUSH_BOUND_MS,
      "a first read of each forgotten swap",
    );
    const before = new Map(forgotten.map((id) => [id, control.detailReadsOf(id)]));
    const unlistedBefore = control.detailReadsOf(unlisted);
    // Ten more reads of the unlisted swap: ten polls.
    await clock.until(
      () => control.detailReadsOf(unlisted) >= unlistedBefore + 10,
      10 * INTERVAL_MS + 5_000,
      "ten more reads of the unlisted swap",
    );
    // Meanwhile a forgotten swap was read at most once more (its next read is 30 s off).
    for (const id of forgotten) {
      expect(control.detailReadsOf(id) - before.get(id)!).toBeLessThanOrEqual(1);
    }
  }, 90_000);

  it("a swap the exchange has not known for 24 hours is given up: its chat is told once, with the id to quote, and tracking stops", async () => {
    h = await start();
    const { control } = h.sandbox;
    const user = h.tg.user();
    const id = await storeSwap(h, user.chatId);
    control.forget(id);
    // Its first 404 was a little over a day ago (stored, as a restart would find it), and its
    // backoff is over.
    await h.app.repos.transactions.recordNotFound(id, clock.now() - DAY_MS - 60_000, 0);

    const tells = () => user.transcript().filter((m) => m.text.includes(id));
    await clock.until(() => tells().length > 0, PUSH_BOUND_MS, "the chat told");
    const told = tells()[0]!;
    expect(told.text).toContain("no longer knows");
    expect(told.text).toContain("support");
    expect(told.text).toContain(`quote the transaction id ${id}`);
    expect((await h.app.repos.transactions.get(id))?.givenUpAt).not.toBeNull();

    // Five more polls: no second message, no more reads of it.
    const reads = control.detailReadsOf(id);
    const polls = listReads(h);
    const other = await storeSwap(h, user.chatId);
    await clock.until(() => listReads(h!) >= polls + 5, 5 * INTERVAL_MS + 5_000, "five more polls");
    expect(control.detailReadsOf(id)).toBe(reads);
    expect(user.transcript().filter((m) => m.text.includes(id))).toHaveLength(1);
    // Other swaps are still followed.
    control.setStatus(other, "confirmation");
    await clock.until(
      () => pushed(user, other, "confirming"),
      PUSH_BOUND_MS,
      "the other swap pushed",
    );
  }, 60_000);
});

describe("swaps of another exchange", () => {
  it("a swap created on the sandbox is never read on the configured exchange, and /history and /status mark it", async () => {
    h = await start();
    const { control } = h.sandbox;
    const user = h.tg.user();
    // The embedded sandbox's swap, left in the database when EXCHANGE_API_URL was set. The
    // configured exchange happens to know the same id (so a read would succeed and push).
    const elsewhere = await storeSwap(h, user.chatId, SANDBOX_EXCHANGE);
    control.setStatus(elsewhere, "confirmation");
    const own = await storeSwap(h, user.chatId);
    control.setStatus(own, "confirmation");
    await clock.until(() => pushed(user, own, "confirming"), PUSH_BOUND_MS, "the own swap pushed");
    const polls = listReads(h);
    await clock.until(
      () => listReads(h!) >= polls + 3,
      3 * INTERVAL_MS + 5_000,
      "three more polls",
    );

    expect(control.detailReadsOf(elsewhere)).toBe(0);
    expect(user.transcript().some((m) => m.text.includes(`${elsewhere}:`))).toBe(false);
    expect((await h.app.repos.transactions.get(elsewhere))?.status).toBe("wait");

    const history = await user.reply("/history");
    expect(history.text).toContain(elsewhere);
    expect(history.text).toContain("sandbox exchange: no real funds, no longer followed");
    // The swap of this exchange is not marked.
    expect(history.text.match(/no longer followed/g)).toHaveLength(1);

    const status = await user.reply(`/status ${elsewhere}`);
    expect(status.text).toContain(elsewhere);
    expect(status.text).toContain("created on another exchange");
    expect(control.detailReadsOf(elsewhere)).toBe(0);
  }, 60_000);

  it("swaps recorded before swaps named their exchange are the configured exchange's after a restart", async () => {
    h = await start();
    const { control } = h.sandbox;
    const user = h.tg.user();
    // A row as the migration leaves one of a real exchange: no exchange named.
    const legacy = await storeSwap(h, user.chatId, "");
    await h.restart();
    expect((await h.app.repos.transactions.get(legacy))?.exchange).toBe(h.app.exchangeId);
    control.setStatus(legacy, "confirmation");
    await clock.until(
      () => pushed(user, legacy, "confirming"),
      PUSH_BOUND_MS,
      "the legacy swap pushed",
    );
  }, 60_000);
});
