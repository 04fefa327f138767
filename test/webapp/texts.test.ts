import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/lib/languages.ts";
import { PageTexts } from "../../src/webapp/server/texts.ts";

const texts = new PageTexts();

describe("the page's texts", () => {
  it("speak all seven languages, each its own (the English fallback is not what a page gets)", () => {
    const english = texts.all("en");
    for (const language of LANGUAGES) {
      const all = texts.all(language);
      expect(Object.keys(all).sort(), language).toEqual(Object.keys(english).sort());
      if (language !== "en")
        expect(all["webapp-you-send"], language).not.toBe(english["webapp-you-send"]);
    }
  });

  it("pick the language from the init data's language_code: pt-br, zh-hans, es-mx, fa; English for one we do not speak", () => {
    expect(PageTexts.localeOf("pt-br")).toBe("pt");
    expect(PageTexts.localeOf("zh-hans")).toBe("zh");
    expect(PageTexts.localeOf("es-mx")).toBe("es");
    expect(PageTexts.localeOf("fa")).toBe("fa");
    expect(PageTexts.localeOf("de")).toBe("en");
    expect(PageTexts.localeOf(undefined)).toBe("en");
  });

  it("write numbers with Latin digits in Persian", () => {
    const text = texts.t("fa", "exchange-busy", { seconds: 15 });
    expect(text).toMatch(/[\u0600-\u06ff]{3,}/);
    expect(text).toContain("15");
    expect(text).not.toMatch(/[۰-۹٠-٩]/);
  });
});
