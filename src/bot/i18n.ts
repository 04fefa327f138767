import { fileURLToPath } from "node:url";
import { I18n, type TranslateFunction, type TranslationVariables } from "@grammyjs/i18n";
import type { MiddlewareFn } from "grammy";
import type { Awaitable } from "../swaps/ports.ts";
import type { FlowContext } from "./context.ts";
import { escapeHtml } from "./html.ts";

export const LOCALES_DIR = fileURLToPath(new URL("../locales", import.meta.url));

/**
 * The chat's chosen language (/language) wins; otherwise the user's Telegram language when we
 * have it; otherwise English.
 */
export function createI18n(
  chatLanguage: (chatId: number) => Awaitable<string | undefined>,
): I18n<FlowContext> {
  return new I18n<FlowContext>({
    defaultLocale: "en",
    directory: LOCALES_DIR,
    useSession: false,
    // Unicode isolation marks around variables would break copy-paste of amounts and addresses.
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: async (ctx) =>
      (ctx.chat ? await chatLanguage(ctx.chat.id) : undefined) ??
      ctx.from?.language_code?.slice(0, 2),
  });
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
  for (const [key, value] of Object.entries(variables)) {
    escaped[key] = typeof value === "string" ? escapeHtml(value) : value;
  }
  return escaped;
}

/** A translate function for a chat outside any update (status pushes), escaping like ctx.t. */
export function translator(i18n: I18n<FlowContext>, locale: string): TranslateFunction {
  const known = i18n.locales.includes(locale) ? locale : "en";
  return (key, variables) => i18n.t(known, key, variables && escapeVariables(variables));
}
