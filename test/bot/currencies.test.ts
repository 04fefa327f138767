import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("/currencies", () => {
  it("finds a coin by code", async () => {
    const reply = await h.tg.user().reply("/currencies btc");
    expect(reply.text).toContain("BTC");
    expect(reply.text).toContain("Bitcoin");
  });

  it("/currencies usdt: the coin whose code it is, under its own heading, then the coins that only look like it, apart and named as such", async () => {
    const reply = await h.tg.user().reply("/currencies usdt");
    const text = reply.text;
    // The title counts what matches, not what is merely similar.
    expect(text).toMatch(
      /^Coins matching “usdt” \(1\) · page 1 of 1\n\nExact match\nUSDT Tether\b/,
    );
    const similar = text.indexOf("Similar, in case of a typo (8)");
    expect(similar).toBeGreaterThan(text.indexOf("USDT Tether"));
    for (const code of ["USDC", "BUSD", "USDE", "FDUSD"]) {
      expect(text.indexOf(`\n${code} `), code).toBeGreaterThan(similar);
    }
  });

  it("/currencies btc: the exact code, then the codes and names that contain it, and nothing merely similar", async () => {
    const text = (await h.tg.user().reply("/currencies btc")).text;
    expect(text).toMatch(
      /^Coins matching “btc” \(4\) · page 1 of 1\n\nExact match\nBTC Bitcoin\n\nAlso matching \(3\)\nBTCB /,
    );
    expect(text).toContain("WBTC Wrapped Bitcoin");
    expect(text).not.toContain("Similar");
  });

  it("/currencies usdx (a typo): says nothing matches and offers the similar coins as such", async () => {
    const text = (await h.tg.user().reply("/currencies usdx")).text;
    expect(text).toMatch(
      /^No coin matches “usdx”\. Similar codes and names \(\d+\) · page 1 of 1\n\nUSDT Tether/,
    );
    expect(text).not.toContain("Coins matching");
  });

  it("pages the whole list with buttons", async () => {
    const user = h.tg.user();
    const first = await user.reply("/currencies");
    expect(first.text).toMatch(/page 1 of \d+/);
    await user.press("Next");
    const second = await user.waitFor((m) => /page 2 of/.test(m.text));
    expect(second.text).not.toEqual(first.text);
  });

  it("pages a short query padded with emoji: every button fits Telegram's 64 bytes", async () => {
    const user = h.tg.user();
    const first = await user.reply(`/currencies b${"🚀".repeat(20)}`);
    expect(first.text).toMatch(/Coins matching “b” \(\d+\) · page 1 of \d+/);
    const data = (first.replyMarkup?.inline_keyboard ?? []).flat().map((b) => {
      return "callback_data" in b ? (b.callback_data ?? "") : "";
    });
    expect(data.length).toBeGreaterThan(0);
    for (const d of data) expect(Buffer.byteLength(d)).toBeLessThanOrEqual(64);
    await user.press("Next");
    const second = await user.waitFor((m) => /Coins matching “b” .* page 2 of/.test(m.text));
    expect(second.messageId).toBe(first.messageId);
  });

  it("pages a query longer than a button holds with the same query on every page", async () => {
    const user = h.tg.user();
    const first = await user.reply(`/currencies ${"o ".repeat(40)}`);
    const total = /\((\d+)\) · page 1 of/.exec(first.text)?.[1];
    expect(Number(total)).toBeGreaterThan(15);
    await user.press("Next");
    const second = await user.waitFor((m) => /page 2 of/.test(m.text));
    expect(second.text).toContain(`(${total}) · page 2 of`);
  });

  it.each(["qqqqzzzz", "🚀🚀🚀"])("says so when nothing matches %s", async (query) => {
    const reply = await h.tg.user().reply(`/currencies ${query}`);
    expect(reply.text).toContain(`No coin matches “${query}”`);
  });
});
