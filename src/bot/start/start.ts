import type { CommandContext } from "grammy";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { flowStart, supportStart } from "../shared/deep-link.ts";
import { webAppKeyboard } from "../shared/web-app-button.ts";

type StartContext = CommandContext<BotContext>;

/** What the features do with `/start`'s deep links (shared/deep-link.ts); bot.ts passes them in. */
interface StartLinks {
  /** `support`, `support-<swap id>` in a private chat: what is wrong, about that swap (support/). */
  support(ctx: StartContext, swapId: string | undefined): Promise<unknown>;
  /** `exchange`, `swap-<code>` in a group: the same link, to continue in a private chat (groups/). */
  flowInGroup(ctx: StartContext): Promise<unknown>;
  /** `exchange`, `swap-<code>` elsewhere: a fresh exchange flow, that coin to send (swap-flow/). */
  flow(ctx: StartContext, coin: string | undefined): Promise<unknown>;
}

/**
 * `/start`, its one handler: a deep link goes to its feature; anything else ("inline", "help", no
 * payload) gets the welcome. It sits in front of the exchange conversation, so a running flow
 * does not take `/start` as an answer.
 */
export function createStartFeature(webAppUrl: string | undefined, links: StartLinks) {
  const startFeature = new LeanComposer<BotContext>();
  startFeature.command("start", async (ctx) => {
    const support = supportStart(ctx.match);
    if (support && ctx.chat.type === "private") return links.support(ctx, support.swapId);
    const flow = flowStart(ctx.match);
    if (flow) {
      const group = ctx.chat.type === "group" || ctx.chat.type === "supergroup";
      return group ? links.flowInGroup(ctx) : links.flow(ctx, flow.coin);
    }
    await ctx.reply(
      ctx.t("welcome", { name: ctx.from?.first_name ?? "none", bot: ctx.me.username }),
      {
        link_preview_options: { is_disabled: true },
        reply_markup: webAppKeyboard(ctx.t, webAppUrl, { chatType: ctx.chat.type }),
      },
    );
  });
  return startFeature;
}
