import { afterEach, describe, expect, it } from "vitest";
import { SPEC_LIMITS } from "../../src/sandbox/limits.ts";
import type { FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, step, toSummary } from "../support/flows.ts";
import { swapOf } from "../support/seed-swaps.ts";
import { until } from "../support/until.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The note of a card shown from what the bot knows, with how old it is. */
const KNOWN =
  /last heard from the exchange, \d+ (s|min|h) ago \([A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d UTC\)/;

/** Open swaps of `chatId` created upstream `agoMs` ago, stored as the bot would have. */
function storeSwaps(harness: Harness, chatId: number, count: number, agoMs = 0): string[] {
  const ids = harness.sandbox.control.seed(count, {
    createdAt: Date.now() - agoMs,
    spreadOverMs: 0,
  });
  for (const [n, id] of ids.entries()) {
    harness.app.repos.transactions.insert(
      swapOf(harness.sandbox.control, id, chatId, harness.app.exchangeId),
    );
    // Their deposit messages went out (a swap without one is answered with that message).
    harness.app.repos.transactions.setStatusCard(id, 1_000 + n);
  }
  return ids;
}

const detailReads = () => h!.sandbox.control.stats.byEndpoint.get ?? 0;

/** /status of a swap, and its card: the one message /status answers with, named by the swap. */
const status = (user: FakeUser, id: string) => step(user, `/status ${id}`, id);

describe("a chat's share of /status reads", () => {
  it("a chat that asks beyond its share is answered from what the bot knows, saying how fresh it is; other chats still get live reads", async () => {
    // A long poll: the tracker does not read these swaps during the test.
    h = await startHarness({ env: { STATUS_POLL_INTERVAL_MS: "600000" } });
    const eager = h.tg.user();
    const other = h.tg.user();
    // Nine swaps, asked about one after the other within a few seconds: whatever the phase of
    // the share's 10 s window, at least five of them fall in one window, beyond the share of 4.
    const ids = storeSwaps(h, eager.chatId, 9);
    const [theirs] = storeSwaps(h, other.chatId, 1);
    const before = detailReads();
    const live: string[] = [];
    const known: string[] = [];
    for (const id of ids) {
      const card = await status(eager, id);
      expect(card.text).toContain(id);
      (KNOWN.test(card.text) ? known : live).push(id);
    }
    expect(known.length).toBeGreaterThanOrEqual(1);
    expect(live.length).toBeLessThanOrEqual(8);
    // Each live answer cost one read of the exchange; the known ones none.
    expect(detailReads() - before).toBe(live.length);

    const card = await status(other, theirs!);
    expect(card.text).toContain(theirs);
    expect(card.text).not.toMatch(KNOWN);
    expect(detailReads() - before).toBe(live.length + 1);
  });

  it("a swap read a few seconds ago is shown again without asking the exchange", async () => {
    h = await startHarness({ env: { STATUS_POLL_INTERVAL_MS: "600000" } });
    const user = h.tg.user();
    const [id] = storeSwaps(h, user.chatId, 1);
    const before = detailReads();
    const first = await status(user, id!);
    expect(first.text).toContain("Status: waiting");
    expect(detailReads() - before).toBe(1);
    const again = await status(user, id!);
    expect(again.text).toContain("Status: waiting");
    expect(again.text).not.toMatch(KNOWN);
    expect(detailReads() - before).toBe(1);
  });
});

describe("the users' half of the read budget", () => {
  it("when users have nearly spent it, /status says many are asking, and a new swap's read-back still gets its read", async () => {
    // 12 reads a minute: users may take 6, of which /status leaves the last one to new swaps.
    h = await startHarness({
      env: { STATUS_POLL_INTERVAL_MS: "600000", EXCHANGE_LIMIT_READ_PER_MIN: "12" },
    });
    const [a, b, creator] = [h.tg.user(), h.tg.user(), h.tg.user()];
    const before = detailReads();
    for (const [user, ids] of [
      [a, storeSwaps(h, a.chatId, 3)],
      [b, storeSwaps(h, b.chatId, 2)],
    ] as const) {
      for (const id of ids) expect((await status(user, id)).text).not.toMatch(KNOWN);
    }
    expect(detailReads() - before).toBe(5);
    const [last] = storeSwaps(h, b.chatId, 1);
    const busy = await status(b, last!);
    expect(busy.text).toMatch(KNOWN);
    expect(busy.text).toContain("many people are asking");
    expect(detailReads() - before).toBe(5);

    await toSummary(creator);
    h.sandbox.control.alterNextCreate({ amount_in: 0.05 });
    const deposit = await step(creator, "confirm", "Swap created");
    expect(deposit.text).toContain("Send exactly 0.5 BTC");
    expect(detailReads() - before).toBe(6);
  });
});

describe("a chat's share of swap creations", () => {
  it("a chat that has created its share of the minute is told when it may confirm again, and nothing is created; other chats still create", async () => {
    // A create budget of 2 a minute: one chat may take 1 of it.
    h = await startHarness({ env: { EXCHANGE_LIMIT_CREATE_PER_MIN: "2" } });
    const busy = h.tg.user();
    const other = h.tg.user();
    await createSwapViaChat(busy, "0.5");
    const created = h.sandbox.control.transactions().length;
    await toSummary(busy, "0.6");
    const refusal = await step(busy, "confirm", "may confirm again");
    const seconds = Number(/confirm again in (\d+) s/.exec(refusal.text)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refusal.text).toContain("1 swap in the last minute");
    expect(h.sandbox.control.transactions()).toHaveLength(created);
    // The summary stays: its Confirm button is offered again.
    expect(
      (refusal.replyMarkup?.inline_keyboard.flat() ?? []).some((b) => b.text.includes("Confirm")),
    ).toBe(true);

    await createSwapViaChat(other, "0.7");
    expect(h.sandbox.control.transactions()).toHaveLength(created + 1);
  });
});

describe("users cannot starve the tracker", () => {
  it("four chats asking /status or tapping Refresh every half second for 45 s: a fifth chat's two changes are still pushed within 3 polls + 10 s, a sixth chat's new swap is still read back, and the exchange never answers 429", async () => {
    const POLL_MS = 1_000;
    h = await startHarness({
      sandbox: { limits: SPEC_LIMITS },
      env: { STATUS_POLL_INTERVAL_MS: String(POLL_MS) },
    });
    const harness = h;
    const askers = Array.from({ length: 4 }, () => harness.tg.user());
    // Each asker has twelve swaps that have waited two hours, asked about in turn, below the
    // 2,000 transactions a website sharing the key made since: the tracker reads them only every
    // two minutes and each is asked for every 6 s, so no answer comes from a read of the last few
    // seconds. Every /status needs a read of its own, or the chat's share is spent.
    harness.sandbox.control.seed(2_000, { status: "success", spreadOverMs: 6_000_000 });
    const theirs = new Map(
      askers.map((u) => [u, storeSwaps(harness, u.chatId, 12, 2 * 3_600_000)]),
    );
    const watcher = harness.tg.user();
    const creator = harness.tg.user();
    const [watched] = storeSwaps(harness, watcher.chatId, 1);
    const pushed = (word: string) => () =>
      watcher.transcript().some((m) => m.text.includes(`${watched}: ${word}`));

    // Two chats send /status; the other two alternate it with a tap on the last card's Refresh.
    let asked = 0;
    const asking = setInterval(() => {
      askers.forEach((user, i) => {
        const ids = theirs.get(user)!;
        if (i >= 2 && asked % 2 === 1) void user.press("Refresh").catch(() => undefined);
        else void user.send(`/status ${ids[asked % ids.length]}`);
      });
      asked++;
    }, 500);
    const started = Date.now();
    try {
      // The load has taken hold: every asker has asked beyond its share (answered from what the
      // bot knows) before the first change is made.
      await until(
        () => askers.every((u) => u.transcript().some((m) => KNOWN.test(m.text))),
        20_000,
        "every asker beyond its share",
      );
      harness.sandbox.control.setStatus(watched!, "confirmation");
      await until(pushed("confirming"), 3 * POLL_MS + 10_000, "the first change pushed");
      await new Promise((r) => setTimeout(r, 15_000));
      harness.sandbox.control.setStatus(watched!, "exchanging");
      await until(pushed("exchanging"), 3 * POLL_MS + 10_000, "the second change pushed");
      // A swap created meanwhile whose create answer must be read back still gets its read.
      await toSummary(creator);
      harness.sandbox.control.alterNextCreate({ amount_in: 0.05 });
      const deposit = await step(creator, "confirm", "Swap created", 15_000);
      expect(deposit.text).toContain("Send exactly 0.5 BTC");
      // 45 s and 90 rounds: on a loaded machine the half-second timer ticks late, and the load is
      // what the test is about.
      await until(
        () => asked >= 90 && Date.now() - started >= 45_000,
        60_000,
        "90 rounds of asking over at least 45 s",
      );
    } finally {
      clearInterval(asking);
    }
    await harness.tg.settle(2_000);
    expect(harness.sandbox.control.stats.served429).toBe(0);
    for (const [i, user] of askers.entries()) {
      const cards = user.transcript().filter((m) => m.text.includes("Status:"));
      // Every asker was answered, mostly from what the bot knew, saying how fresh it was.
      expect(cards.length).toBeGreaterThan(i >= 2 ? 20 : 40);
      expect(cards.some((m) => KNOWN.test(m.text))).toBe(true);
      if (i >= 2) expect(cards.some((m) => m.edited)).toBe(true);
    }
  }, 120_000);
});
