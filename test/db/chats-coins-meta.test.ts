import { describe, expect, it } from "vitest";
import { dialects } from "./helpers.ts";

describe.each(dialects)("$dialect", ({ open }) => {
  describe("chats repository", () => {
    it("records a chat with Telegram's language hint, which never overrides a chosen locale", async () => {
      const { repos } = await open();
      await repos.chats.touch(1, "private", "de", 1_000);
      expect(await repos.chats.get(1)).toEqual({
        id: 1,
        type: "private",
        languageCode: "de",
        blockedAt: null,
        createdAt: 1_000,
        updatedAt: 1_000,
      });
      await repos.chats.setLanguage(1, "en", 2_000);
      await repos.chats.touch(1, "private", "fr", 3_000);
      expect(await repos.chats.language(1)).toBe("en");
      expect(await repos.chats.get(1)).toMatchObject({ createdAt: 1_000, updatedAt: 3_000 });
    });

    it("an upsert answers the language the row holds after it: the hint, or the locale kept", async () => {
      const { repos } = await open();
      expect(await repos.chats.touch(7, "private", "de", 1_000)).toBe("de");
      expect(await repos.chats.touch(7, "private", "fr", 2_000)).toBe("de");
      await repos.chats.setLanguage(7, "en", 3_000);
      expect(await repos.chats.touch(7, "private", "fr", 4_000)).toBe("en");
      expect(await repos.chats.touch(8, "group")).toBeUndefined();
    });

    it("has no language for an unknown chat or one without a hint", async () => {
      const { repos } = await open();
      await repos.chats.touch(-100, "supergroup");
      expect(await repos.chats.language(-100)).toBeUndefined();
      expect(await repos.chats.language(5)).toBeUndefined();
      expect(await repos.chats.get(5)).toBeUndefined();
    });

    it("stores a chosen language for a chat not seen before", async () => {
      const { repos } = await open();
      await repos.chats.setLanguage(9, "ru");
      expect(await repos.chats.language(9)).toBe("ru");
    });

    it("keeps chat ids beyond 32 bits, as Telegram's supergroups have", async () => {
      const { repos } = await open();
      await repos.chats.touch(-1_001_234_567_890, "supergroup", "en", 1_700_000_000_000);
      expect(await repos.chats.get(-1_001_234_567_890)).toMatchObject({
        id: -1_001_234_567_890,
        createdAt: 1_700_000_000_000,
      });
    });

    it("marks a chat blocked (even one never recorded) until it talks to us again", async () => {
      const { repos } = await open();
      await repos.chats.markBlocked(2, 5_000);
      expect(await repos.chats.isBlocked(2)).toBe(true);
      expect(await repos.chats.get(2)).toMatchObject({ type: "unknown", blockedAt: 5_000 });
      await repos.chats.touch(2, "private");
      expect(await repos.chats.isBlocked(2)).toBe(false);
      expect((await repos.chats.get(2))?.type).toBe("private");
      expect(await repos.chats.isBlocked(3)).toBe(false);
    });
  });

  describe("coins repository", () => {
    const btc = { code: "btc", name: "Bitcoin", icon: "https://x/btc.svg", notes: "" };
    const eth = { code: "eth", name: "Ethereum", icon: "https://x/eth.svg", notes: "ERC20" };
    const xmr = { code: "xmr", name: "Monero", icon: "https://x/xmr.svg", notes: "" };

    it("replaces the whole list and returns it in the upstream's order", async () => {
      const { repos } = await open();
      await repos.coins.replaceAll([eth, btc, xmr]);
      expect(await repos.coins.all()).toEqual([eth, btc, xmr]);
      await repos.coins.replaceAll([xmr, btc]);
      expect(await repos.coins.all()).toEqual([xmr, btc]);
      expect(await repos.coins.count()).toBe(2);
    });

    it("keeps the old list when the new one cannot be stored", async () => {
      const { repos } = await open();
      await repos.coins.replaceAll([btc]);
      const broken = { ...eth, name: null } as unknown as typeof eth;
      await expect(repos.coins.replaceAll([eth, broken])).rejects.toThrow();
      expect(await repos.coins.all()).toEqual([btc]);
    });

    it("keeps the first of a code listed twice", async () => {
      const { repos } = await open();
      await repos.coins.replaceAll([btc, eth, { ...btc, name: "Bitcoin again" }]);
      expect(await repos.coins.all()).toEqual([btc, eth]);
    });

    it("stores a catalog of thousands of coins", async () => {
      const { repos } = await open();
      const many = Array.from({ length: 12_000 }, (_, i) => ({ ...btc, code: `c${i}` }));
      await repos.coins.replaceAll(many);
      expect(await repos.coins.count()).toBe(12_000);
      expect((await repos.coins.all()).at(-1)?.code).toBe("c11999");
    });
  });

  describe("meta repository", () => {
    it("keeps small facts by key, the learned page-size cap among them", async () => {
      const { repos } = await open();
      expect(await repos.meta.get("transactions.pageCap")).toBeUndefined();
      expect(await repos.meta.loadPageCap()).toBeUndefined();
      await repos.meta.set("transactions.pageCap", "100");
      await repos.meta.savePageCap(50);
      expect(await repos.meta.get("transactions.pageCap")).toBe("50");
      expect(await repos.meta.loadPageCap()).toBe(50);
      await repos.meta.set("transactions.pageCap", "nonsense");
      expect(await repos.meta.loadPageCap()).toBeUndefined();
      // Another exchange's cap is its own.
      await repos.meta.savePageCap(20, "changenow");
      expect(await repos.meta.loadPageCap("changenow")).toBe(20);
      expect(await repos.meta.loadPageCap()).toBeUndefined();
    });
  });
});
