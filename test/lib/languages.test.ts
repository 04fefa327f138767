import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES_DIR } from "../../src/bot/i18n.ts";
import { intlLocale, LANGUAGES, languageOf, textDirection } from "../../src/lib/languages.ts";

describe("the languages we speak", () => {
  it("are exactly the locale files, English first", () => {
    const files = readdirSync(LOCALES_DIR)
      .filter((file) => file.endsWith(".ftl"))
      .map((file) => file.replace(/\.ftl$/, ""));
    expect([...LANGUAGES].sort()).toEqual(files.sort());
    expect(LANGUAGES[0]).toBe("en");
  });

  it("take Telegram's language tags to the right file, and nothing else", () => {
    const cases: [string | undefined, string | undefined][] = [
      ["en", "en"],
      ["en-US", "en"],
      ["ru", "ru"],
      ["es", "es"],
      ["es-mx", "es"],
      ["es-419", "es"],
      ["pt-br", "pt"],
      ["pt-BR", "pt"],
      ["pt", "pt"],
      ["pt_PT", "pt"],
      ["tr", "tr"],
      ["fa", "fa"],
      ["fa-IR", "fa"],
      ["zh-hans", "zh"],
      ["zh-cn", "zh"],
      ["zh", "zh"],
      ["zh-hant", "zh"],
      [" ZH-Hans ", "zh"],
      ["de", undefined],
      ["fil", undefined], // Filipino, not Finnish or Persian: no two-letter cut
      ["e", undefined],
      ["", undefined],
      [undefined, undefined],
    ];
    for (const [tag, language] of cases) expect(languageOf(tag), String(tag)).toBe(language);
  });

  it("format numbers with Latin digits in every language, and only Persian is right to left", () => {
    for (const language of LANGUAGES) {
      const locale = intlLocale(language);
      expect(new Intl.NumberFormat(locale).format(1234567.5), language).toMatch(
        /^[0-9.,\s\u00a0\u202f'’٬٫]+$/,
      );
      expect(new Intl.NumberFormat(locale).format(1234567.5), language).toMatch(/^1/);
      const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
      expect(date.format(new Date("2026-11-26T00:00:00Z")), language).toContain("2026");
      expect(textDirection(language)).toBe(language === "fa" ? "rtl" : "ltr");
    }
  });
});
