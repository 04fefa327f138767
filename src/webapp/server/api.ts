import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { textDirection } from "../../lib/languages.ts";
import { servesPage } from "../page-versions.ts";
import { answers } from "./answers.ts";
import { creationRoutes } from "./creation-routes.ts";
import type { Env, WebAppDeps } from "./deps.ts";
import { InitDataChecker } from "./init-data.ts";
import { answerJson } from "./json-answers.ts";
import { quoteRoutes } from "./quote-routes.ts";
import { swapRoutes } from "./swap-routes.ts";
import { PageTexts } from "./texts.ts";

/**
 * The Mini App's JSON API: the chat's rules over the same core. Every call carries Telegram's
 * init data (`Authorization: tma <raw>`), checked with the bot token; the user's swaps are those
 * of their private chat (chat id = user id). The routes: quote-routes.ts (coins, limits, quotes),
 * creation-routes.ts (address checks, creating a swap), swap-routes.ts (the user's swaps).
 */
export function createApi(deps: WebAppDeps): Hono<Env> {
  const { texts } = deps;
  const initData = new InitDataChecker(deps.botToken, deps.now);
  const api = new Hono<Env>();

  // Not for a GET or HEAD (no body): the middleware asks for the request's body stream, which
  // makes @hono/node-server build a whole web Request (and an AbortController) for the request.
  const limitBody = bodyLimit({
    maxSize: 4 * 1024,
    onError: (c) => c.json({ error: "too-large" }, 413),
  });
  // One middleware for what every call goes through (each one more costs a step of hono's chain):
  // its answers made whole with their headers (json-answers.ts), its init data, its page's
  // version, its body's size.
  api.use(async (c, next) => {
    answerJson(c);
    const raw = /^tma (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    const check = initData.check(raw);
    if (!check.ok) {
      const locale = PageTexts.localeOf(unverifiedLanguage(raw));
      return c.json(
        { error: "unauthorized", message: texts.t(locale, "webapp-open-from-telegram") },
        401,
      );
    }
    c.set("user", check.user);
    c.set("locale", PageTexts.localeOf(check.user.languageCode));
    // A page opened before an upgrade that this server no longer serves (page-versions.ts).
    if (!servesPage(c.req.header("x-page-version"))) {
      return c.json({ error: "updated", message: texts.t(c.get("locale"), "webapp-updated") }, 409);
    }
    return c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next);
  });

  const say = answers(texts);

  api.get("/session", (c) =>
    c.json({
      locale: c.get("locale"),
      dir: textDirection(c.get("locale")),
      texts: texts.all(c.get("locale")),
      sandbox: deps.sandbox,
      firstName: c.get("user").firstName,
      supportLink: deps.supportLink?.() ?? null,
      statusPollMs: deps.statusPollMs,
    }),
  );
  quoteRoutes(api, deps, say);
  creationRoutes(api, deps, say);
  swapRoutes(api, deps, say);
  return api;
}

/** Only to pick the language of the "open it from Telegram" answer: nothing else trusts it. */
function unverifiedLanguage(raw: string | undefined): string | undefined {
  try {
    const user = new URLSearchParams(raw ?? "").get("user");
    const parsed = z
      .object({ language_code: z.string().max(10) })
      .safeParse(JSON.parse(user ?? "null"));
    return parsed.success ? parsed.data.language_code : undefined;
  } catch {
    return undefined;
  }
}
