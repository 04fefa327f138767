import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import { LOCALES_DIR } from "../src/bot/i18n.ts";
import { LANGUAGES } from "../src/lib/languages.ts";

interface Locale {
  code: string;
  source: string;
  /** message id → the variables its text uses */
  messages: Map<string, Set<string>>;
}

function readLocale(file: string): Locale {
  const source = readFileSync(join(LOCALES_DIR, file), "utf8");
  const messages = new Map<string, Set<string>>();
  let current: Set<string> | undefined;
  for (const line of source.split("\n")) {
    const start = /^([a-z][a-z0-9-]*)\s*=/.exec(line);
    if (start?.[1]) {
      current = new Set();
      messages.set(start[1], current);
    } else if (line !== "" && !line.startsWith(" ")) {
      current = undefined;
    }
    for (const match of line.matchAll(/\$([a-zA-Z][a-zA-Z0-9_-]*)/g)) {
      if (match[1]) current?.add(match[1]);
    }
  }
  return { code: file.replace(/\.ftl$/, ""), source, messages };
}

/** How `locale` differs from English: messages missing or extra, and variables not the same. */
function differences(english: Locale, locale: Locale): string[] {
  const found: string[] = [];
  for (const [id, variables] of english.messages) {
    const theirs = locale.messages.get(id);
    if (!theirs) {
      found.push(`${locale.code}: ${id} is missing`);
      continue;
    }
    const want = [...variables].sort().join(", ");
    const have = [...theirs].sort().join(", ");
    if (want !== have) found.push(`${locale.code}/${id}: variables ${have} instead of ${want}`);
  }
  for (const id of locale.messages.keys()) {
    if (!english.messages.has(id)) found.push(`${locale.code}: ${id} is not in English`);
  }
  return found;
}

/** The Telegram HTML tags of each message (Telegram refuses a message whose tags do not pair). */
function tags(locale: Locale): Map<string, string> {
  const bundle = new FluentBundle(locale.code, { useIsolating: false });
  bundle.addResource(new FluentResource(locale.source));
  const found = new Map<string, string>();
  for (const [id, variables] of locale.messages) {
    const value = bundle.getMessage(id)?.value;
    if (!value) continue;
    const args = Object.fromEntries([...variables].map((name) => [name, `‹${name}›`]));
    const text = bundle.formatPattern(value, args, []);
    found.set(
      id,
      [...text.matchAll(/<\/?[a-z]+/g)]
        .map((m) => m[0])
        .sort()
        .join(" "),
    );
  }
  return found;
}

/** Variables shown as `<code>` (tap to copy: amounts, addresses, ids, memos) in each message. */
function copyable(locale: Locale): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let id = "";
  for (const line of locale.source.split("\n")) {
    id = /^([a-z][a-z0-9-]*)\s*=/.exec(line)?.[1] ?? id;
    for (const m of line.matchAll(/<code>\{\$([a-zA-Z]+)\}<\/code>/g)) {
      found.set(id, [...(found.get(id) ?? []), m[1] ?? ""].sort());
    }
  }
  return found;
}

const locales = readdirSync(LOCALES_DIR)
  .filter((file) => file.endsWith(".ftl"))
  .map(readLocale);
const english = locales.find((locale) => locale.code === "en");

describe("locale files", () => {
  it("are the seven languages the bot speaks, English the reference", () => {
    expect(english?.messages.size).toBeGreaterThan(100);
    expect(locales.map((l) => l.code).sort()).toEqual([...LANGUAGES].sort());
  });

  it("compare really: a message left out or a variable renamed is named", () => {
    const source = english?.source ?? "";
    const broken = readLocale("en.ftl");
    broken.code = "xx";
    broken.messages = new Map(english?.messages);
    broken.messages.delete("deposit");
    broken.messages.set("quote-below-min", new Set(["amount", "from", "minimum"]));
    expect(source).toContain("deposit =");
    expect(differences(english!, broken)).toEqual([
      "xx/quote-below-min: variables amount, from, minimum instead of amount, from, min",
      "xx: deposit is missing",
    ]);
  });

  for (const locale of locales) {
    it(`${locale.code}: parses without errors and every message formats`, () => {
      const resource = new FluentResource(locale.source);
      // Fluent skips unparsable entries silently: a message missing here had a syntax error.
      expect(resource.body.map((message) => message.id).sort()).toEqual(
        [...locale.messages.keys()].sort(),
      );
      const bundle = new FluentBundle(locale.code, { useIsolating: false });
      expect(bundle.addResource(resource)).toEqual([]);
      for (const [id, variables] of locale.messages) {
        const message = bundle.getMessage(id);
        const args = Object.fromEntries([...variables].map((name) => [name, `‹${name}›`]));
        const errors: Error[] = [];
        const text = message?.value ? bundle.formatPattern(message.value, args, errors) : "";
        expect(errors, `${locale.code}/${id}`).toEqual([]);
        expect(text.trim(), `${locale.code}/${id}`).not.toBe("");
      }
    });

    if (locale === english) continue;

    it(`${locale.code}: has exactly English's messages, with the same variables`, () => {
      expect(differences(english!, locale)).toEqual([]);
    });

    it(`${locale.code}: keeps English's HTML tags in every message, and every amount, address, id and memo a tap copies stays in <code>`, () => {
      const theirs = tags(locale);
      for (const [id, want] of tags(english!))
        expect(theirs.get(id), `${locale.code}/${id}`).toBe(want);
      const copies = copyable(locale);
      for (const [id, want] of copyable(english!)) {
        expect(copies.get(id), `${locale.code}/${id}`).toEqual(want);
      }
    });

    it(`${locale.code}: says "sandbox" in its own words (only English keeps the contract's "sandbox: do not send real funds")`, () => {
      const ids = [...locale.messages.keys()].filter((id) => /sandbox/i.test(id));
      expect(ids).toEqual(
        expect.arrayContaining(["deposit-sandbox", "card-sandbox", "webapp-sandbox"]),
      );
      const bundle = new FluentBundle(locale.code);
      bundle.addResource(new FluentResource(locale.source));
      for (const id of ids) {
        const text = bundle.formatPattern(bundle.getMessage(id)?.value ?? "");
        expect(text, `${locale.code}/${id}`).not.toMatch(/sandbox/i);
      }
    });

    it(`${locale.code}: names itself in its own language`, () => {
      const bundle = new FluentBundle(locale.code);
      bundle.addResource(new FluentResource(locale.source));
      const name = bundle.getMessage("language-name")?.value;
      const english = new FluentBundle("en");
      english.addResource(new FluentResource(readLocale("en.ftl").source));
      expect(name && bundle.formatPattern(name)).not.toBe(
        bundle.formatPattern(english.getMessage("language-name")?.value ?? ""),
      );
    });
  }
});
