import {
  type ConversationData,
  type ConversationOptions,
  PLUGIN_DATA_VERSION,
  uniformStorage,
} from "@grammyjs/conversations";
import { Api, Context } from "grammy";
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import type { BotContext, FlowContext } from "../../src/bot/context.ts";
import { conversationStorage } from "../../src/db/repositories/conversations.ts";
import { conversationState } from "../../src/db/schema.ts";
import { FakeTelegram } from "../../src/fake-telegram/fake-telegram.ts";
import { tempDatabase } from "./helpers.ts";

// The same bot identity the fake Telegram answers getMe with; nothing listens here.
const me = new FakeTelegram({ token: "1:test", botUsername: "swap_bot", botName: "Bot" }).botUser();
const api = new Api("1:test");
const user = { id: 42, is_bot: false, first_name: "Ann" };

const messageIn = (chatId: number) =>
  new Context(
    {
      update_id: 1,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: chatId, type: "private", first_name: "Ann" },
        from: user,
        text: "/exchange",
      },
    } as Update,
    api,
    me,
  );

const inlineQuery = () =>
  new Context(
    { update_id: 2, inline_query: { id: "q", from: user, query: "btc", offset: "" } } as Update,
    api,
    me,
  );

const flow: ConversationData = {
  exchange: [
    {
      args: "[]",
      replay: { send: [{ payload: "{}" }], receive: [{ send: 0, returnValue: { a: 1 } }] },
      interrupts: [0],
    },
  ],
};

describe("conversation storage", () => {
  it("keeps a chat's flow across a restart", async () => {
    const database = tempDatabase();
    const storage = uniformStorage(conversationStorage<Context>(database.db, { version: 1 }));
    await storage(messageIn(7)).write(flow);
    const rows = database.db.select().from(conversationState).all();
    expect(rows.map((r) => r.key)).toEqual(["7"]);
    expect(JSON.parse(rows[0]!.value)).toEqual({ version: [PLUGIN_DATA_VERSION, 1], state: flow });

    const again = uniformStorage(conversationStorage<Context>(database.db, { version: 1 }));
    expect(await again(messageIn(7)).read()).toEqual(flow);
    expect(await again(messageIn(8)).read()).toBeUndefined();
    await again(messageIn(7)).delete();
    expect(await again(messageIn(7)).read()).toBeUndefined();
  });

  it("is accepted as the bot's `conversations({ storage })` option", () => {
    const { db } = tempDatabase();
    const storage: ConversationOptions<BotContext, FlowContext>["storage"] = conversationStorage(
      db,
      { version: 1 },
    );
    expect(storage).toMatchObject({ type: "context", version: 1 });
  });

  it("starts a flow afresh after a version bump instead of replaying it", async () => {
    const { db } = tempDatabase();
    await uniformStorage(conversationStorage<Context>(db, { version: 1 }))(messageIn(7)).write(
      flow,
    );
    const bumped = uniformStorage(conversationStorage<Context>(db, { version: 2 }));
    expect(await bumped(messageIn(7)).read()).toBeUndefined();
  });

  it("never shares a state between updates without a chat", async () => {
    const { db } = tempDatabase();
    const storage = uniformStorage(conversationStorage<Context>(db, { version: 1 }));
    await storage(inlineQuery()).write(flow);
    expect(db.select().from(conversationState).all()).toEqual([]);
    expect(await storage(inlineQuery()).read()).toBeUndefined();
  });

  it("reads a damaged row as no flow rather than failing the chat's every update", async () => {
    const { db } = tempDatabase();
    const storage = uniformStorage(conversationStorage<Context>(db, { version: 1 }));
    for (const value of ["not json", '{"version":[0,1],"state":{"exchange":"nope"}}', "[]"]) {
      db.insert(conversationState)
        .values({ key: "7", value, updatedAt: 0 })
        .onConflictDoUpdate({ target: conversationState.key, set: { value } })
        .run();
      expect(await storage(messageIn(7)).read()).toBeUndefined();
    }
  });
});
