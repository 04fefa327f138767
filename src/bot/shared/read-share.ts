import { limit } from "@grammyjs/ratelimiter";
import type { BotContext } from "../context.ts";
import { FAIR_SHARE } from "./quote-share.ts";

/**
 * Each chat's fair share of the user reads all chats share (`/status`, Refresh), as quotes have
 * theirs. Beyond it the request is still answered, marked: `overShare(ctx)` then says so, and the
 * swap is shown as the bot knows it instead of asking the exchange again.
 */
export function readShare() {
  const over = new WeakSet<BotContext>();
  const middleware = limit<BotContext, never>({
    ...FAIR_SHARE,
    keyGenerator: (ctx) => ctx.chat?.id.toString(),
    // Every request beyond the share, not only the first: each one is still answered.
    alwaysReply: true,
    onLimitExceeded: (ctx, next) => {
      over.add(ctx);
      return next();
    },
  });
  return { middleware, overShare: (ctx: BotContext) => over.has(ctx) };
}
