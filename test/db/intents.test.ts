import { describe, expect, it } from "vitest";
import type { DecimalString } from "../../src/lib/decimal.ts";
import type { SwapOrder } from "../../src/swaps/swap.ts";
import { dialects, newTransaction, rejection } from "./helpers.ts";

const request: SwapOrder = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: "0.5" as DecimalString,
  withdrawalAddress: "0xabc",
  rateType: "float",
};

const EXCHANGE = "https://a.example";
const input = { key: "summary-1", chatId: 10, userId: 11, request, exchange: EXCHANGE };

/** An intent as a release before intents named their exchange stores it: no `exchange` given. */
const unnamedIntent = (key: string, createdAt: number) =>
  `insert into swap_intents ("key", chat_id, user_id, request, state, created_at, updated_at)
    values ('${key}', 10, 11, '${JSON.stringify(request)}', 'unknown', ${createdAt}, ${createdAt})`;

describe.each(dialects)("swap intents ($dialect)", ({ open }) => {
  it("lets only the first claim of a key through", async () => {
    const { repos } = await open();
    const first = await repos.intents.claim(input, 1_000);
    expect(first).toMatchObject({ claimed: true, intent: { state: "pending", request } });
    const second = await repos.intents.claim(input, 1_001);
    expect(second).toMatchObject({
      claimed: false,
      intent: {
        key: "summary-1",
        chatId: 10,
        userId: 11,
        state: "pending",
        transactionId: null,
        createdAt: 1_000,
      },
    });
  });

  it("lets one of many simultaneous claims of a key through", async () => {
    const { repos } = await open();
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => repos.intents.claim(input, 1_000)),
    );
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
  });

  it("answers a repeated confirm with the transaction already created", async () => {
    const { repos } = await open();
    await repos.intents.claim(input);
    const { id, chatId, userId, ...created } = newTransaction({ id: "made" });
    expect(await repos.intents.recordCreated("summary-1", { id, ...created })).toEqual({
      inserted: true,
    });
    expect(await repos.intents.claim(input)).toMatchObject({
      claimed: false,
      intent: { state: "created", transactionId: "made" },
    });
  });

  it("records the transaction for the chat that confirmed, with its intent, atomically", async () => {
    const { repos, failOn } = await open();
    await repos.intents.claim(input);
    const { chatId, userId, ...created } = newTransaction({ id: "made" });
    const restore = await failOn("swap_intents", "update", "intents down");
    expect(await rejection(repos.intents.recordCreated("summary-1", created))).toMatch(
      /intents down/,
    );
    expect(await repos.transactions.exists("made")).toBe(false);
    await restore();
    await repos.intents.recordCreated("summary-1", created);
    expect(await repos.transactions.getForChat(10, "made")).toMatchObject({ userId: 11 });
    expect(await repos.intents.get("summary-1")).toMatchObject({
      state: "created",
      transactionId: "made",
    });
  });

  it("completes an intent whose transaction the reconciler already stored", async () => {
    const { repos } = await open();
    await repos.intents.claim(input);
    await repos.transactions.insert(newTransaction({ id: "made", chatId: 10, userId: 11 }));
    const { chatId, userId, ...created } = newTransaction({ id: "made" });
    expect(await repos.intents.recordCreated("summary-1", created)).toEqual({
      inserted: false,
    });
    expect((await repos.intents.get("summary-1"))?.state).toBe("created");
  });

  it("adopts a swap found upstream once, queueing its deposit message with it", async () => {
    const { repos } = await open();
    await repos.intents.claim(input);
    await repos.intents.markUnknown("summary-1");
    const { chatId, userId, ...found } = newTransaction({ id: "found" });
    const adoptions = await Promise.all([
      repos.intents.adopt("summary-1", found, 5_000),
      repos.intents.adopt("summary-1", found, 5_000),
    ]);
    expect(adoptions.map((a) => a.inserted).sort()).toEqual([false, true]);
    expect(await repos.transactions.getForChat(10, "found")).toMatchObject({ userId: 11 });
    expect(await repos.notifications.forTransaction("found")).toMatchObject([
      { kind: "deposit", chatId: 10, status: "wait", dedupeKey: "deposit:found" },
    ]);
    expect(await repos.intents.listUnresolved(10_000, [EXCHANGE])).toEqual([]);
  });

  it("queues the warning instead of the address for a suspect swap", async () => {
    const { repos } = await open();
    await repos.intents.claim(input);
    const { chatId, userId, ...found } = newTransaction({ id: "odd", suspect: true });
    await repos.intents.adopt("summary-1", found);
    expect((await repos.notifications.forTransaction("odd")).map((n) => n.kind)).toEqual([
      "suspect",
    ]);
  });

  it("gives up on an unresolved intent: it fails and the chat is told, once", async () => {
    const { repos } = await open();
    const { intent } = await repos.intents.claim(input, 1_000);
    await repos.intents.markUnknown("summary-1");
    expect(await repos.intents.giveUp(intent, "not found upstream", 9_000)).toBe(true);
    expect(await repos.intents.get("summary-1")).toMatchObject({
      state: "failed",
      error: "not found upstream",
    });
    expect(await repos.notifications.claimDue(10, 9_000, "me", 60_000)).toMatchObject([
      { kind: "not-created", chatId: 10, intentKey: "summary-1", transactionId: null },
    ]);
    // A created intent is left alone.
    const { intent: again } = await repos.intents.claim(input, 10_000);
    const { chatId, userId, ...created } = newTransaction({ id: "late" });
    await repos.intents.recordCreated("summary-1", created);
    expect(await repos.intents.giveUp(again, "too late")).toBe(false);
    expect((await repos.intents.get("summary-1"))?.state).toBe("created");
  });

  it("lets a cleanly failed intent be claimed again", async () => {
    const { repos } = await open();
    await repos.intents.claim(input, 1_000);
    await repos.intents.markFailed("summary-1", "400 amount below minimum", 1_500);
    expect(await repos.intents.get("summary-1")).toMatchObject({
      state: "failed",
      error: "400 amount below minimum",
    });
    expect(await repos.intents.claim(input, 2_000)).toMatchObject({
      claimed: true,
      intent: { state: "pending", error: null, createdAt: 2_000 },
    });
    expect(await repos.intents.claim(input, 2_001)).toMatchObject({
      claimed: false,
      intent: { state: "pending" },
    });
  });

  it("keeps an unknown outcome claimed and lists it for reconciliation", async () => {
    const { repos } = await open();
    await repos.intents.claim(input, 1_000);
    await repos.intents.claim({ ...input, key: "summary-2" }, 500);
    await repos.intents.claim({ ...input, key: "summary-3" }, 700);
    await repos.intents.markUnknown("summary-1");
    await repos.intents.markUnknown("summary-2");
    expect(await repos.intents.claim(input)).toMatchObject({
      claimed: false,
      intent: { state: "unknown" },
    });
    expect(
      (await repos.intents.listUnresolved(0, [EXCHANGE])).map((i) => [
        i.key,
        i.request,
        i.createdAt,
      ]),
    ).toEqual([
      ["summary-2", request, 500],
      ["summary-1", request, 1_000],
    ]);
  });

  it("lists a pending intent for reconciliation once it is older than a POST can take", async () => {
    const { repos } = await open();
    await repos.intents.claim(input, 1_000);
    expect(await repos.intents.listUnresolved(1_000, [EXCHANGE])).toEqual([]);
    expect(
      (await repos.intents.listUnresolved(1_001, [EXCHANGE])).map((i) => [i.key, i.state]),
    ).toEqual([["summary-1", "pending"]]);
  });

  it("lists every pending intent, however young, when the reconciler asks for all (a POST seen to end)", async () => {
    const { repos } = await open();
    const now = Date.now();
    await repos.intents.claim(input, now);
    await repos.intents.claim({ ...input, key: "summary-2" }, now - 1_000);
    expect(
      (await repos.intents.listUnresolved(Number.MAX_SAFE_INTEGER, [EXCHANGE])).map((i) => i.key),
    ).toEqual(["summary-2", "summary-1"]);
  });

  it("never turns a created intent back into failed or unknown", async () => {
    const { repos } = await open();
    await repos.intents.claim(input);
    const { id, chatId, userId, ...created } = newTransaction({ id: "made" });
    await repos.intents.recordCreated("summary-1", { id, ...created });
    await repos.intents.markFailed("summary-1", "late error");
    await repos.intents.markUnknown("summary-1");
    expect(await repos.intents.get("summary-1")).toMatchObject({
      state: "created",
      transactionId: "made",
    });
  });

  it("refuses to store a request that is not a valid create body", async () => {
    const { repos } = await open();
    const bad = { ...request, amount: "1e-7" as DecimalString };
    await expect(repos.intents.claim({ ...input, request: bad })).rejects.toThrow();
    expect(await repos.intents.get("summary-1")).toBeUndefined();
  });

  it("keeps optional request fields through the JSON round trip", async () => {
    const { repos } = await open();
    const full: SwapOrder = {
      ...request,
      networkFrom: "BTC",
      networkTo: "ERC20",
      refundAddress: "bc1refund",
      rateType: "fixed",
    };
    await repos.intents.claim({ ...input, request: full });
    expect((await repos.intents.get("summary-1"))?.request).toEqual(full);
  });

  it("keeps the exchange an intent is POSTed to, and a summary confirmed again after a failure POSTs to the one named then", async () => {
    const { repos } = await open();
    expect((await repos.intents.claim(input, 1_000)).intent.exchange).toBe(EXCHANGE);
    expect((await repos.intents.get("summary-1"))?.exchange).toBe(EXCHANGE);
    await repos.intents.markFailed("summary-1", "refused", 1_500);
    const again = await repos.intents.claim({ ...input, exchange: "https://b.example" }, 2_000);
    expect(again).toMatchObject({ claimed: true, intent: { exchange: "https://b.example" } });
    expect((await repos.intents.get("summary-1"))?.exchange).toBe("https://b.example");
  });

  it("lists for reconciliation only the intents POSTed to the exchanges asked about", async () => {
    const { repos } = await open();
    const other = "https://b.example";
    await repos.intents.claim(input, 1_000);
    await repos.intents.claim({ ...input, key: "summary-2", exchange: other }, 900);
    await repos.intents.claim({ ...input, key: "summary-3", exchange: other }, 800);
    await repos.intents.markUnknown("summary-1");
    await repos.intents.markUnknown("summary-3");
    const keys = async (exchanges: string[]) =>
      (await repos.intents.listUnresolved(5_000, exchanges)).map((i) => i.key);
    expect(await keys([EXCHANGE])).toEqual(["summary-1"]);
    expect(await keys([other])).toEqual(["summary-3", "summary-2"]);
    expect(await keys([other, EXCHANGE])).toEqual(["summary-3", "summary-2", "summary-1"]);
    expect(await keys(["https://c.example"])).toEqual([]);
    expect(await keys([])).toEqual([]);
  });

  it("names only the intents stored without an exchange, for the exchange start-up gives them; one stored so later (the previous release beside this one) is that exchange's too", async () => {
    const { repos, exec } = await open();
    await exec(unnamedIntent("old", 500));
    await repos.intents.claim({ ...input, exchange: "https://b.example" }, 600);
    await repos.intents.markUnknown("summary-1");
    // Before start-up named them, no exchange's reconciler takes an unnamed one.
    expect((await repos.intents.get("old"))?.exchange).toBe("");
    expect((await repos.intents.listUnresolved(5_000, [EXCHANGE])).map((i) => i.key)).toEqual([]);

    expect(await repos.intents.claimUnnamed(EXCHANGE)).toBe(1);
    expect((await repos.intents.get("old"))?.exchange).toBe(EXCHANGE);
    expect((await repos.intents.get("summary-1"))?.exchange).toBe("https://b.example");
    expect(await repos.intents.claimUnnamed(EXCHANGE)).toBe(0);

    await exec(unnamedIntent("later", 700));
    const keys = async (exchanges: string[]) =>
      (await repos.intents.listUnresolved(5_000, exchanges)).map((i) => i.key);
    expect(await keys([EXCHANGE])).toEqual(["old", "later"]);
    expect(await keys(["https://b.example"])).toEqual(["summary-1"]);
    // The next start-up names it, for the exchange configured then.
    expect(await repos.intents.claimUnnamed("https://b.example")).toBe(1);
    expect(await keys(["https://b.example"])).toEqual(["summary-1", "later"]);
    expect(await keys([EXCHANGE])).toEqual(["old"]);
  });
});
