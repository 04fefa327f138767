import { Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import { oneChatAtATime } from "../../../src/bot/plumbing/one-chat-at-a-time.ts";

const me = { id: 1, is_bot: true, first_name: "bot", username: "bot" } as UserFromGetMe;

function update(chatId: number | undefined, text: string): Context {
  const from = { id: 5, is_bot: false, first_name: "a" };
  const raw: Update =
    chatId === undefined
      ? { update_id: 1, inline_query: { id: "q", from, query: text, offset: "" } }
      : {
          update_id: 1,
          message: {
            message_id: 1,
            date: 0,
            chat: { id: chatId, type: "private", first_name: "a" },
            from,
            text,
          },
        };
  return new Context(raw, undefined as never, me);
}

const chat = (ctx: Context) => ctx.chat?.id.toString();
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("one chat at a time", () => {
  it("runs one chat's updates in order and other chats' meanwhile", async () => {
    const middleware = oneChatAtATime(chat);
    const log: string[] = [];
    const handle = (chatId: number, text: string, ms: number) =>
      middleware(update(chatId, text), async () => {
        log.push(`start ${text}`);
        await later(ms);
        log.push(`end ${text}`);
      });
    await Promise.all([handle(1, "a1", 30), handle(1, "a2", 0), handle(2, "b1", 0)]);
    expect(log).toEqual(["start a1", "start b1", "end b1", "end a1", "start a2", "end a2"]);
  });

  it("goes on after a failed update, whose error still reaches its caller", async () => {
    const middleware = oneChatAtATime(chat);
    const failing = middleware(update(1, "x"), async () => {
      throw new Error("boom");
    });
    let ran = false;
    const after = middleware(update(1, "y"), async () => {
      ran = true;
    });
    await expect(failing).rejects.toThrow("boom");
    await after;
    expect(ran).toBe(true);
  });

  it("does not hold back updates without a chat", async () => {
    const middleware = oneChatAtATime(chat);
    let release = () => {};
    const slow = middleware(update(1, "slow"), () => new Promise<void>((r) => (release = r)));
    let inline = false;
    await middleware(update(undefined, "btc"), async () => {
      inline = true;
    });
    expect(inline).toBe(true);
    release();
    await slow;
  });
});
