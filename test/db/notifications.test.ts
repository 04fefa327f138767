import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import { createRepositories } from "../../src/db/repositories.ts";
import { newTransaction, tempDatabase } from "./helpers.ts";

/** A database with transactions t1 (chat 1) and t2 (chat 2). */
function outbox() {
  const database = tempDatabase();
  database.repos.transactions.insert(newTransaction({ id: "t1", chatId: 1 }));
  database.repos.transactions.insert(newTransaction({ id: "t2", chatId: 2 }));
  return database;
}

describe("notifications outbox", () => {
  it("hands out due notifications oldest first", () => {
    const { repos } = outbox();
    repos.transactions.applyStatus("t2", "confirmation", 1_000);
    repos.transactions.applyStatus("t1", "confirmation", 2_000);
    expect(repos.notifications.due(10, 2_000)).toEqual([
      {
        id: expect.any(Number),
        kind: "status",
        transactionId: "t2",
        intentKey: null,
        chatId: 2,
        status: "confirmation",
        attempts: 0,
        maybeSentAt: null,
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
      },
    ]);
    expect(repos.notifications.due(1, 2_000).map((n) => n.transactionId)).toEqual(["t2"]);
    expect(repos.notifications.due(10, 1_500).map((n) => n.transactionId)).toEqual(["t2"]);
  });

  it("never hands out a notification again once it is marked sent", () => {
    const { repos } = outbox();
    repos.transactions.applyStatus("t1", "confirmation", 1_000);
    const [first] = repos.notifications.due(10, 1_000);
    repos.notifications.markSent(first!.id, 1_100);
    repos.notifications.markSent(first!.id, 1_200);
    expect(repos.notifications.due(10, 10_000)).toEqual([]);
    expect(repos.notifications.forTransaction("t1")[0]?.sentAt).toBe(1_100);
    expect(repos.notifications.pendingCount()).toBe(0);
  });

  it("retries a failed send at the time given, counting attempts", () => {
    const { repos } = outbox();
    repos.transactions.applyStatus("t1", "confirmation", 1_000);
    const [first] = repos.notifications.due(10, 1_000);
    repos.notifications.markFailed(first!.id, "Telegram 500", 6_000);
    expect(repos.notifications.due(10, 5_999)).toEqual([]);
    expect(repos.notifications.due(10, 6_000)).toMatchObject([{ id: first!.id, attempts: 1 }]);
    expect(repos.notifications.forTransaction("t1")[0]?.lastError).toBe("Telegram 500");
    expect(repos.notifications.pendingCount()).toBe(1);
  });

  it("holds a later status back until the earlier one of the same swap is sent", () => {
    const { repos } = outbox();
    repos.transactions.applyStatus("t1", "confirmation", 1_000);
    repos.transactions.applyStatus("t1", "exchanging", 1_001);
    const [confirming] = repos.notifications.due(10, 2_000);
    expect(confirming?.status).toBe("confirmation");
    expect(repos.notifications.due(10, 2_000)).toHaveLength(1);
    repos.notifications.markFailed(confirming!.id, "flaky", 3_000);
    expect(repos.notifications.due(10, 2_500)).toEqual([]);
    repos.notifications.markSent(confirming!.id, 3_000);
    expect(repos.notifications.due(10, 3_000).map((n) => n.status)).toEqual(["exchanging"]);
  });

  it("skips chats that blocked the bot until they come back", () => {
    const { repos } = outbox();
    repos.transactions.applyStatus("t1", "confirmation", 1_000);
    repos.transactions.applyStatus("t2", "confirmation", 1_000);
    repos.chats.markBlocked(1);
    expect(repos.notifications.due(10, 2_000).map((n) => n.chatId)).toEqual([2]);
    expect(repos.notifications.pendingCount()).toBe(2);
    repos.chats.markUnblocked(1);
    expect(repos.notifications.due(10, 2_000).map((n) => n.chatId)).toEqual([1, 2]);
  });

  it("drops a chat's backlog without letting the same changes be queued again", () => {
    const { repos } = outbox();
    repos.transactions.applyStatus("t1", "confirmation", 1_000);
    repos.transactions.applyStatus("t2", "confirmation", 1_000);
    expect(repos.notifications.dropForChat(1, "stale backlog")).toBe(1);
    expect(repos.notifications.due(10, 2_000).map((n) => n.chatId)).toEqual([2]);
    expect(repos.notifications.enqueue("t1", 1, "confirmation")).toBe(false);
    expect(repos.notifications.pendingCount()).toBe(1);
  });

  it("picks up after a restart where it stopped", () => {
    const { repos, path, close } = outbox();
    repos.transactions.applyStatus("t1", "confirmation", 1_000);
    repos.transactions.applyStatus("t2", "confirmation", 1_000);
    const [sent] = repos.notifications.due(1, 1_000);
    repos.notifications.markSent(sent!.id);
    close();
    const reopened = openDatabase(path);
    try {
      const due = createRepositories(reopened.db).notifications.due(10, 2_000);
      expect(due.map((n) => n.transactionId)).toEqual(["t2"]);
    } finally {
      reopened.close();
    }
  });

  it("keeps error texts short", () => {
    const { repos } = outbox();
    repos.transactions.applyStatus("t1", "confirmation", 1_000);
    const [first] = repos.notifications.due(10, 1_000);
    repos.notifications.markFailed(first!.id, "x".repeat(10_000), 2_000);
    expect(repos.notifications.forTransaction("t1")[0]?.lastError).toHaveLength(500);
  });
});
