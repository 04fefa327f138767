import { limit } from "@grammyjs/ratelimiter";
import type { BotContext } from "../context.ts";

/**
 * Each user's fair share of the quote budget that all users share: a handful of quotes per 10 s.
 * Beyond it the user is asked to slow down, and the shared budget stays for everyone else.
 */
export function quoteShare(onExceeded: (ctx: BotContext) => Promise<unknown>) {
  return limit<BotContext, never>({
    timeFrame: 10_000,
    limit: 4,
    keyGenerator: (ctx) => ctx.from?.id.toString(),
    onLimitExceeded: async (ctx) => {
      await onExceeded(ctx).catch(() => undefined);
    },
  });
}
