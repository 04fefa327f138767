import { describe, expect, it } from "vitest";
import { LISTED } from "../../src/swaps/swap-queries.ts";
import { dialects, newTransaction, rejection } from "./helpers.ts";

describe.each(dialects)("transactions repository ($dialect)", ({ open }) => {
  it("stores a created transaction and reads it back as given", async () => {
    const { repos } = await open();
    const record = newTransaction({ id: "a1", amountIn: "0.000000000000000001" });
    expect(await repos.transactions.insert(record, 1_000)).toBe(true);
    expect(await repos.transactions.get("a1")).toEqual({
      ...record,
      statusChangedAt: 1_000,
      insertedAt: 1_000,
      cardMessageId: null,
      lastCheckedAt: null,
      notFoundSince: null,
      nextLookupAt: null,
      givenUpAt: null,
    });
    expect(await repos.transactions.exists("a1")).toBe(true);
  });

  it("does not overwrite a transaction stored twice (the reconciler may adopt it first)", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ id: "a1", status: "confirmation" }));
    expect(await repos.transactions.insert(newTransaction({ id: "a1", status: "wait" }))).toBe(
      false,
    );
    expect((await repos.transactions.get("a1"))?.status).toBe("confirmation");
  });

  it("does not show a transaction to another chat", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ id: "mine", chatId: 1 }));
    expect((await repos.transactions.getForChat(1, "mine"))?.id).toBe("mine");
    expect(await repos.transactions.getForChat(2, "mine")).toBeUndefined();
    expect(await repos.transactions.latestForChat(2)).toBeUndefined();
    expect(await repos.transactions.pageForChat(2, { limit: 10, offset: 0 })).toEqual({
      items: [],
      total: 0,
    });
  });

  it("pages a chat's history newest first with its total", async () => {
    const { repos } = await open();
    for (const [id, createdAt] of [
      ["old", "2026-01-01T00:00:00Z"],
      ["new", "2026-03-01T00:00:00Z"],
      ["mid", "2026-02-01T00:00:00Z"],
    ] as const) {
      await repos.transactions.insert(newTransaction({ id, chatId: 7, createdAt }));
    }
    await repos.transactions.insert(newTransaction({ id: "other", chatId: 8 }));
    expect((await repos.transactions.latestForChat(7))?.id).toBe("new");
    const first = await repos.transactions.pageForChat(7, { limit: 2, offset: 0 });
    expect(first.items.map((t) => t.id)).toEqual(["new", "mid"]);
    expect(first.total).toBe(3);
    const second = await repos.transactions.pageForChat(7, { limit: 2, offset: 2 });
    expect(second.items.map((t) => t.id)).toEqual(["old"]);
    expect(second.total).toBe(3);
    // Past the end: no rows to carry the count, the total is still the chat's.
    expect(await repos.transactions.pageForChat(7, { limit: 2, offset: 4 })).toEqual({
      items: [],
      total: 3,
    });
  });

  it("lists a chat's page with only the columns a list shows, as pageForChat has them", async () => {
    const { repos } = await open();
    for (const [id, createdAt] of [
      ["old", "2026-01-01T00:00:00Z"],
      ["new", "2026-03-01T00:00:00Z"],
    ] as const) {
      await repos.transactions.insert(
        newTransaction({ id, chatId: 7, createdAt, txHashIn: `h-${id}`, suspect: id === "old" }),
      );
    }
    await repos.transactions.insert(newTransaction({ id: "other", chatId: 8 }));
    const full = await repos.transactions.pageForChat(7, { limit: 10, offset: 0 });
    const listed = await repos.transactions.listedForChat(7, { limit: 10, offset: 0 });
    expect(listed.total).toBe(2);
    expect(listed.items.map((t) => t.id)).toEqual(["new", "old"]);
    expect(Object.keys(listed.items[0] ?? {}).sort()).toEqual(Object.keys(LISTED).sort());
    expect(listed.items).toEqual(
      full.items.map((swap) =>
        Object.fromEntries(Object.keys(LISTED).map((k) => [k, swap[k as keyof typeof swap]])),
      ),
    );
    expect(listed.items[1]?.suspect).toBe(true);
    expect(await repos.transactions.listedForChat(9, { limit: 10, offset: 0 })).toEqual({
      items: [],
      total: 0,
    });
    expect(await repos.transactions.listedForChat(7, { limit: 10, offset: 5 })).toEqual({
      items: [],
      total: 2,
    });
  });

  it("moves a chat's list version on a swap stored, removed or changed in any listed column, and on nothing else", async () => {
    const { repos, exec } = await open();
    const version = (chatId: number) => repos.transactions.listVersion(chatId);
    expect(await version(7)).toBeUndefined();
    await repos.transactions.insert(newTransaction({ id: "v1", chatId: 7 }));
    let seen = await version(7);
    expect(seen).toBeGreaterThan(0);
    expect(await version(8)).toBeUndefined();
    const moved = async () => {
      const now = await version(7);
      const was = seen;
      seen = now;
      return now !== was;
    };
    const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    // Every column a list shows: a test that fails names it (the migration's trigger lists them).
    for (const key of Object.keys(LISTED).filter((k) => k !== "id")) {
      const value = key === "suspect" ? "true" : `'changed-${key}'`;
      await exec(`update transactions set ${snake(key)} = ${value} where id = 'v1'`);
      expect(`${key}: ${await moved()}`).toBe(`${key}: true`);
    }
    // The same values written again, and the bot's bookkeeping: the list is the same.
    await exec(`update transactions set status = 'changed-status' where id = 'v1'`);
    await repos.transactions.markChecked(["v1"], 5_000);
    await exec(`update transactions set last_checked_at = 9, card_message_id = 3 where id = 'v1'`);
    expect(await moved()).toBe(false);
    await exec(`update transactions set id = 'v2' where id = 'v1'`);
    expect(await moved()).toBe(true);
    // Moved to another chat (never done, but the other chat's list changes too), and removed.
    await exec(`update transactions set chat_id = 8 where id = 'v2'`);
    expect(await moved()).toBe(true);
    expect(await version(8)).toBeGreaterThan(0);
    const before8 = (await version(8)) ?? 0;
    await exec(`delete from transactions where id = 'v2'`);
    expect(await version(8)).toBeGreaterThan(before8);
    expect(await moved()).toBe(false);
  });

  it("a list version made again after /forget removed it starts above every value it had, so a page remembered before never matches", async () => {
    const { repos, rows } = await open();
    await repos.transactions.insert(newTransaction({ id: "a", chatId: 9, status: "new" }));
    // Many changes: a counter restarted at 1 would meet these values again.
    for (const status of ["wait", "confirmation", "exchanging", "sending", "success"]) {
      await repos.transactions.applyProgress("a", { status }, 1_000);
    }
    const before = (await repos.transactions.listVersion(9)) ?? 0;
    expect(before).toBeGreaterThan(0);
    expect(await repos.privacy.forgetChat(9)).toEqual({ deleted: 1, kept: 0 });
    expect(await rows("select chat_id from swap_list_versions where chat_id = 9")).toEqual([]);
    expect(await repos.transactions.listVersion(9)).toBeUndefined();
    await repos.transactions.insert(newTransaction({ id: "b", chatId: 9 }));
    expect(await repos.transactions.listVersion(9)).toBeGreaterThan(before);
  });

  it("lists open transactions oldest first, unknown statuses included, terminal ones not", async () => {
    const { repos } = await open();
    const rows = [
      ["done", "success", "2026-01-01T00:00:00Z"],
      ["late", "overdue", "2026-01-01T00:00:01Z"],
      ["back", "refunded", "2026-01-01T00:00:02Z"],
      ["b", "exchanging", "2026-01-03T00:00:00Z"],
      ["a", "wait", "2026-01-02T00:00:00Z"],
      ["odd", "on_hold", "2026-01-04T00:00:00Z"],
    ] as const;
    for (const [id, status, createdAt] of rows) {
      await repos.transactions.insert(newTransaction({ id, status, createdAt }));
    }
    expect((await repos.transactions.listOpen("sandbox")).map((t) => [t.id, t.status])).toEqual([
      ["a", "wait"],
      ["b", "exchanging"],
      ["odd", "on_hold"],
    ]);
    expect(await repos.transactions.openByStatus()).toEqual({ wait: 1, exchanging: 1, on_hold: 1 });
  });

  it("counts no open transaction when none is open", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ status: "success" }));
    expect(await repos.transactions.openByStatus()).toEqual({});
  });

  describe("applyStatus", () => {
    it("writes the change and exactly one outbox row for it", async () => {
      const { repos } = await open();
      await repos.transactions.insert(newTransaction({ id: "t", chatId: 5 }), 1_000);
      expect(await repos.transactions.applyStatus("t", "confirmation", 2_000)).toBe(true);
      expect(await repos.transactions.get("t")).toMatchObject({
        status: "confirmation",
        statusChangedAt: 2_000,
        lastCheckedAt: 2_000,
      });
      expect(await repos.notifications.forTransaction("t")).toMatchObject([
        {
          transactionId: "t",
          chatId: 5,
          status: "confirmation",
          sentAt: null,
          nextAttemptAt: 2_000,
        },
      ]);
    });

    it("queues nothing when the status did not change", async () => {
      const { repos } = await open();
      await repos.transactions.insert(newTransaction({ id: "t", status: "wait" }), 1_000);
      expect(await repos.transactions.applyStatus("t", "wait", 2_000)).toBe(false);
      expect(await repos.notifications.forTransaction("t")).toEqual([]);
      expect(await repos.transactions.get("t")).toMatchObject({
        statusChangedAt: 1_000,
        lastCheckedAt: 2_000,
      });
    });

    it("queues one row per change across a swap's life", async () => {
      const { repos } = await open();
      await repos.transactions.insert(newTransaction({ id: "t" }));
      for (const status of ["confirmation", "confirmation", "exchanging", "success", "success"]) {
        await repos.transactions.applyStatus("t", status);
      }
      expect((await repos.notifications.forTransaction("t")).map((n) => n.status)).toEqual([
        "confirmation",
        "exchanging",
        "success",
      ]);
    });

    it("keeps a status the spec does not list and announces it", async () => {
      const { repos } = await open();
      await repos.transactions.insert(newTransaction({ id: "t" }));
      expect(await repos.transactions.applyStatus("t", "hold_kyc")).toBe(true);
      expect((await repos.transactions.get("t"))?.status).toBe("hold_kyc");
      expect((await repos.notifications.forTransaction("t")).map((n) => n.status)).toEqual([
        "hold_kyc",
      ]);
    });

    it("announces a status only once even if the swap comes back to it", async () => {
      const { repos } = await open();
      await repos.transactions.insert(newTransaction({ id: "t", status: "wait" }));
      await repos.transactions.applyStatus("t", "confirmation");
      await repos.transactions.applyStatus("t", "wait");
      expect(await repos.transactions.applyStatus("t", "confirmation")).toBe(true);
      expect((await repos.notifications.forTransaction("t")).map((n) => n.status)).toEqual([
        "confirmation",
        "wait",
      ]);
    });

    it("ignores an id it does not know", async () => {
      const { repos } = await open();
      expect(await repos.transactions.applyStatus("ghost", "success")).toBe(false);
      expect(await repos.notifications.pendingCount()).toBe(0);
    });

    it("stores the details that came with the status, keeping what a null would erase", async () => {
      const { repos } = await open();
      await repos.transactions.insert(
        newTransaction({ id: "t", networkFrom: "BTC", networkTo: null }),
      );
      await repos.transactions.applyProgress("t", {
        status: "exchanging",
        amountOut: null,
        rate: "25.5",
        txHashIn: "in-hash",
        txHashOut: null,
        refundAddress: null,
        networkFrom: "bitcoin",
        networkTo: "ERC20",
      });
      await repos.transactions.applyStatus("t", "success", Date.now(), {
        amountOut: "3.14",
        txHashIn: null,
        txHashOut: "out-hash",
      });
      expect(await repos.transactions.get("t")).toMatchObject({
        status: "success",
        amountOut: "3.14",
        rate: "25.5",
        txHashIn: "in-hash",
        txHashOut: "out-hash",
        networkFrom: "BTC",
        networkTo: "ERC20",
      });
    });

    it("writes neither the status nor the notification when the outbox insert fails", async () => {
      const { repos, failOn } = await open();
      await repos.transactions.insert(newTransaction({ id: "t", status: "wait" }));
      const restore = await failOn("notifications", "insert", "outbox down");
      expect(await rejection(repos.transactions.applyStatus("t", "confirmation"))).toMatch(
        /outbox down/,
      );
      expect((await repos.transactions.get("t"))?.status).toBe("wait");
      await restore();
      expect(await repos.transactions.applyStatus("t", "confirmation")).toBe(true);
      expect(await repos.notifications.pendingCount()).toBe(1);
    });
  });

  it("remembers the status card and when transactions were checked", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ id: "t1" }));
    await repos.transactions.insert(newTransaction({ id: "t2" }));
    await repos.transactions.insert(newTransaction({ id: "t3" }));
    expect(await repos.transactions.setStatusCard("t1", 42)).toBe(true);
    expect(await repos.transactions.setStatusCard("ghost", 42)).toBe(false);
    await repos.transactions.markChecked(["t1", "t2"], 9_000);
    expect(await repos.transactions.get("t1")).toMatchObject({
      cardMessageId: 42,
      lastCheckedAt: 9_000,
    });
    expect((await repos.transactions.get("t2"))?.lastCheckedAt).toBe(9_000);
    expect((await repos.transactions.get("t3"))?.lastCheckedAt).toBeNull();
  });

  it("marks many transactions checked at once", async () => {
    const { repos } = await open();
    const ids = Array.from({ length: 1_200 }, (_, i) => `bulk${i}`);
    for (const id of ids) await repos.transactions.insert(newTransaction({ id }));
    await repos.transactions.markChecked(ids, 5);
    expect((await repos.transactions.listOpen("sandbox")).every((t) => t.lastCheckedAt === 5)).toBe(
      true,
    );
  });
});

