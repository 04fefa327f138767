import type { Context } from "grammy";
import { z } from "zod";

/**
 * The messages a conversation sent while handling one update, until its state is stored. The
 * contract has a step's state committed before its prompt is sent, but the conversations plugin
 * stores the state once the update's handler is done, after its prompt went out. A write that
 * fails (SQLite locked or full, PostgreSQL away) would leave a prompt whose step is not stored:
 * the user's answer to it would be read against the step before. So the prompts of an update whose
 * state write failed are deleted again (conversation-storage.ts), and the user gets the storage
 * sentence instead (bot.ts): the step they still see is the one stored.
 */
const SENT = Symbol("messages sent by this update's conversation");

type Sent = Array<{ chatId: number; messageId: number }>;

const sentMessage = z.object({ message_id: z.number(), chat: z.object({ id: z.number() }) });

/** Remembers a message a conversation sent (`method`'s result) while handling `ctx`'s update. */
export function rememberSent(ctx: Context, method: string, result: unknown): void {
  if (!method.startsWith("send")) return;
  const message = sentMessage.safeParse(result);
  if (!message.success) return;
  const holder = ctx as Context & { [SENT]?: Sent };
  holder[SENT] ??= [];
  holder[SENT].push({ chatId: message.data.chat.id, messageId: message.data.message_id });
}

/**
 * Deletes the messages the update's conversation sent: its state was not stored. Best effort:
 * Telegram failing too leaves them (the storage sentence still follows them).
 */
export async function takeBackSent(ctx: Context): Promise<void> {
  const holder = ctx as Context & { [SENT]?: Sent };
  const sent = holder[SENT] ?? [];
  holder[SENT] = [];
  for (const { chatId, messageId } of sent.reverse()) {
    await ctx.api.deleteMessage(chatId, messageId).catch(() => undefined);
  }
}
