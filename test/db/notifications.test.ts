import { describe, expect, it } from "vitest";
import { dialects, newTransaction, tempPgDatabase } from "./helpers.ts";

describe.each(dialects)("notifications outbox ($dialect)", ({ open }) => {
  /** A store with transactions t1 (chat 1) and t2 (chat 2). */
  async function outbox() {
    const store = await open();
    await store.repos.transactions.insert(newTransaction({ id: "t1", chatId: 1 }));
    await store.repos.transactions.insert(newTransaction({ id: "t2", chatId: 2 }));
    return store;
  }

  it("hands out due notifications oldest first", async () => {
    const { repos } = await outbox();
    await repos.transactions.applyStatus("t2", "confirmation", 1_000);
    await repos.transactions.applyStatus("t1", "confirmation", 2_000);
    expect(await repos.notifications.claimDue(10, 2_000, "me", 60_000)).toEqual([
      {
        id: expect.any(Number),
        kind: "status",
        transactionId: "t2",
        intentKey: null,
        chatId: 2,
        status: "confirmation",
        attempts: 0,
        maybeSentAt: null,
        dedupeKey: "status:t2:confirmation",
      },
      {
        id: expect.any(Number),
        kind: "status",
        transactionId: "t1",
        intentKey: null,
        chatId: 1,
        status: "confirmation",
        attempts: 0,
        maybeSentAt: null,
        dedupeKey: "status:t1:confirmation",
      },
    ]);
    expect(
      (await repos.notifications.claimDue(1, 2_000, "me", 60_000)).map((n) => n.transactionId),
    ).toEqual(["t2"]);
    expect(
      (await repos.notifications.claimDue(10, 1_500, "me", 60_000)).map((n) => n.transactionId),
    ).toEqual(["t2"]);
  });

  it("never hands out a notification again once it is marked sent", async () => {
    const { repos } = await outbox();
    await repos.transactions.applyStatus("t1", "confirmation", 1_000);
    const [first] = await repos.notifications.claimDue(10, 1_000, "me", 60_000);
    await repos.notifications.markSent(first!.id, 1_100);
    await repos.notifications.markSent(first!.id, 1_200);
    expect(await repos.notifications.claimDue(10, 10_000, "me", 60_000)).toEqual([]);
    expect((await repos.notifications.forTransaction("t1"))[0]?.sentAt).toBe(1_100);
    expect(await repos.notifications.pendingCount()).toBe(0);
  });

  it("retries a failed send at the time given, counting attempts", async () => {
    const { repos } = await outbox();
    await repos.transactions.applyStatus("t1", "confirmation", 1_000);
    const [first] = await repos.notifications.claimDue(10, 1_000, "me", 60_000);
    await repos.notifications.retryLater(first!.id, "Telegram 500", 6_000);
    expect(await repos.notifications.claimDue(10, 5_999, "me", 60_000)).toEqual([]);
    expect(await repos.notifications.claimDue(10, 6_000, "me", 60_000)).toMatchObject([
      { id: first!.id, attempts: 1 },
    ]);
    expect((await repos.notifications.forTransaction("t1"))[0]?.lastError).toBe("Telegram 500");
    expect(await repos.notifications.pendingCount()).toBe(1);
  });

  it("remembers a send that may have been delivered", async () => {
    const { repos } = await outbox();
    await repos.transactions.applyStatus("t1", "confirmation", 1_000);
    const [first] = await repos.notifications.claimDue(10, 1_000, "me", 60_000);
    await repos.notifications.retryLater(first!.id, "timeout", 2_000, true);
    expect(await repos.notifications.claimDue(10, 2_000, "me", 60_000)).toMatchObject([
      { maybeSentAt: 2_000 },
    ]);
  });

  it("holds a later status back until the earlier one of the same swap is sent", async () => {
    const { repos } = await outbox();
    await repos.transactions.applyStatus("t1", "confirmation", 1_000);
    await repos.transactions.applyStatus("t1", "exchanging", 1_001);
    const [confirming] = await repos.notifications.claimDue(10, 2_000, "me", 60_000);
    expect(confirming?.status).toBe("confirmation");
    expect(await repos.notifications.claimDue(10, 2_000, "me", 60_000)).toHaveLength(1);
    await repos.notifications.retryLater(confirming!.id, "flaky", 3_000);
    expect(await repos.notifications.claimDue(10, 2_500, "me", 60_000)).toEqual([]);
    await repos.notifications.markSent(confirming!.id, 3_000);
    expect(
      (await repos.notifications.claimDue(10, 3_000, "me", 60_000)).map((n) => n.status),
    ).toEqual(["exchanging"]);
  });

  it("skips chats that blocked the bot until they come back", async () => {
    const { repos } = await outbox();
    await repos.transactions.applyStatus("t1", "confirmation", 1_000);
    await repos.transactions.applyStatus("t2", "confirmation", 1_000);
    await repos.chats.markBlocked(1);
    expect(
      (await repos.notifications.claimDue(10, 2_000, "me", 60_000)).map((n) => n.chatId),
    ).toEqual([2]);
    expect(await repos.notifications.pendingCount()).toBe(2);
    await repos.chats.touch(1, "private");
    expect(
      (await repos.notifications.claimDue(10, 2_000, "me", 60_000)).map((n) => n.chatId),
    ).toEqual([1, 2]);
  });

  it("drops messages without letting them be queued again", async () => {
    const { repos } = await outbox();
    await repos.transactions.applyStatus("t1", "confirmation", 1_000);
    await repos.transactions.applyStatus("t2", "confirmation", 1_000);
    const [first] = await repos.notifications.claimDue(1, 2_000, "me", 60_000);
    await repos.notifications.drop(first!.id, "stale backlog");
    expect(
      (await repos.notifications.claimDue(10, 2_000, "me", 60_000)).map((n) => n.chatId),
    ).toEqual([2]);
    expect(await repos.notifications.enqueue("t1", 1, "confirmation")).toBe(false);
    expect(await repos.notifications.pendingCount()).toBe(1);
    const [left] = await repos.notifications.claimDue(10, 2_000, "me", 60_000);
    await repos.notifications.drop(left!.id, "chat not found");
    expect(await repos.notifications.pendingCount()).toBe(0);
    expect((await repos.notifications.forTransaction("t2"))[0]).toMatchObject({
      sentAt: null,
      lastError: "chat not found",
    });
  });

  it("queues a message of another kind once per key", async () => {
    const { repos } = await outbox();
    const message = { kind: "not-created", chatId: 3, intentKey: "k", dedupeKey: "nc:k" } as const;
    expect(await repos.notifications.enqueueOutbox(message, 1_000)).toBe(true);
    expect(await repos.notifications.enqueueOutbox(message, 1_001)).toBe(false);
    expect(await repos.notifications.claimDue(10, 1_000, "me", 60_000)).toMatchObject([
      { kind: "not-created", chatId: 3, intentKey: "k", transactionId: null, status: null },
    ]);
  });

  it("hands out a status push's receipts as such (the card, the payout message), a stuck notice as none", async () => {
    const { repos } = await outbox();
    await repos.transactions.insert(newTransaction({ id: "t3", chatId: 3 }));
    await repos.transactions.applyProgress("t1", { status: "success" }, 1_000);
    await repos.transactions.applyProgress("t2", { status: "confirmation" }, 1_000);
    // Every push sent (skipped states are announced too, each behind the one before).
    for (let due = await repos.notifications.claimDue(10, 1_000, "me", 60_000); due.length > 0; ) {
      for (const push of due) await repos.notifications.markSent(push.id, 1_050);
      due = await repos.notifications.claimDue(10, 1_000, "me", 60_000);
    }
    // The pushes went out without the hashes a detail read adds afterwards.
    await repos.transactions.applyReceipt("t1", { status: "success", txHashOut: "out" }, 1_100);
    await repos.transactions.applyReceipt("t2", { status: "confirmation", txHashIn: "in" }, 1_100);
    await repos.notifications.queueStuck({ id: "t3", chatId: 3, status: "wait" }, 1_100);
    const due = await repos.notifications.claimDue(10, 2_000, "me", 60_000);
    expect(due.map(({ transactionId, kind, receipt }) => [transactionId, kind, receipt])).toEqual([
      ["t1", "stuck", "message"],
      ["t2", "stuck", "card"],
      ["t3", "stuck", undefined],
    ]);
  });

  it("picks up after a restart where it stopped", async () => {
    const { repos, reopen } = await outbox();
    await repos.transactions.applyStatus("t1", "confirmation", 1_000);
    await repos.transactions.applyStatus("t2", "confirmation", 1_000);
    const [sent] = await repos.notifications.claimDue(1, 1_000, "me", 60_000);
    await repos.notifications.markSent(sent!.id);
    const reopened = await reopen();
    const due = await reopened.notifications.claimDue(10, 2_000, "me", 60_000);
    expect(due.map((n) => n.transactionId)).toEqual(["t2"]);
  });

  it("keeps error texts short", async () => {
    const { repos } = await outbox();
    await repos.transactions.applyStatus("t1", "confirmation", 1_000);
    const [first] = await repos.notifications.claimDue(10, 1_000, "me", 60_000);
    await repos.notifications.retryLater(first!.id, "x".repeat(10_000), 2_000);
    expect((await repos.notifications.forTransaction("t1"))[0]?.lastError).toHaveLength(500);
  });
});

