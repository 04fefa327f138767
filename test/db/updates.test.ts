import { PLUGIN_DATA_VERSION, uniformStorage } from "@grammyjs/conversations";
import { Api, Context } from "grammy";
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { conversationStorage } from "../../src/bot/plumbing/conversation-storage.ts";
import { FakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { dialects } from "./helpers.ts";

const me = new FakeTelegram({ token: "1:test", botUsername: "swap_bot", botName: "Bot" }).botUser();
const api = new Api("1:test");

const textUpdate = (updateId: number, text: string): Update =>
  ({
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 0,
      chat: { id: 7, type: "private", first_name: "Ann" },
      from: { id: 7, is_bot: false, first_name: "Ann" },
      text,
    },
  }) as Update;

const journaled = (update: Update) => ({
  updateId: update.update_id,
  payload: JSON.stringify(update),
});

const state = {
  exchange: [
    {
      args: "[]",
      replay: { send: [{ payload: "{}" }], receive: [] },
      interrupts: [0],
    },
  ],
};

describe.each(dialects)("the update journal ($dialect)", ({ open }) => {
  it("keeps a batch until each update is done", async () => {
    const { repos } = await open();
    await repos.updates.record(
      [textUpdate(11, "/exchange"), textUpdate(12, "btc")].map(journaled),
      1_000,
    );
    await repos.updates.record([journaled(textUpdate(13, "eth"))], 2_000);
    await repos.updates.done([11, 13]);
    // A batch recorded again (Telegram sent it twice) is not duplicated.
    await repos.updates.record([journaled(textUpdate(12, "btc"))], 3_000);

    const left = await repos.updates.takeLeft();
    expect(left.map((row) => row.updateId)).toEqual([12]);
    expect(JSON.parse(left[0]!.payload)).toEqual(textUpdate(12, "btc"));
    // Taken means gone: it is handled again once at most.
    expect(await repos.updates.takeLeft()).toEqual([]);
  });

  it("hands left updates back oldest first", async () => {
    const { repos } = await open();
    await repos.updates.record([30, 10, 20].map((id) => journaled(textUpdate(id, "x"))));
    expect((await repos.updates.takeLeft()).map((row) => row.updateId)).toEqual([10, 20, 30]);
  });

  it("marks an update handled in the same write that stores the state it moved on", async () => {
    const store = await open();
    const { repos } = store;
    await repos.updates.record([21, 22].map((id) => journaled(textUpdate(id, "x"))));
    const storage = uniformStorage(
      conversationStorage<Context>(repos.conversations, { version: 1, journaled: true }),
    );
    const step = storage(new Context(textUpdate(21, "/exchange"), api, me));
    await step.read();
    await step.write(state);
    expect((await repos.updates.takeLeft()).map((row) => row.updateId)).toEqual([22]);
    const stored = await store.rows("select value from conversation_state");
    expect(JSON.parse(String(stored[0]!.value))).toEqual({
      version: [PLUGIN_DATA_VERSION, 1],
      state,
    });
  });

  it("keeps the update when its state write is refused, and when it ends a flow marks it then", async () => {
    const { repos } = await open();
    await repos.updates.record([31, 32].map((id) => journaled(textUpdate(id, "x"))));
    const storage = () =>
      uniformStorage(
        conversationStorage<Context>(repos.conversations, { version: 1, journaled: true }),
      );
    const first = storage()(new Context(textUpdate(31, "x"), api, me));
    const stale = storage()(new Context(textUpdate(32, "y"), api, me));
    await first.read();
    await stale.read();
    await first.write(state);
    await expect(stale.write(state)).rejects.toThrow(/changed by another update/);
    expect((await repos.updates.takeLeft()).map((row) => row.updateId)).toEqual([32]);

    await repos.updates.record([journaled(textUpdate(33, "/cancel"))]);
    const ending = storage()(new Context(textUpdate(33, "/cancel"), api, me));
    await ending.read();
    await ending.delete();
    expect(await repos.updates.takeLeft()).toEqual([]);
  });
});
