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