describe("claiming the outbox (PostgreSQL, several senders)", () => {
  async function queued(count: number) {
    const database = await tempPgDatabase();
    const { repos } = database;
    for (let i = 0; i < count; i++) {
      await repos.transactions.insert(newTransaction({ id: `c${i}`, chatId: i }));
      await repos.transactions.applyStatus(`c${i}`, "confirmation", 1_000);
    }
    return database;
  }

  it("gives each due row to one sender while its claim lasts", async () => {
    const { repos } = await queued(30);
    const claims = await Promise.all(
      ["a", "b", "c"].map((owner) => repos.notifications.claimDue(12, 2_000, owner, 30_000)),
    );
    const ids = claims.flat().map((n) => n.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(await repos.notifications.claimDue(10, 2_000, "d", 30_000)).toEqual([]);
  });

  it("hands the rows of a sender that died to another once its claim expires", async () => {
    const { repos } = await queued(2);
    const first = await repos.notifications.claimDue(10, 2_000, "dead", 5_000);
    expect(first.map((n) => n.transactionId)).toEqual(["c0", "c1"]);
    expect(await repos.notifications.claimDue(10, 6_999, "alive", 5_000)).toEqual([]);
    const taken = await repos.notifications.claimDue(10, 7_000, "alive", 5_000);
    expect(taken.map((n) => n.id)).toEqual(first.map((n) => n.id));
  });

  it("lets a sender take its own claimed rows again (one it held back for the chat's pace)", async () => {
    const { repos } = await queued(2);
    const first = await repos.notifications.claimDue(10, 2_000, "a", 60_000);
    expect(await repos.notifications.claimDue(10, 2_500, "b", 60_000)).toEqual([]);
    const again = await repos.notifications.claimDue(10, 2_500, "a", 60_000);
    expect(again.map((n) => n.id)).toEqual(first.map((n) => n.id));
  });

  it("lets a retried row be claimed by anyone at its next attempt, and never a sent one", async () => {
    const { repos } = await queued(2);
    const [one, two] = await repos.notifications.claimDue(10, 2_000, "a", 60_000);
    await repos.notifications.markSent(one!.id, 2_100);
    await repos.notifications.retryLater(two!.id, "Telegram 500", 3_000);
    const again = await repos.notifications.claimDue(10, 3_000, "b", 60_000);
    expect(again).toMatchObject([{ id: two!.id, attempts: 1 }]);
    expect(await repos.notifications.claimDue(10, 62_999, "c", 60_000)).toEqual([]);
  });

  it("claims oldest first, holding later statuses back, and gives a sender its own claims again", async () => {
    const { repos } = await queued(1);
    await repos.transactions.applyStatus("c0", "exchanging", 1_500);
    const claimed = await repos.notifications.claimDue(10, 2_000, "a", 60_000);
    expect(claimed.map((n) => n.status)).toEqual(["confirmation"]);
    expect(claimed).toEqual(await repos.notifications.claimDue(1, 2_000, "a", 60_000));
  });
});
