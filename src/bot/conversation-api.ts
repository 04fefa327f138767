import type { Conversation } from "@grammyjs/conversations";
import { GrammyError, HttpError, type MiddlewareFn, type Transformer } from "grammy";
import type { BotContext, FlowContext } from "./context.ts";
import { rememberSent } from "./plumbing/unsaved-prompts.ts";

/**
 * Sends every Bot API call made inside a conversation through `conversation.external`, on the
 * outside context's Api (the bot's, with its transformers: bounded retry, HTML parse mode,
 * failure metrics). Install it through the conversation's `plugins`.
 *
 * Why (conversations 2.1.1, plugin.ts `hydrateContext`): the plugin gives each context inside a
 * conversation a fresh Api whose first transformer records the raw call as one replay-log entry.
 * Transformers added through `plugins` wrap that entry, so auto-retry there runs outside the log:
 * a recorded 429 or 5xx comes back on every replay, and auto-retry waits its delay again on every
 * later step of the flow. Here the whole call, retries and waits included, is one `external`
 * entry: it runs once, live, and every replay returns its recorded outcome without waiting. The
 * plugin's own recording transformer is never reached.
 *
 * It also keeps clear of conversations issue #155 (an action that throws leaks in the replay
 * engine, so a conversation that catches the error never finishes its update): `external`
 * records a failure instead of throwing from inside its action. A Telegram error comes back as
 * the GrammyError it was, a network failure as an HttpError; uncaught, either ends the flow and
 * the error boundary answers the user.
 *
 * Calls inside one conversation must therefore be sequential: `external` refuses to run
 * concurrently with another `external`.
 */
export function callsThroughReplayLog(
  conversation: Conversation<BotContext, FlowContext>,
): MiddlewareFn<FlowContext> {
  const transformer: Transformer = (_prev, method, payload) =>
    conversation.external({
      task: async (outside) => {
        // The raw Api is a proxy over every method; `method` and `payload` belong together.
        const call = outside.api.raw[method] as (args: typeof payload) => Promise<unknown>;
        try {
          const result = await call(payload);
          // Taken back if this update's state cannot be stored (unsaved-prompts.ts).
          rememberSent(outside, method, result);
          return { ok: true as const, result };
        } catch (error) {
          if (!(error instanceof GrammyError)) throw error;
          return {
            ok: false as const,
            error_code: error.error_code,
            description: error.description,
            ...(error.parameters ? { parameters: error.parameters } : {}),
          };
        }
      },
      // Errors are stored as JSON with the rest of the log: keep their message.
      beforeStoreError: (error) => (error instanceof Error ? error.message : String(error)),
      afterLoadError: (message) => new HttpError(String(message), new Error(String(message))),
      // What the outside Api answered for this very method: the type the caller expects.
    }) as ReturnType<Transformer>;
  return (ctx, next) => {
    ctx.api.config.use(transformer);
    return next();
  };
}
