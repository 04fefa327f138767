import { sign } from "@tma.js/init-data-node";
import { describe, expect, it } from "vitest";
import { checkInitData, InitDataChecker } from "../../src/webapp/server/init-data.ts";
import { signInitData } from "../../tools/tryout/webapp-link.ts";

const TOKEN = "123456:test-token";
const NOW = Date.parse("2026-11-25T12:00:00Z");

function initData(authDate: Date, user: object | null = { id: 42, first_name: "Ann" }) {
  return sign((user ? { user } : {}) as Parameters<typeof sign>[0], TOKEN, authDate);
}

describe("Telegram init data", () => {
  it("signed with the bot token names its user", () => {
    const raw = initData(new Date(NOW - 60_000), {
      id: 42,
      first_name: "Ann",
      language_code: "ru",
    });
    expect(checkInitData(raw, TOKEN, NOW)).toMatchObject({
      ok: true,
      user: { id: 42, firstName: "Ann", languageCode: "ru" },
    });
  });

  it("without Telegram's newer fields (signature, chat_instance), as older clients send it, names its user", () => {
    const raw = signInitData(TOKEN, { id: 42, first_name: "Ann" }, new Date(NOW - 60_000));
    expect(new URLSearchParams(raw).has("signature")).toBe(false);
    expect(checkInitData(raw, TOKEN, NOW)).toMatchObject({ ok: true, user: { id: 42 } });
  });

  it("signed with another bot's token is refused", () => {
    expect(checkInitData(initData(new Date(NOW)), "654321:other", NOW)).toEqual({
      ok: false,
      reason: "signature",
    });
  });

  it("with a field changed after signing (another user id) is refused", () => {
    const raw = initData(new Date(NOW)).replace("%22id%22%3A42", "%22id%22%3A43");
    expect(raw).toContain("%22id%22%3A43");
    expect(checkInitData(raw, TOKEN, NOW)).toMatchObject({ ok: false, reason: "signature" });
  });

  it("older than 24 hours is refused, just younger is not", () => {
    const day = 24 * 60 * 60 * 1000;
    expect(checkInitData(initData(new Date(NOW - day - 1000)), TOKEN, NOW)).toMatchObject({
      ok: false,
      reason: "expired",
    });
    expect(checkInitData(initData(new Date(NOW - day + 5000)), TOKEN, NOW).ok).toBe(true);
  });

  it("from the future beyond a minute of clock skew is refused, within it is not", () => {
    expect(checkInitData(initData(new Date(NOW + 90_000)), TOKEN, NOW)).toMatchObject({
      ok: false,
      reason: "future",
    });
    expect(checkInitData(initData(new Date(NOW + 30_000)), TOKEN, NOW).ok).toBe(true);
  });

  it("naming a user id no Telegram user has (0, negative, fractional, beyond 2^53) is refused, though signed", () => {
    for (const id of [0, -5, 1.5, 1e20]) {
      expect(
        checkInitData(initData(new Date(NOW), { id, first_name: "Eve" }), TOKEN, NOW),
        `id ${id}`,
      ).toMatchObject({ ok: false, reason: "bad-user" });
    }
    expect(
      checkInitData(initData(new Date(NOW), { id: 7_000_000_000, first_name: "Bo" }), TOKEN, NOW)
        .ok,
    ).toBe(true);
  });

  it("missing, without a hash, or without a user is refused", () => {
    expect(checkInitData(undefined, TOKEN, NOW)).toMatchObject({ reason: "missing" });
    expect(checkInitData("auth_date=1&user=%7B%7D", TOKEN, NOW)).toMatchObject({
      reason: "malformed",
    });
    expect(checkInitData(initData(new Date(NOW), null), TOKEN, NOW)).toMatchObject({
      reason: "no-user",
    });
  });

  it("found good once is still refused when it grows older than 24 hours", () => {
    let now = NOW;
    const checker = new InitDataChecker(TOKEN, () => now);
    const raw = initData(new Date(NOW - 1000));
    expect(checker.check(raw).ok).toBe(true);
    expect(checker.check(raw).ok).toBe(true);
    now += 24 * 60 * 60 * 1000;
    expect(checker.check(raw)).toEqual({ ok: false, reason: "expired" });
    expect(checker.check(`${raw}x`)).toMatchObject({ ok: false });
  });
});
