import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import { LOCALES_DIR } from "../../src/bot/i18n.ts";

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

const locales = readdirSync(LOCALES_DIR)
  .filter((file) => file.endsWith(".ftl"))
  .map(readLocale);
const english = locales.find((locale) => locale.code === "en");

describe("locale files", () => {
  it("include English and at least one other language", () => {
    expect(english?.messages.size).toBeGreaterThan(100);
    expect(locales.length).toBeGreaterThan(1);
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
      expect([...locale.messages.keys()].sort()).toEqual(
        [...(english?.messages.keys() ?? [])].sort(),
      );
      for (const [id, variables] of english?.messages ?? []) {
        expect([...(locale.messages.get(id) ?? [])].sort(), `${locale.code}/${id}`).toEqual(
          [...variables].sort(),
        );
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
