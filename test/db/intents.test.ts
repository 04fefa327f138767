import { describe, expect, it } from "vitest";
import type { CreateTransactionRequest } from "../../src/exchange/client.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { newTransaction, tempDatabase } from "./helpers.ts";

const request: CreateTransactionRequest = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: "0.5" as DecimalString,
  withdrawalAddress: "0xabc",
  rateType: "float",
};

const input = { key: "summary-1", chatId: 10, userId: 11, request };

describe("swap intents", () => {
  it("lets only the first claim of a key through", () => {
    const { repos } = tempDatabase();
    const first = repos.intents.claim(input, 1_000);
    expect(first).toMatchObject({ claimed: true, intent: { state: "pending", request } });
    const second = repos.intents.claim(input, 1_001);
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

  it("answers a repeated confirm with the transaction already created", () => {
    const { repos } = tempDatabase();
    repos.intents.claim(input);
    const { id, chatId, userId, ...created } = newTransaction({ id: "made" });
    expect(repos.intents.completeWithTransaction("summary-1", { id, ...created })).toEqual({
      inserted: true,
    });
    expect(repos.intents.claim(input)).toMatchObject({
      claimed: false,
      intent: { state: "created", transactionId: "made" },
    });
  });

  it("records the transaction for the chat that confirmed, with its intent, atomically", () => {
    const { repos, sqlite } = tempDatabase();
    repos.intents.claim(input);
    const { chatId, userId, ...created } = newTransaction({ id: "made" });
    sqlite.exec(
      "create trigger intents_down before update on swap_intents begin select raise(abort, 'intents down'); end",
    );
    expect(() => repos.intents.completeWithTransaction("summary-1", created)).toThrow(
      /intents down/,
    );
    expect(repos.transactions.exists("made")).toBe(false);
    sqlite.exec("drop trigger intents_down");
    repos.intents.completeWithTransaction("summary-1", created);
    expect(repos.transactions.getForChat(10, "made")).toMatchObject({ userId: 11 });
    expect(repos.intents.get("summary-1")).toMatchObject({
      state: "created",
      transactionId: "made",
    });
  });

  it("completes an intent whose transaction the reconciler already stored", () => {
    const { repos } = tempDatabase();
    repos.intents.claim(input);
    repos.transactions.insert(newTransaction({ id: "made", chatId: 10, userId: 11 }));
    const { chatId, userId, ...created } = newTransaction({ id: "made" });
    expect(repos.intents.completeWithTransaction("summary-1", created)).toEqual({
      inserted: false,
    });
    expect(repos.intents.get("summary-1")?.state).toBe("created");
  });

  it("lets a cleanly failed intent be claimed again", () => {
    const { repos } = tempDatabase();
    repos.intents.claim(input, 1_000);
    repos.intents.markFailed("summary-1", "400 amount below minimum", 1_500);
    expect(repos.intents.get("summary-1")).toMatchObject({
      state: "failed",
      error: "400 amount below minimum",
    });
    expect(repos.intents.claim(input, 2_000)).toMatchObject({
      claimed: true,
      intent: { state: "pending", error: null, createdAt: 2_000 },
    });
    expect(repos.intents.claim(input, 2_001)).toMatchObject({
      claimed: false,
      intent: { state: "pending" },
    });
  });

  it("keeps an unknown outcome claimed and lists it for reconciliation", () => {
    const { repos } = tempDatabase();
    repos.intents.claim(input, 1_000);
    repos.intents.claim({ ...input, key: "summary-2" }, 500);
    repos.intents.claim({ ...input, key: "summary-3" }, 700);
    repos.intents.markUnknown("summary-1");
    repos.intents.markUnknown("summary-2");
    expect(repos.intents.claim(input)).toMatchObject({
      claimed: false,
      intent: { state: "unknown" },
    });
    expect(repos.intents.listUnresolved(0).map((i) => [i.key, i.request, i.createdAt])).toEqual([
      ["summary-2", request, 500],
      ["summary-1", request, 1_000],
    ]);
  });

  it("lists a pending intent for reconciliation once it is older than a POST can take", () => {
    const { repos } = tempDatabase();
    repos.intents.claim(input, 1_000);
    expect(repos.intents.listUnresolved(1_000)).toEqual([]);
    expect(repos.intents.listUnresolved(1_001).map((i) => [i.key, i.state])).toEqual([
      ["summary-1", "pending"],
    ]);
  });

  it("never turns a created intent back into failed or unknown", () => {
    const { repos } = tempDatabase();
    repos.intents.claim(input);
    repos.intents.markCreated("summary-1", "made");
    repos.intents.markFailed("summary-1", "late error");
    repos.intents.markUnknown("summary-1");
    expect(repos.intents.get("summary-1")).toMatchObject({
      state: "created",
      transactionId: "made",
    });
  });

  it("refuses to store a request that is not a valid create body", () => {
    const { repos } = tempDatabase();
    const bad = { ...request, amount: "1e-7" as DecimalString };
    expect(() => repos.intents.claim({ ...input, request: bad })).toThrow();
    expect(repos.intents.get("summary-1")).toBeUndefined();
  });

  it("keeps optional request fields through the JSON round trip", () => {
    const { repos } = tempDatabase();
    const full: CreateTransactionRequest = {
      ...request,
      networkFrom: "BTC",
      networkTo: "ERC20",
      refundAddress: "bc1refund",
      rateType: "fixed",
    };
    repos.intents.claim({ ...input, request: full });
    expect(repos.intents.get("summary-1")?.request).toEqual(full);
  });
});
