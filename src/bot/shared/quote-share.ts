import { limit } from "@grammyjs/ratelimiter";
import type { BotContext } from "../context.ts";

/**
 * A handful of requests per 10 s: each user's (or chat's) fair share of an exchange budget that
 * all of them share.
 */
export const FAIR_SHARE = { timeFrame: 10_000, limit: 4 } as const;

/**
 * Each user's fair share of the quote budget that all users share. Beyond it the user is asked to
 * slow down, and the shared budget stays for everyone else.
 */
export function quoteShare(onExceeded: (ctx: BotContext) => Promise<unknown>) {
  return limit<BotContext, never>({
    ...FAIR_SHARE,
    keyGenerator: (ctx) => ctx.from?.id.toString(),
    onLimitExceeded: async (ctx) => {
      await onExceeded(ctx).catch(() => undefined);
    },
  });
}
