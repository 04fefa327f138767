import type { Api } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "../lib/logger.ts";

/** The sentence in the language Telegram gives for the user (the chat's own setting is stored). */
type HeldSentence = (languageCode: string | undefined) => string;

/** Chats told at most; past it the set starts again (a chat may then be told twice). */
const MOST_CHATS = 10_000;

/**
 * Tells the users whose updates wait because the database cannot take them (the journal cannot
 * record them, or no instance leads while PostgreSQL is away) that the bot is briefly unavailable,
 * that their swaps are safe and that their message will be answered: it is, once the store is
 * back, since Telegram keeps every update not confirmed. Each private chat is told once per outage
 * (the same batch comes back on every poll meanwhile); groups are not told (a message there is
 * not necessarily for the bot).
 */
export class HeldNotice {
  private readonly told = new Set<number>();

  constructor(
    private readonly api: Pick<Api, "sendMessage">,
    private readonly sentence: HeldSentence,
    private readonly logger: Logger,
  ) {}

  async tell(updates: readonly Update[]): Promise<void> {
    for (const update of updates) {
      const sender = privateSender(update);
      if (!sender || this.told.has(sender.chatId)) continue;
      if (this.told.size >= MOST_CHATS) this.told.clear();
      this.told.add(sender.chatId);
      try {
        await this.api.sendMessage(sender.chatId, this.sentence(sender.languageCode));
      } catch (error) {
        // Telegram failing too: the update still waits, and is answered once both are back.
        this.logger.warn({ err: error, chat: sender.chatId }, "could not say the bot is away");
      }
    }
  }

  /** The store is back: a chat is told again in the next outage. */
  reset(): void {
    this.told.clear();
  }
}

function privateSender(update: Update): { chatId: number; languageCode?: string } | undefined {
  const message = update.message ?? update.callback_query?.message;
  if (message?.chat.type !== "private") return undefined;
  const from = update.message?.from ?? update.callback_query?.from;
  return from?.language_code === undefined
    ? { chatId: message.chat.id }
    : { chatId: message.chat.id, languageCode: from.language_code };
}
