import type { TranslateFunction } from "@grammyjs/i18n";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.ts";
import { statusCardText } from "../../src/bot/status/render.ts";
import { usersShareOfReads } from "../../src/exchange/client.ts";
import { KeyShare } from "../../src/lib/key-share.ts";
import type { Swap } from "../../src/swaps/swap.ts";
import { chatShareOfCreates } from "../../src/swaps/swap-service.ts";

const i18n = createI18n(() => undefined);
const inLocale =
  (locale: string): TranslateFunction =>
  (key, variables) =>
    i18n.t(locale, key, variables);

describe("a chat's share of the create budget", () => {
  it("is 5 a minute, never more than half the budget, and at least 1", () => {
    expect(chatShareOfCreates(30)).toBe(5);
    expect(chatShareOfCreates(6)).toBe(3);
    expect(chatShareOfCreates(2)).toBe(1);
    expect(chatShareOfCreates(1)).toBe(1);
  });

  it("refuses a chat beyond its share, saying when its oldest creation leaves the window; other chats are not held back", () => {
    let now = 1_000_000;
    const share = new KeyShare<number>(2, 60_000, { now: () => now });
    expect(share.take(7)).toEqual({ granted: true });
    now += 10_000;
    expect(share.take(7)).toEqual({ granted: true });
    now += 5_000;
    expect(share.take(7)).toEqual({ granted: false, used: 2, retryInMs: 45_000 });
    expect(share.take(8)).toEqual({ granted: true });
    // A refusal spends nothing: once the oldest leaves the window, one more is granted.
    now += 45_000;
    expect(share.take(7)).toEqual({ granted: true });
    expect(share.take(7)).toEqual({ granted: false, used: 2, retryInMs: 10_000 });
  });
});

describe("the users' share of the read budget", () => {
  it("is at most half, so background work keeps at least the other half", () => {
    expect(usersShareOfReads(120)).toBe(60);
    expect(usersShareOfReads(7)).toBe(3);
    expect(usersShareOfReads(1)).toBe(1);
  });
});

describe("a status card answered from what the bot knows", () => {
  const checkedAt = Date.parse("2026-11-25T13:00:00Z");
  const swap = {
    id: "abc123",
    chatId: 1,
    userId: 1,
    coinFrom: "btc",
    coinTo: "eth",
    networkFrom: null,
    networkTo: null,
    amountIn: "0.5",
    amountOutExpected: "8.1",
    amountOut: null,
    rate: null,
    rateType: "float",
    depositAddress: "bc1qexample",
    withdrawalAddress: "0xexample",
    refundAddress: null,
    txHashIn: null,
    txHashOut: null,
    status: "confirmation",
    statusChangedAt: checkedAt - 60_000,
    createdAt: "2026-11-25T12:50:00Z",
    cardMessageId: null,
    lastCheckedAt: checkedAt,
    exchange: "https://exchange.example",
    depositMemo: null,
    payoutMemo: null,
    refundMemo: null,
    txLinkIn: null,
    txLinkOut: null,
    holdLink: null,
    holdAsks: null,
    notFoundSince: null,
    nextLookupAt: null,
    givenUpAt: null,
    suspect: false,
  } satisfies Swap;

  it("says how old the state is, in the user's language, when the chat's share is spent", () => {
    const en = statusCardText(
      inLocale("en"),
      { swap, fresh: false, stale: "share" },
      checkedAt + 42_000,
    );
    expect(en).toContain("Status: <b>confirming</b>");
    expect(en).toMatch(/last heard from the exchange, 42 s ago \(Nov 25, 2026, 13:00 UTC\)/);
    expect(en).toContain("asking very often");
    const ru = statusCardText(
      inLocale("ru"),
      { swap, fresh: false, stale: "share" },
      checkedAt + 180_000,
    );
    expect(ru).toMatch(/3 мин назад \(25 нояб\. 2026 г\., 13:00 UTC\)/);
  });

  it("says so when many users are asking, and says nothing of age on a fresh read", () => {
    const busy = statusCardText(
      inLocale("en"),
      { swap, fresh: false, stale: "busy" },
      checkedAt + 3_000,
    );
    expect(busy).toContain("many people are asking");
    expect(busy).toMatch(/3 s ago/);
    const fresh = statusCardText(inLocale("en"), { swap, fresh: true }, checkedAt + 3_000);
    expect(fresh).not.toContain("last heard");
  });
});
