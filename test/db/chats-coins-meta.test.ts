import { describe, expect, it } from "vitest";
import { tempDatabase } from "./helpers.ts";

describe("chats repository", () => {
  it("records a chat with Telegram's language hint, which never overrides a chosen locale", () => {
    const { repos } = tempDatabase();
    repos.chats.upsert(1, "private", "de", 1_000);
    expect(repos.chats.get(1)).toEqual({
      id: 1,
      type: "private",
      languageCode: "de",
      blockedAt: null,
      createdAt: 1_000,
      updatedAt: 1_000,
    });
    repos.chats.setLanguage(1, "en", 2_000);
    repos.chats.upsert(1, "private", "fr", 3_000);
    expect(repos.chats.language(1)).toBe("en");
    expect(repos.chats.get(1)).toMatchObject({ createdAt: 1_000, updatedAt: 3_000 });
  });

  it("has no language for an unknown chat or one without a hint", () => {
    const { repos } = tempDatabase();
    repos.chats.touch(-100, "supergroup");
    expect(repos.chats.language(-100)).toBeUndefined();
    expect(repos.chats.language(5)).toBeUndefined();
    expect(repos.chats.get(5)).toBeUndefined();
  });

  it("stores a chosen language for a chat not seen before", () => {
    const { repos } = tempDatabase();
    repos.chats.setLanguage(9, "ru");
    expect(repos.chats.language(9)).toBe("ru");
  });

  it("marks a chat blocked (even one never recorded) until it talks to us again", () => {
    const { repos } = tempDatabase();
    repos.chats.markBlocked(2, 5_000);
    expect(repos.chats.isBlocked(2)).toBe(true);
    expect(repos.chats.get(2)).toMatchObject({ type: "unknown", blockedAt: 5_000 });
    repos.chats.upsert(2, "private");
    expect(repos.chats.isBlocked(2)).toBe(false);
    expect(repos.chats.get(2)?.type).toBe("private");
    repos.chats.markBlocked(2);
    repos.chats.markUnblocked(2);
    expect(repos.chats.isBlocked(2)).toBe(false);
    expect(repos.chats.isBlocked(3)).toBe(false);
  });
});

describe("coins repository", () => {
  const btc = { code: "btc", name: "Bitcoin", icon: "https://x/btc.svg", notes: "" };
  const eth = { code: "eth", name: "Ethereum", icon: "https://x/eth.svg", notes: "ERC20" };
  const xmr = { code: "xmr", name: "Monero", icon: "https://x/xmr.svg", notes: "" };

  it("replaces the whole list and returns it in the upstream's order", () => {
    const { repos } = tempDatabase();
    repos.coins.replaceAll([eth, btc, xmr]);
    expect(repos.coins.all()).toEqual([eth, btc, xmr]);
    repos.coins.replaceAll([xmr, btc]);
    expect(repos.coins.all()).toEqual([xmr, btc]);
    expect(repos.coins.count()).toBe(2);
  });

  it("keeps the old list when the new one cannot be stored", () => {
    const { repos } = tempDatabase();
    repos.coins.replaceAll([btc]);
    const broken = { ...eth, name: null } as unknown as typeof eth;
    expect(() => repos.coins.replaceAll([eth, broken])).toThrow();
    expect(repos.coins.all()).toEqual([btc]);
  });

  it("keeps the first of a code listed twice", () => {
    const { repos } = tempDatabase();
    repos.coins.replaceAll([btc, eth, { ...btc, name: "Bitcoin again" }]);
    expect(repos.coins.all()).toEqual([btc, eth]);
  });
});

describe("meta repository", () => {
  it("keeps small facts by key", () => {
    const { repos } = tempDatabase();
    expect(repos.meta.get("transactions.pageCap")).toBeUndefined();
    repos.meta.set("transactions.pageCap", "100");
    repos.meta.set("transactions.pageCap", "50");
    expect(repos.meta.get("transactions.pageCap")).toBe("50");
    repos.meta.delete("transactions.pageCap");
    expect(repos.meta.get("transactions.pageCap")).toBeUndefined();
  });
});
