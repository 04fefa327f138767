import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { afterEach, describe, expect, it } from "vitest";
import { LOCALES_DIR } from "../../src/bot/i18n.ts";
import { buttonWord } from "../../src/bot/swap-flow/button-word.ts";
import { LANGUAGES, type Language } from "../../src/lib/languages.ts";
import type { BotMessage, FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const SENTINEL = "\u0001";

/** Sends text and waits for the bot's message that `matches`. */
async function step(
  user: FakeUser,
  text: string,
  matches: string | ((m: BotMessage) => boolean),
): Promise<BotMessage> {
  user.send(text);
  return user.waitFor(matches, { timeoutMs: 8_000 });
}

function bundle(language: Language): FluentBundle {
  const b = new FluentBundle(language, { useIsolating: false });
  b.addResource(new FluentResource(readFileSync(join(LOCALES_DIR, `${language}.ftl`), "utf8")));
  return b;
}

/** A message's text in `language` with every variable left out: the words that must show. */
function fixedWords(language: Language, id: string): string[] {
  const b = bundle(language);
  const message = b.getMessage(id);
  if (!message?.value) throw new Error(`${language}/${id} is missing`);
  const names = [...JSON.stringify(message.value).matchAll(/"type":"var","name":"([^"]+)"/g)];
  const args = Object.fromEntries(names.map((m) => [m[1], SENTINEL]));
  const text = b.formatPattern(message.value, args, []).replace(/<[^>]+>/g, "");
  return text
    .split(new RegExp(`${SENTINEL}|\\n`))
    .map((piece) => piece.trim())
    .filter((piece) => /\p{L}{2,}/u.test(piece));
}

/** The message shows `id` of `language`: every fixed word of it. */
const shows = (language: Language, id: string) => {
  const words = fixedWords(language, id);
  return (m: BotMessage) => words.every((w) => m.text.includes(w));
};

const plain = (language: Language, id: string) => {
  const b = bundle(language);
  return b.formatPattern(b.getMessage(id)?.value ?? "");
};

/** Telegram's own tag for each language, as its clients send it (`pt-br`, `zh-hans`, ...). */
const TELEGRAM_TAGS: Record<Language, string> = {
  en: "en",
  ru: "ru",
  es: "es-mx",
  pt: "pt-br",
  tr: "tr",
  fa: "fa",
  zh: "zh-hans",
};

describe("languages", () => {
  it("/language offers all seven languages, each named in itself, and switching keeps it", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const menu = await step(user, "/language", "language");
    const names = menu.replyMarkup?.inline_keyboard.flat().map((b) => b.text) ?? [];
    expect(names).toEqual(LANGUAGES.map((language) => plain(language, "language-name")));
    // Two a row: seven in one row would be cut to a few letters each.
    expect(Math.max(...(menu.replyMarkup?.inline_keyboard.map((row) => row.length) ?? []))).toBe(2);
    await user.press("Русский");
    await user.waitFor((m) => m.edited && !m.text.includes("Choose"));
    const help = await step(user, "/help", "/exchange");
    expect(help.text).toMatch(/[а-яА-Я]{3,}/);
  });

  it("a language chosen with /language wins over the Telegram one: Persian for a Spanish Telegram", async () => {
    h = await startHarness();
    const user = h.tg.user({ languageCode: "es" });
    await step(user, "/language", "Elige");
    await user.press(plain("fa", "language-name"));
    await user.waitFor((m) => m.edited && m.text === plain("fa", "language-set"));
    await user.reply("/start");
    expect(shows("fa", "welcome")(user.lastBotMessage()!)).toBe(true);
  });

  it("the built-in sandbox's deposit warning speaks each language (English keeps the contract's “sandbox: do not send real funds”)", async () => {
    // No exchange configured: the bot runs its embedded sandbox and says so in every deposit message.
    h = await startHarness({ env: { EXCHANGE_API_URL: "", EXCHANGE_API_KEY: "" } });
    for (const language of LANGUAGES) {
      const user = h.tg.user({ languageCode: TELEGRAM_TAGS[language] });
      await step(user, "/exchange", shows(language, "flow-ask-from"));
      await step(user, "btc", shows(language, "flow-ask-to"));
      await step(user, "eth", shows(language, "flow-ask-amount"));
      await step(user, "0.5", shows(language, "flow-ask-address"));
      await step(user, ETH_ADDRESS, shows(language, "flow-ask-refund"));
      await step(user, buttonWord(plain(language, "button-skip")), shows(language, "flow-summary"));
      const deposit = await step(
        user,
        buttonWord(plain(language, "button-confirm")),
        shows(language, "deposit"),
      );
      expect(shows(language, "deposit-sandbox")(deposit), deposit.text).toBe(true);
      if (language === "en") expect(deposit.text).toContain("sandbox: do not send real funds");
      else expect(deposit.text, language).not.toMatch(/sandbox/i);
    }
  });

  for (const language of LANGUAGES) {
    const tag = TELEGRAM_TAGS[language];
    it(`a Telegram user in ${tag} is answered in ${language} at /start, through the swap (typing the buttons' own words) in the deposit message, its status push and /status (the date as the language writes it), with every digit of the amount, address and id as they are`, async () => {
      h = await startHarness();
      const user = h.tg.user({ languageCode: tag, firstName: "Ada" });
      const welcome = await step(user, "/start", shows(language, "welcome"));
      expect(welcome.text).toContain("Ada");

      await step(user, "/exchange", shows(language, "flow-ask-from"));
      await step(user, "btc", shows(language, "flow-ask-to"));
      await step(user, "eth", shows(language, "flow-ask-amount"));
      await step(user, "0.5", shows(language, "flow-ask-address"));
      await step(user, ETH_ADDRESS, shows(language, "flow-ask-refund"));
      const summary = await step(
        user,
        buttonWord(plain(language, "button-skip")),
        shows(language, "flow-summary"),
      );
      expect(summary.text).toContain(ETH_ADDRESS);
      const deposit = await step(
        user,
        buttonWord(plain(language, "button-confirm")),
        shows(language, "deposit"),
      );
      const tx = h.sandbox.control.transactions().at(-1)!;
      expect(deposit.text).toContain(tx.deposit_address);
      expect(deposit.text).toContain(tx.id);
      expect(deposit.text).toMatch(/\b0\.5\b/);
      // Persian and Arabic-Indic digits nowhere: the wallet and the exchange show Latin ones.
      expect(deposit.text).not.toMatch(/[۰-۹٠-٩]/);

      h.sandbox.control.setStatus(tx.id, "confirmation");
      const push = await user.waitFor(shows(language, "push-confirmation"), { timeoutMs: 15_000 });
      expect(push.text).toContain(tx.id);

      // /status dates the swap as the language writes dates, in UTC, with Latin digits.
      const status = await step(user, `/status ${tx.id}`, shows(language, "status-card"));
      const day = new Intl.DateTimeFormat(language, {
        year: "numeric",
        month: "short",
        day: "numeric",
        timeZone: "UTC",
        numberingSystem: "latn",
        calendar: "gregory",
      });
      // The swap was made moments ago: today, or yesterday just before midnight.
      const days = [day.format(new Date()), day.format(new Date(Date.now() - 60_000))];
      expect(
        days.some((d) => status.text.includes(d)),
        `${days} in ${status.text}`,
      ).toBe(true);
      expect(status.text).toMatch(/\d\d:\d\d/);
      expect(status.text).toContain("UTC");
      expect(status.text).not.toMatch(/[۰-۹٠-٩]/);
    });
  }
});
