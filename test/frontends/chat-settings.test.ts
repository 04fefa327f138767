import { describe, expect, it } from "vitest";
import { createChatSettings } from "../../src/frontends/chat-settings.ts";
import type { ChatsStore } from "../../src/swaps/chats-store.ts";

/** The chats table's rules (a hint never overrides a stored language), counting reads. */
function memoryChats(): ChatsStore & { reads: number } {
  const rows = new Map<number, string | undefined>();
  const store = {
    reads: 0,
    language(chatId: number) {
      store.reads++;
      return rows.get(chatId);
    },
    touch(chatId: number, _type: string, hint?: string) {
      rows.set(chatId, rows.get(chatId) ?? hint);
      return rows.get(chatId);
    },
    setLanguage(chatId: number, language: string) {
      rows.set(chatId, language);
    },
    markBlocked() {},
  };
  return store;
}

describe("chat settings", () => {
  it("a private chat's Telegram language becomes its language without a second read", async () => {
    const chats = memoryChats();
    const settings = createChatSettings(chats);
    expect(await settings.language(1)).toBeUndefined();
    await settings.touch(1, "private", "ru-RU");
    expect(await settings.language(1)).toBe("ru");
    expect(await settings.language(1)).toBe("ru");
    expect(chats.reads).toBe(1);
  });

  it("a chat touched first needs no read for its language: the touch told it", async () => {
    const chats = memoryChats();
    const settings = createChatSettings(chats);
    await settings.setLanguage(3, "private", "de");
    const fresh = createChatSettings(chats);
    await fresh.touch(3, "private", "ru");
    await fresh.touch(4, "private", "pt-BR");
    await fresh.touch(5, "group");
    expect(await fresh.language(3)).toBe("de");
    expect(await fresh.language(4)).toBe("pt");
    expect(await fresh.language(5)).toBeUndefined();
    expect(chats.reads).toBe(0);
  });

  it("a hint never replaces a language chosen with /language", async () => {
    const chats = memoryChats();
    const settings = createChatSettings(chats);
    await settings.setLanguage(2, "private", "en");
    await settings.touch(2, "private", "ru");
    expect(await settings.language(2)).toBe("en");
  });
});
