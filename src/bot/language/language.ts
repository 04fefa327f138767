import type { I18n } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import { z } from "zod";
import type { Awaitable } from "../../lib/awaitable.ts";
import { LANGUAGES } from "../../lib/languages.ts";
import { defineCallback } from "../callback-data.ts";
import type { BotContext, FlowContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";

interface LanguageDeps {
  i18n: I18n<FlowContext>;
  setChatLanguage(chatId: number, chatType: string, language: string): Awaitable<void>;
}

const pick = defineCallback("lang", { code: z.string().regex(/^[a-z]{2}$/) });

/** `/language`: the chat picks its language; the choice is stored per chat. */
export function createLanguageFeature(deps: LanguageDeps) {
  const feature = new LeanComposer<BotContext>();

  feature.command("language", async (ctx) => {
    const keyboard = new InlineKeyboard();
    const codes = LANGUAGES.filter((code) => deps.i18n.locales.includes(code));
    codes.forEach((code, i) => {
      keyboard.text(deps.i18n.t(code, "language-name"), pick.pack({ code }));
      // Two a row: seven names in one row would be cut to a few letters each on a phone.
      if (i % 2 === 1) keyboard.row();
    });
    await ctx.reply(ctx.t("language-choose"), { reply_markup: keyboard });
  });

  feature.callbackQuery(pick.filter, async (ctx) => {
    const data = pick.unpack(ctx.callbackQuery.data);
    if (!data || !deps.i18n.locales.includes(data.code) || !ctx.chat) {
      return ctx.answerCallbackQuery({ text: ctx.t("button-expired") });
    }
    await deps.setChatLanguage(ctx.chat.id, ctx.chat.type, data.code);
    ctx.i18n.useLocale(data.code);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t("language-set"));
  });

  return feature;
}
