import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentResource } from "@fluent/bundle";
import { Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import type { FlowContext } from "../../src/bot/context.ts";
import {
  createI18n,
  createLocaleMiddleware,
  escapeTranslationVariables,
  LOCALES_DIR,
  translator,
} from "../../src/bot/i18n.ts";

const me = { id: 1, is_bot: true, first_name: "bot", username: "bot" } as UserFromGetMe;

function context(chatId: number, languageCode?: string): FlowContext {
  const update: Update = {
    update_id: 1,
    message: {
      message_id: 1,
      date: 0,
      chat: { id: chatId, type: "private", first_name: "a" },
      from: { id: chatId, is_bot: false, first_name: "a", language_code: languageCode },
      text: "hi",
    },
  };
  return new Context(update, undefined as never, me) as FlowContext;
}

const chosen = new Map<number, string>([[2, "ru"]]);
const i18n = createI18n((chatId) => chosen.get(chatId));
const ours = createLocaleMiddleware(i18n, (chatId) => chosen.get(chatId));

/** ctx.t as the plugin's middleware and escapeTranslationVariables make it. */
async function pluginT(ctx: FlowContext) {
  await i18n.middleware()(ctx, async () => {
    await escapeTranslationVariables(ctx, async () => undefined);
  });
  return ctx.t;
}

async function oursT(ctx: FlowContext) {
  await ours(ctx, async () => undefined);
  return ctx.t;
}

/** Every message of a locale file with the variables it uses. */
function messages(locale: string): [string, Record<string, string | number>][] {
  const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8");
  return new FluentResource(source).body.map((message) => {
    const names = new Set(
      [...JSON.stringify(message).matchAll(/"type":"var","name":"([^"]+)"/g)].map((m) => m[1]),
    );
    const variables = Object.fromEntries(
      [...names].map((name, i) => [name, i % 2 ? 3 : `<${name}> & "x"`]),
    );
    return [message.id, variables];
  });
}

describe("the per-update locale middleware", () => {
  for (const [chatId, language, locale] of [
    [1, "en", "en"],
    [1, "ru", "ru"],
    [1, "de", "en"],
    [1, "pt-br", "pt"],
    [1, "zh-hans", "zh"],
    [1, "fa", "fa"],
    [1, undefined, "en"],
    [2, "en", "ru"],
  ] as const) {
    it(`translates every message as the plugin does (chat ${chatId}, Telegram language ${language}: ${locale})`, async () => {
      const theirs = await pluginT(context(chatId, language));
      const mine = await oursT(context(chatId, language));
      const all = messages(locale);
      expect(all.length).toBeGreaterThan(100);
      for (const [id, variables] of all) {
        expect(mine(id, variables), id).toBe(theirs(id, variables));
      }
      expect(mine("no-such-message")).toBe(theirs("no-such-message"));
      expect(mine("welcome", { name: "<b>", bot: "x" })).toContain("&lt;b&gt;");
    });
  }

  it("switches with ctx.i18n.useLocale and answers ctx.i18n.getLocale as the plugin does", async () => {
    const ctx = context(1, "en");
    await ours(ctx, async () => undefined);
    const english = ctx.t("language-set");
    ctx.i18n.useLocale("ru");
    expect(ctx.t("language-set")).not.toBe(english);
    expect(ctx.t("language-set")).toBe(i18n.t("ru", "language-set"));
    expect(await ctx.i18n.getLocale()).toBe("en");
    await ctx.i18n.renegotiateLocale();
    expect(ctx.t("language-set")).toBe(english);
    await expect(ctx.i18n.setLocale("ru")).rejects.toThrow();
  });

  it("keeps Latin digits in Persian numbers, in ctx.t, in the plugin's t and in pushes' translator", async () => {
    const vars = { total: 1234, page: 2, pages: 15, query: "btc" };
    const texts = [
      (await oursT(context(1, "fa")))("currencies-title-search", vars),
      (await pluginT(context(1, "fa")))("currencies-title-search", vars),
      translator(i18n, "fa")("currencies-title-search", vars),
      translator(i18n, "fa-IR")("currencies-title-search", vars),
    ];
    for (const text of texts) {
      expect(text).toMatch(/[\u0600-\u06ff]{3,}/); // Persian words...
      expect(text).toContain("15");
      expect(text).toMatch(/1.?234/);
      expect(text).not.toMatch(/[۰-۹٠-٩]/); // ...and no Persian or Arabic-Indic digit
    }
  });
});
