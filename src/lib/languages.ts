/**
 * The languages the bot and the Mini App speak, one Fluent file each (`src/locales/<code>.ftl`,
 * English first: the fallback). A test checks this list against the files.
 */
export const LANGUAGES = ["en", "ru", "es", "pt", "tr", "fa", "zh"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The language we speak for a Telegram `language_code` (an IETF tag such as `pt-br`, `zh-hans`,
 * `es-MX`, `fa`) or a stored choice: its primary subtag when it is one of ours, else undefined
 * (the caller falls back to English). Brazilian and European Portuguese share `pt`; every Chinese
 * tag gets the simplified file, which traditional-script readers read better than English.
 */
export function languageOf(code: string | undefined | null): Language | undefined {
  const primary = code?.trim().toLowerCase().split(/[-_]/, 1)[0];
  return LANGUAGES.find((language) => language === primary);
}

/**
 * The locale for `Intl` formatting (dates, plurals, numbers Fluent formats). Numbers keep Latin
 * digits everywhere: Persian's default digits (۱۲۳) would make an amount or an id read differently
 * from the wallet and the exchange. Persian dates stay in the Gregorian calendar the exchange uses.
 */
export function intlLocale(language: Language): string {
  switch (language) {
    case "pt":
      return "pt-BR";
    case "zh":
      return "zh-CN";
    case "fa":
      return "fa-IR-u-ca-gregory-nu-latn";
    default:
      return language;
  }
}

/** Persian is written right to left. */
export function textDirection(language: Language): "ltr" | "rtl" {
  return language === "fa" ? "rtl" : "ltr";
}
