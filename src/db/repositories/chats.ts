import { sql } from "drizzle-orm";
import { type Chat, chatRow } from "../rows.ts";
import { assignments, insertInto, type Seam, selectOne } from "../seam.ts";

/** The chats the bot talks to: their chosen locale and whether they blocked the bot. */
export function createChatsRepository(db: Seam) {
  /** Inserts the chat's row, or sets `set` on the one there. */
  const save = async (
    row: Omit<Chat, "blockedAt" | "languageCode"> & Partial<Chat>,
    set: Record<string, unknown>,
  ) => {
    await db.run(
      sql`${insertInto("chats", [row])} on conflict (id) do update set ${assignments(set)}`,
    );
  };
  const get = (chatId: number): Promise<Chat | undefined> =>
    selectOne(db, chatRow, sql`from chats where id = ${chatId}`);

  return {
    get,

    /**
     * Records a chat that just sent us an update. It talked to us, so it no longer blocks the bot.
     * `languageCode` (Telegram's hint) is only a first guess: it never overrides a chosen locale.
     * Returns the language the row holds afterwards: a chat's first update needs no second read.
     */
    async touch(
      chatId: number,
      type: string,
      languageCode?: string,
      now = Date.now(),
    ): Promise<string | undefined> {
      const row = { id: chatId, type, languageCode: languageCode ?? null, createdAt: now };
      const set = {
        type,
        blockedAt: null,
        languageCode: sql`coalesce(chats.language_code, ${languageCode ?? null})`,
        updatedAt: now,
      };
      const [stored] = await db.all(
        sql`${insertInto("chats", [{ ...row, updatedAt: now }])} on conflict (id) do update set ${assignments(set)}
          returning language_code as "languageCode"`,
      );
      return stored?.languageCode == null ? undefined : String(stored.languageCode);
    },

    /** The chat's locale, or undefined for "use the default". */
    language: async (chatId: number) => (await get(chatId))?.languageCode ?? undefined,

    /** The user's explicit choice. A chat not recorded yet gets a row of type "unknown". */
    setLanguage: (chatId: number, languageCode: string, now = Date.now()) =>
      save(
        { id: chatId, type: "unknown", languageCode, createdAt: now, updatedAt: now },
        { languageCode, updatedAt: now },
      ),

    /**
     * Telegram answered 403: pushes to this chat are skipped until it talks to us again. A chat not
     * recorded yet gets a row of type "unknown" (its next update through `touch` corrects it).
     */
    markBlocked: (chatId: number, now = Date.now()) =>
      save(
        { id: chatId, type: "unknown", blockedAt: now, createdAt: now, updatedAt: now },
        { blockedAt: now, updatedAt: now },
      ),

    isBlocked: async (chatId: number) => (await get(chatId))?.blockedAt != null,
  };
}
