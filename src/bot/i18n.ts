import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import {
  type Fluent,
  I18n,
  type I18nFlavor,
  type TranslateFunction,
  type TranslationVariables,
} from "@grammyjs/i18n";
import type { Context, MiddlewareFn } from "grammy";
import type { Awaitable } from "../lib/awaitable.ts";
import { languageOf } from "../lib/languages.ts";
import { latinDigits } from "../lib/latin-digits.ts";
import { projectPath } from "../lib/project-root.ts";
import type { FlowContext } from "./context.ts";
import { escapeHtml } from "./html.ts";

export const LOCALES_DIR = projectPath("src", "locales");

const DEFAULT_LOCALE = "en";
// Unicode isolation marks around variables would break copy-paste of amounts and addresses.
const BUNDLE_OPTIONS = { useIsolating: false };

type ChatLanguage = (chatId: number) => Awaitable<string | undefined>;

/**
 * The chat's chosen language (/language) wins; otherwise the user's Telegram language when we
 * speak it (`pt-br` → pt, `zh-hans` → zh); otherwise (undefined) English. What the chat row holds
 * may be Telegram's raw tag (its first hint, `pt-br`), so it goes through `languageOf` too.
 */
function negotiator(chatLanguage: ChatLanguage) {
  return (ctx: Context): Awaitable<string | undefined> => {
    const fromTelegram = languageOf(ctx.from?.language_code);
    // The database away (a fault, an outage): the user is still answered, in Telegram's language.
    let chosen: Awaitable<string | undefined>;
    try {
      chosen = ctx.chat ? chatLanguage(ctx.chat.id) : undefined;
    } catch {
      return fromTelegram;
    }
    return isPromise(chosen)
      ? chosen.then(
          (c) => languageOf(c) ?? fromTelegram,
          () => fromTelegram,
        )
      : (languageOf(chosen) ?? fromTelegram);
  };
}

export function createI18n(chatLanguage: ChatLanguage): I18n<FlowContext> {
  return new I18n<FlowContext>({
    defaultLocale: DEFAULT_LOCALE,
    directory: LOCALES_DIR,
    useSession: false,
    fluentBundleOptions: BUNDLE_OPTIONS,
    localeNegotiator: negotiator(chatLanguage),
  });
}

/**
 * `ctx.t` and `ctx.i18n` for every update outside a conversation, from translate functions made
 * once per locale (conversations keep the plugin's middleware, see bot.ts).
 *
 * The plugin's middleware builds a translate function, five closures and `ctx.i18n` for each
 * update, and its translate negotiates the locale again through @fluent/langneg on every call:
 * with a few translations per update that was a fifth of all the bot allocated per update. Here:
 * the plugin's locales, files and Fluent options; a message missing in a locale falls back to
 * English and one missing everywhere reads `{key}`, as with the plugin; variables are escaped as
 * escapeTranslationVariables does.
 */
export function createLocaleMiddleware(
  i18n: I18n<FlowContext>,
  chatLanguage: ChatLanguage,
): MiddlewareFn<FlowContext> {
  const english = loadBundle(DEFAULT_LOCALE);
  const translators = new Map(
    i18n.locales.map((locale) => {
      const bundle = locale === DEFAULT_LOCALE ? english : loadBundle(locale);
      return [locale, bundleTranslator(i18n, locale, [bundle, english])] as const;
    }),
  );
  const fallback = translators.get(DEFAULT_LOCALE) ?? translator(i18n, DEFAULT_LOCALE);
  const locales: Locales = {
    fluent: i18n.fluent,
    negotiate: negotiator(chatLanguage),
    translate: (locale) => translators.get(locale.toLowerCase()) ?? fallback,
  };
  return (ctx, next) => {
    const controls = new UpdateLocale(ctx, locales);
    ctx.i18n = controls;
    const locale = locales.negotiate(ctx);
    if (!isPromise(locale)) {
      controls.useLocale(locale ?? DEFAULT_LOCALE);
      return next();
    }
    return locale.then((negotiated) => {
      controls.useLocale(negotiated ?? DEFAULT_LOCALE);
      return next();
    });
  };
}

interface Locales {
  fluent: Fluent;
  negotiate(ctx: Context): Awaitable<string | undefined>;
  translate(locale: string): TranslateFunction;
}

/** `ctx.i18n` as the plugin shapes it, one small object per update. */
class UpdateLocale implements Omit<I18nFlavor["i18n"], "fluent"> {
  constructor(
    private readonly ctx: FlowContext,
    private readonly locales: Locales,
  ) {}

  get fluent(): Fluent {
    return this.locales.fluent;
  }

  useLocale(locale: string): void {
    this.ctx.t = this.ctx.translate = this.locales.translate(locale);
  }

  async getLocale(): Promise<string> {
    return (await this.locales.negotiate(this.ctx)) ?? DEFAULT_LOCALE;
  }

  async renegotiateLocale(): Promise<void> {
    this.useLocale(await this.getLocale());
  }

  async setLocale(): Promise<void> {
    throw new Error("ctx.i18n.setLocale() needs sessions, which this bot does not use");
  }
}

function isPromise<T>(value: Awaitable<T>): value is Promise<T> {
  return value instanceof Promise;
}

function loadBundle(locale: string): FluentBundle {
  const bundle = new FluentBundle(locale, BUNDLE_OPTIONS);
  const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8");
  const errors = bundle.addResource(new FluentResource(source), { allowOverrides: true });
  if (errors.length > 0) throw new Error(`${locale}.ftl: ${errors.map(String).join("; ")}`);
  return bundle;
}

/** Translates from the first bundle that has the message; `{key}` when none has it. */
function bundleTranslator(
  i18n: I18n<FlowContext>,
  locale: string,
  bundles: readonly FluentBundle[],
): TranslateFunction {
  return (key, variables) => {
    // An attribute ("message.attribute"): rare, the plugin's own way.
    if (key.includes(".")) return i18n.t(locale, key, variables && escapeVariables(variables));
    for (const bundle of bundles) {
      const message = bundle.getMessage(key);
      if (message) {
        return bundle.formatPattern(message.value ?? "", variables && escapeVariables(variables));
      }
    }
    return `{${key}}`;
  };
}

/**
 * Messages are HTML, so every string variable put into a translation is escaped here, once,
 * instead of at every call site (coin names, upstream messages and addresses come from outside).
 */
export const escapeTranslationVariables: MiddlewareFn<FlowContext> = (ctx, next) => {
  const translate = ctx.t;
  ctx.t = ctx.translate = (key, variables) =>
    translate(key, variables && escapeVariables(variables));
  return next();
};

function escapeVariables(variables: TranslationVariables): TranslationVariables {
  const escaped: TranslationVariables = {};
  for (const key in variables) {
    const value = variables[key];
    if (value !== undefined)
      escaped[key] = typeof value === "string" ? escapeHtml(value) : latinDigits(value);
  }
  return escaped;
}

/**
 * A translate function for a chat outside any update (status pushes), escaping like ctx.t. The
 * locale may be a stored Telegram tag (`pt-br`): it gets the language we speak for it.
 */
export function translator(i18n: I18n<FlowContext>, locale: string): TranslateFunction {
  const language = languageOf(locale);
  const known = language && i18n.locales.includes(language) ? language : "en";
  return (key, variables) => i18n.t(known, key, variables && escapeVariables(variables));
}
