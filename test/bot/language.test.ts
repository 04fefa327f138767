import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { step } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("languages", () => {
  it("/language switches the chat to Russian and keeps it", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await step(user, "/language", "language");
    await user.press("Русский");
    await user.waitFor((m) => m.edited && !m.text.includes("Choose"));
    const help = await step(user, "/help", "/exchange");
    expect(help.text).toMatch(/[а-яА-Я]{3,}/);
  });

  it("a Russian Telegram user is answered in Russian", async () => {
    h = await startHarness();
    const reply = await step(h.tg.user({ languageCode: "ru" }), "/start", "/exchange");
    expect(reply.text).toMatch(/[а-яА-Я]{3,}/);
  });
});
