import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assignments, insertInto, sqlList } from "../../src/db/seam.ts";
import { dialects, newTransaction, rejection } from "./helpers.ts";

describe.each(dialects)("the dialect seam ($dialect)", ({ open }) => {
  it("commits all of a transaction's writes, or none when its work fails", async () => {
    const { seam, repos } = await open();
    const write = (key: string) =>
      sql`insert into meta ("key", "value", updated_at) values (${key}, 'v', 1)`;
    const failed = seam.transaction(async (tx) => {
      await tx.run(write("a"));
      await tx.run(write("b"));
      throw new Error("caller failed");
    });
    expect(await rejection(failed)).toBe("caller failed");
    expect(await repos.meta.get("a")).toBeUndefined();
    await seam.transaction(async (tx) => {
      await tx.run(write("a"));
      await tx.run(write("b"));
    });
    expect([await repos.meta.get("a"), await repos.meta.get("b")]).toEqual(["v", "v"]);
  });

  it("keeps a write made while another caller's transaction is open out of it", async () => {
    const { seam, repos } = await open();
    let opened = () => {};
    const isOpen = new Promise<void>((resolve) => {
      opened = resolve;
    });
    let resume = () => {};
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const rolledBack = seam.transaction(async (tx) => {
      await tx.run(sql`insert into meta ("key", "value", updated_at) values ('inside', 'v', 1)`);
      opened();
      await paused;
      throw new Error("caller failed");
    });
    await isOpen;
    // Issued while that transaction is open: on one SQLite connection it would have joined it.
    const outside = repos.meta.set("outside", "kept");
    resume();
    expect(await rejection(rolledBack)).toBe("caller failed");
    await outside;
    expect(await repos.meta.get("inside")).toBeUndefined();
    expect(await repos.meta.get("outside")).toBe("kept");
  });

  it("writes rows, assignments and in-lists built flat, values as parameters (quotes, nulls and SQL kept)", async () => {
    const { seam } = await open();
    const rows = [
      { key: "a'; drop table meta; --", value: "x", updatedAt: 1 },
      { key: "b", value: "y", updatedAt: 2 },
      { key: "c", value: "z", updatedAt: 3 },
    ];
    expect(await seam.run(insertInto("meta", rows))).toBe(3);
    const set = { value: sql`upper(${"w"})`, updatedAt: 9 };
    expect(
      await seam.run(
        sql`update meta set ${assignments(set)} where "key" in ${sqlList(["b", "c"])}`,
      ),
    ).toBe(2);
    const read = await seam.all(
      sql`select "key", "value", updated_at as "at" from meta where "key" in ${sqlList(rows.map((r) => r.key))} order by "key"`,
    );
    expect(read.map((row) => [row.key, row.value, Number(row.at)])).toEqual([
      ["a'; drop table meta; --", "x", 1],
      ["b", "W", 9],
      ["c", "W", 9],
    ]);
  });

  it("reads booleans, big integers and nulls back as the row types say", async () => {
    const { repos } = await open();
    await repos.transactions.insert(
      newTransaction({ id: "b", chatId: -1_002_003_004_005, suspect: true }),
      4_102_444_800_000,
    );
    expect(await repos.transactions.get("b")).toMatchObject({
      chatId: -1_002_003_004_005,
      insertedAt: 4_102_444_800_000,
      suspect: true,
      cardMessageId: null,
    });
    expect(await repos.transactions.openByStatus()).toEqual({ wait: 1 });
  });

  it("runs concurrent status changes of one swap one after the other, announcing each once", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ id: "c", status: "wait" }));
    await Promise.all(
      ["confirmation", "exchanging", "sending", "success"].map((status, i) =>
        repos.transactions.applyStatus("c", status, 1_000 + i),
      ),
    );
    const queued = (await repos.notifications.forTransaction("c")).map((n) => n.status);
    expect(new Set(queued).size).toBe(queued.length);
    expect(queued).toContain((await repos.transactions.get("c"))?.status);
  });
});