describe.each(dialects)("following swaps the exchange does not know ($dialect)", ({ open }) => {
  it("lists as open only the swaps of the exchange asked about, and not those given up", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ id: "here", exchange: "https://x.example" }));
    await repos.transactions.insert(newTransaction({ id: "play", exchange: "sandbox" }));
    await repos.transactions.insert(newTransaction({ id: "gone", exchange: "https://x.example" }));
    await repos.transactions.giveUp("gone", 1_000);
    const followed = await repos.transactions.listOpen("https://x.example");
    expect(followed.map((swap) => swap.id)).toEqual(["here"]);
  });

  it("keeps the first 404 of a run and the next read's time, and forgets both once the swap is seen", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ id: "a" }));
    await repos.transactions.insert(newTransaction({ id: "b" }));
    await repos.transactions.recordNotFound("a", 1_000, 31_000);
    await repos.transactions.recordNotFound("a", 31_000, 61_000);
    await repos.transactions.recordNotFound("b", 1_000, 31_000);
    expect(await repos.transactions.get("a")).toMatchObject({
      notFoundSince: 1_000,
      nextLookupAt: 61_000,
    });
    await repos.transactions.markChecked(["a"], 70_000);
    await repos.transactions.applyStatus("b", "wait", 70_000);
    for (const id of ["a", "b"]) {
      expect(await repos.transactions.get(id)).toMatchObject({
        notFoundSince: null,
        nextLookupAt: null,
      });
    }
  });

  it("gives a swap up once: one message queued, whoever asks again", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ id: "lost", chatId: 7 }));
    expect(await repos.transactions.giveUp("lost", 5_000)).toBe(true);
    expect(await repos.transactions.giveUp("lost", 6_000)).toBe(false);
    expect((await repos.transactions.get("lost"))?.givenUpAt).toBe(5_000);
    const rows = await repos.notifications.forTransaction("lost");
    expect(rows.map((row) => [row.kind, row.chatId])).toEqual([["given-up", 7]]);
  });

  it("names the swaps recorded before exchanges were, and only those", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ id: "old", exchange: "" }));
    await repos.transactions.insert(newTransaction({ id: "play", exchange: "sandbox" }));
    expect(await repos.transactions.claimUnnamed("https://x.example")).toBe(1);
    expect((await repos.transactions.get("old"))?.exchange).toBe("https://x.example");
    expect((await repos.transactions.get("play"))?.exchange).toBe("sandbox");
  });
});

describe("transactions repository (SQLite's plan)", () => {
  it("reads a history page in its order from an index, without sorting the chat's rows", async () => {
    const { rows } = await dialects[0].open();
    const plan = await rows(`explain query plan select id from transactions where chat_id = 7
      order by created_at desc, inserted_at desc limit 20 offset 0`);
    const steps = plan.map((step) => String(step.detail)).join("; ");
    expect(steps).toContain("transactions_chat_newest");
    expect(steps).not.toContain("TEMP B-TREE");
  });
});
