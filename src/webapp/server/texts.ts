import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentBundle, FluentResource, type FluentVariable } from "@fluent/bundle";
import { intlLocale, LANGUAGES, type Language, languageOf } from "../../lib/languages.ts";
import { latinDigits } from "../../lib/latin-digits.ts";
import { projectPath } from "../../lib/project-root.ts";
import { KNOWN_STATUSES } from "../../swaps/status.ts";

/** From the project folder, so the compiled bot (dist/) finds them too. */
const LOCALES_DIR = projectPath("src", "locales");
/** The languages the bot speaks; any other `language_code` gets English (the contract). */
const PAGE_LOCALES = LANGUAGES;
export type PageLocale = Language;

/** The chat's texts carry Telegram HTML (<b>, <code>); the page shows plain text. */
const TAGS = /<\/?[a-z]+>/g;

/**
 * The page's texts, from the same Fluent files as the chat's: the `webapp-*` messages for the page
 * itself, and the chat's own messages (address problems, statuses) where the page says the same.
 */
export class PageTexts {
  private readonly bundles = new Map<PageLocale, FluentBundle>();
  private readonly pageTexts = new Map<PageLocale, Record<string, string>>();

  constructor() {
    for (const locale of PAGE_LOCALES) {
      const bundle = new FluentBundle(intlLocale(locale), { useIsolating: false });
      bundle.addResource(
        new FluentResource(readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8")),
      );
      this.bundles.set(locale, bundle);
    }
    for (const locale of PAGE_LOCALES) {
      const texts: Record<string, string> = {};
      const english = this.bundles.get("en")!;
      for (const [id] of english._messages) {
        // Messages with variables are the server's to fill (webapp-amount-below, ...).
        if (id.startsWith("webapp-") && !this.hasVariables(id)) texts[id] = this.t(locale, id);
      }
      for (const status of KNOWN_STATUSES)
        texts[`status-${status}`] = this.t(locale, `status-${status}`);
      this.pageTexts.set(locale, texts);
    }
  }

  /** English unless the user's Telegram language is one the bot speaks (`pt-br` → pt). */
  static localeOf(languageCode: string | undefined): PageLocale {
    return languageOf(languageCode) ?? "en";
  }

  /** Every text the page shows without variables, for one language. */
  all(locale: PageLocale): Record<string, string> {
    return this.pageTexts.get(locale)!;
  }

  /** One message as plain text; a message missing in the locale falls back to English. */
  t(locale: PageLocale, id: string, vars?: Record<string, FluentVariable>): string {
    for (const bundle of [this.bundles.get(locale)!, this.bundles.get("en")!]) {
      const message = bundle.getMessage(id);
      // With an errors list Fluent shows a missing variable as {$name} instead of throwing.
      if (message?.value) {
        const args =
          vars && Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, latinDigits(v)]));
        return bundle.formatPattern(message.value, args, []).replace(TAGS, "");
      }
    }
    return id;
  }

  private hasVariables(id: string): boolean {
    const english = this.bundles.get("en")!;
    const errors: Error[] = [];
    const value = english.getMessage(id)?.value;
    if (value) english.formatPattern(value, {}, errors);
    return errors.length > 0;
  }
}
