import { describe, expect, it } from "vitest";
import { newTransaction, tempDatabase } from "./helpers.ts";

describe("transactions repository", () => {
  it("stores a created transaction and reads it back as given", () => {
    const { repos } = tempDatabase();
    const record = newTransaction({ id: "a1", amountIn: "0.000000000000000001" });
    expect(repos.transactions.insert(record, 1_000)).toBe(true);
    expect(repos.transactions.get("a1")).toEqual({
      ...record,
      statusChangedAt: 1_000,
      insertedAt: 1_000,
      cardMessageId: null,
      lastCheckedAt: null,
    });
    expect(repos.transactions.exists("a1")).toBe(true);
  });

  it("does not overwrite a transaction stored twice (the reconciler may adopt it first)", () => {
    const { repos } = tempDatabase();
    repos.transactions.insert(newTransaction({ id: "a1", status: "confirmation" }));
    expect(repos.transactions.insert(newTransaction({ id: "a1", status: "wait" }))).toBe(false);
    expect(repos.transactions.get("a1")?.status).toBe("confirmation");
  });

  it("does not show a transaction to another chat", () => {
    const { repos } = tempDatabase();
    repos.transactions.insert(newTransaction({ id: "mine", chatId: 1 }));
    expect(repos.transactions.getForChat(1, "mine")?.id).toBe("mine");
    expect(repos.transactions.getForChat(2, "mine")).toBeUndefined();
    expect(repos.transactions.latestForChat(2)).toBeUndefined();
    expect(repos.transactions.pageForChat(2, { limit: 10, offset: 0 })).toEqual({
      items: [],
      total: 0,
    });
  });

  it("pages a chat's history newest first with its total", () => {
    const { repos } = tempDatabase();
    for (const [id, createdAt] of [
      ["old", "2026-01-01T00:00:00Z"],
      ["new", "2026-03-01T00:00:00Z"],
      ["mid", "2026-02-01T00:00:00Z"],
    ] as const) {
      repos.transactions.insert(newTransaction({ id, chatId: 7, createdAt }));
    }
    repos.transactions.insert(newTransaction({ id: "other", chatId: 8 }));
    expect(repos.transactions.latestForChat(7)?.id).toBe("new");
    const first = repos.transactions.pageForChat(7, { limit: 2, offset: 0 });
    expect(first.items.map((t) => t.id)).toEqual(["new", "mid"]);
    expect(first.total).toBe(3);
    expect(
      repos.transactions.pageForChat(7, { limit: 2, offset: 2 }).items.map((t) => t.id),
    ).toEqual(["old"]);
  });

  it("lists open transactions oldest first, unknown statuses included, terminal ones not", () => {
    const { repos } = tempDatabase();
    const rows = [
      ["done", "success", "2026-01-01T00:00:00Z"],
      ["late", "overdue", "2026-01-01T00:00:01Z"],
      ["back", "refunded", "2026-01-01T00:00:02Z"],
      ["b", "exchanging", "2026-01-03T00:00:00Z"],
      ["a", "wait", "2026-01-02T00:00:00Z"],
      ["odd", "on_hold", "2026-01-04T00:00:00Z"],
    ] as const;
    for (const [id, status, createdAt] of rows) {
      repos.transactions.insert(newTransaction({ id, status, createdAt }));
    }
    expect(repos.transactions.listOpen().map((t) => [t.id, t.status])).toEqual([
      ["a", "wait"],
      ["b", "exchanging"],
      ["odd", "on_hold"],
    ]);
    expect(repos.transactions.oldestOpenCreatedAt()).toBe("2026-01-02T00:00:00Z");
    expect(repos.transactions.countOpen()).toBe(3);
    expect(repos.transactions.openByStatus()).toEqual({ wait: 1, exchanging: 1, on_hold: 1 });
  });

  it("has no oldest open transaction when none is open", () => {
    const { repos } = tempDatabase();
    repos.transactions.insert(newTransaction({ status: "success" }));
    expect(repos.transactions.oldestOpenCreatedAt()).toBeUndefined();
    expect(repos.transactions.countOpen()).toBe(0);
  });

  describe("applyStatus", () => {
    it("writes the change and exactly one outbox row for it", () => {
      const { repos } = tempDatabase();
      repos.transactions.insert(newTransaction({ id: "t", chatId: 5 }), 1_000);
      expect(repos.transactions.applyStatus("t", "confirmation", 2_000)).toBe(true);
      expect(repos.transactions.get("t")).toMatchObject({
        status: "confirmation",
        statusChangedAt: 2_000,
        lastCheckedAt: 2_000,
      });
      expect(repos.notifications.forTransaction("t")).toMatchObject([
        {
          transactionId: "t",
          chatId: 5,
          status: "confirmation",
          sentAt: null,
          nextAttemptAt: 2_000,
        },
      ]);
    });

    it("queues nothing when the status did not change", () => {
      const { repos } = tempDatabase();
      repos.transactions.insert(newTransaction({ id: "t", status: "wait" }), 1_000);
      expect(repos.transactions.applyStatus("t", "wait", 2_000)).toBe(false);
      expect(repos.notifications.forTransaction("t")).toEqual([]);
      expect(repos.transactions.get("t")).toMatchObject({
        statusChangedAt: 1_000,
        lastCheckedAt: 2_000,
      });
    });

    it("queues one row per change across a swap's life", () => {
      const { repos } = tempDatabase();
      repos.transactions.insert(newTransaction({ id: "t" }));
      for (const status of ["confirmation", "confirmation", "exchanging", "success", "success"]) {
        repos.transactions.applyStatus("t", status);
      }
      expect(repos.notifications.forTransaction("t").map((n) => n.status)).toEqual([
        "confirmation",
        "exchanging",
        "success",
      ]);
    });

    it("keeps a status the spec does not list and announces it", () => {
      const { repos } = tempDatabase();
      repos.transactions.insert(newTransaction({ id: "t" }));
      expect(repos.transactions.applyStatus("t", "hold_kyc")).toBe(true);
      expect(repos.transactions.get("t")?.status).toBe("hold_kyc");
      expect(repos.notifications.forTransaction("t").map((n) => n.status)).toEqual(["hold_kyc"]);
    });

    it("announces a status only once even if the swap comes back to it", () => {
      const { repos } = tempDatabase();
      repos.transactions.insert(newTransaction({ id: "t", status: "wait" }));
      repos.transactions.applyStatus("t", "confirmation");
      repos.transactions.applyStatus("t", "wait");
      expect(repos.transactions.applyStatus("t", "confirmation")).toBe(true);
      expect(repos.notifications.forTransaction("t").map((n) => n.status)).toEqual([
        "confirmation",
        "wait",
      ]);
    });

    it("ignores an id it does not know", () => {
      const { repos } = tempDatabase();
      expect(repos.transactions.applyStatus("ghost", "success")).toBe(false);
      expect(repos.notifications.pendingCount()).toBe(0);
    });

    it("stores the details that came with the status, keeping what a null would erase", () => {
      const { repos } = tempDatabase();
      repos.transactions.insert(newTransaction({ id: "t", networkFrom: "BTC", networkTo: null }));
      repos.transactions.applyProgress("t", {
        status: "exchanging",
        amountOut: null,
        rate: "25.5",
        txHashIn: "in-hash",
        txHashOut: null,
        refundAddress: null,
        networkFrom: "bitcoin",
        networkTo: "ERC20",
      });
      repos.transactions.applyStatus("t", "success", Date.now(), {
        amountOut: "3.14",
        txHashIn: null,
        txHashOut: "out-hash",
      });
      expect(repos.transactions.get("t")).toMatchObject({
        status: "success",
        amountOut: "3.14",
        rate: "25.5",
        txHashIn: "in-hash",
        txHashOut: "out-hash",
        networkFrom: "BTC",
        networkTo: "ERC20",
      });
    });

    it("writes neither the status nor the notification when the outbox insert fails", () => {
      const { repos, sqlite } = tempDatabase();
      repos.transactions.insert(newTransaction({ id: "t", status: "wait" }));
      sqlite.exec(
        "create trigger outbox_down before insert on notifications begin select raise(abort, 'outbox down'); end",
      );
      expect(() => repos.transactions.applyStatus("t", "confirmation")).toThrow(/outbox down/);
      expect(repos.transactions.get("t")?.status).toBe("wait");
      sqlite.exec("drop trigger outbox_down");
      expect(repos.transactions.applyStatus("t", "confirmation")).toBe(true);
      expect(repos.notifications.pendingCount()).toBe(1);
    });

    it("joins a caller's transaction, rolling back with it", () => {
      const { db, repos } = tempDatabase();
      repos.transactions.insert(newTransaction({ id: "t", status: "wait" }));
      expect(() =>
        db.transaction(() => {
          repos.transactions.applyStatus("t", "confirmation");
          throw new Error("caller failed");
        }),
      ).toThrow("caller failed");
      expect(repos.transactions.get("t")?.status).toBe("wait");
      expect(repos.notifications.pendingCount()).toBe(0);
    });
  });

  it("updates details without a status change or notification", () => {
    const { repos } = tempDatabase();
    repos.transactions.insert(newTransaction({ id: "t", status: "exchanging" }), 1_000);
    expect(repos.transactions.updateDetails("t", { txHashIn: "h", rate: "2" })).toBe(true);
    expect(repos.transactions.get("t")).toMatchObject({
      status: "exchanging",
      txHashIn: "h",
      rate: "2",
      statusChangedAt: 1_000,
    });
    expect(repos.notifications.pendingCount()).toBe(0);
    expect(repos.transactions.updateDetails("ghost", { rate: "1" })).toBe(false);
  });

  it("remembers the status card and when transactions were checked", () => {
    const { repos } = tempDatabase();
    repos.transactions.insert(newTransaction({ id: "t1" }));
    repos.transactions.insert(newTransaction({ id: "t2" }));
    repos.transactions.insert(newTransaction({ id: "t3" }));
    expect(repos.transactions.setCardMessage("t1", 42)).toBe(true);
    expect(repos.transactions.setCardMessage("ghost", 42)).toBe(false);
    repos.transactions.markChecked(["t1", "t2"], 9_000);
    expect(repos.transactions.get("t1")).toMatchObject({ cardMessageId: 42, lastCheckedAt: 9_000 });
    expect(repos.transactions.get("t2")?.lastCheckedAt).toBe(9_000);
    expect(repos.transactions.get("t3")?.lastCheckedAt).toBeNull();
  });

  it("marks many transactions checked at once", () => {
    const { db, repos } = tempDatabase();
    const ids = Array.from({ length: 1_200 }, (_, i) => `bulk${i}`);
    db.transaction(() => {
      for (const id of ids) repos.transactions.insert(newTransaction({ id }));
    });
    repos.transactions.markChecked(ids, 5);
    expect(repos.transactions.listOpen().every((t) => t.lastCheckedAt === 5)).toBe(true);
  });
});
