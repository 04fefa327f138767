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
import {
  conversationStorage,
  StaleConversationError,
} from "../../src/bot/plumbing/conversation-storage.ts";
import { FakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { dialects } from "./helpers.ts";

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

const flowAt = (step: number): ConversationData => ({
  exchange: [
    {
      args: "[]",
      replay: { send: [{ payload: "{}" }], receive: [{ send: 0, returnValue: { step } }] },
      interrupts: [0],
    },
  ],
});
const flow = flowAt(1);

describe.each(dialects)("conversation storage ($dialect)", ({ open }) => {
  // Both ways the app may build it: with SQLite's cache, and without (PostgreSQL's).
  describe.each([{ cacheSize: 100 }, { cacheSize: 0 }])("cache $cacheSize", ({ cacheSize }) => {
    const storageOn = (store: Awaited<ReturnType<typeof open>>, version: number | string = 1) =>
      uniformStorage(
        conversationStorage<Context>(store.repos.conversations, { version, cacheSize }),
      );

    it("keeps a chat's flow across a restart", async () => {
      const store = await open();
      await storageOn(store)(messageIn(7)).write(flow);
      const rows = await store.rows("select key, value from conversation_state");
      expect(rows.map((r) => r.key)).toEqual(["7"]);
      expect(JSON.parse(String(rows[0]!.value))).toEqual({
        version: [PLUGIN_DATA_VERSION, 1],
        state: flow,
      });

      const again = storageOn(store);
      expect(await again(messageIn(7)).read()).toEqual(flow);
      expect(await again(messageIn(8)).read()).toBeUndefined();
      const ending = again(messageIn(7));
      await ending.read();
      await ending.delete();
      expect(await again(messageIn(7)).read()).toBeUndefined();
      expect(await store.rows("select key from conversation_state")).toEqual([]);
    });

    it("starts a flow afresh after a version bump instead of replaying it", async () => {
      const store = await open();
      await storageOn(store, 1)(messageIn(7)).write(flow);
      expect(await storageOn(store, 2)(messageIn(7)).read()).toBeUndefined();
    });

    it("carries a flow stored by an older version into the current one when told it can", async () => {
      const store = await open();
      await storageOn(store, 4)(messageIn(7)).write(flowAt(1));
      const carried: (string | number)[] = [];
      const outdated: Context[] = [];
      const storage = uniformStorage(
        conversationStorage<Context>(store.repos.conversations, {
          version: 5,
          cacheSize,
          carry: (from, state) => {
            carried.push(from);
            return from === 4 ? { ...state, migrated: [] } : undefined;
          },
          outdated: (ctx) => outdated.push(ctx),
        }),
      );
      const update = storage(messageIn(7));
      expect(await update.read()).toEqual({ ...flowAt(1), migrated: [] });
      await update.write(flowAt(2));
      expect(carried).toEqual([4]);
      expect(outdated).toEqual([]);
      const [row] = await store.rows("select value from conversation_state");
      expect(JSON.parse(String(row?.value)).version).toEqual([PLUGIN_DATA_VERSION, 5]);
    });

    it("drops a flow of a version it cannot carry at once, and names that update (once)", async () => {
      const store = await open();
      await storageOn(store, 3)(messageIn(7)).write(flowAt(1));
      const outdated: Context[] = [];
      const storage = uniformStorage(
        conversationStorage<Context>(store.repos.conversations, {
          version: 5,
          cacheSize,
          carry: () => undefined,
          outdated: (ctx) => outdated.push(ctx),
        }),
      );
      const first = messageIn(7);
      expect(await storage(first).read()).toBeUndefined();
      expect(outdated).toEqual([first]);
      expect(await store.rows("select key from conversation_state")).toEqual([]);
      // The next update finds no flow at all: the chat was told once.
      expect(await storage(messageIn(7)).read()).toBeUndefined();
      expect(outdated).toHaveLength(1);
    });

    it("never shares a state between updates without a chat", async () => {
      const store = await open();
      const storage = storageOn(store);
      await storage(inlineQuery()).write(flow);
      expect(await store.rows("select key from conversation_state")).toEqual([]);
      expect(await storage(inlineQuery()).read()).toBeUndefined();
    });

    it("reads a damaged row as no flow rather than failing the chat's every update", async () => {
      const store = await open();
      const storage = storageOn(store);
      for (const value of ["not json", '{"version":[0,1],"state":{"exchange":"nope"}}', "[]"]) {
        await store.exec(
          `insert into conversation_state (key, value, revision, updated_at) values ('7', '${value}', 3, 0)
           on conflict (key) do update set value = excluded.value`,
        );
        const update = storage(messageIn(7));
        expect(await update.read()).toBeUndefined();
        if (cacheSize === 0) {
          // Its next step replaces it.
          await update.write(flow);
          expect(await storage(messageIn(7)).read()).toEqual(flow);
        }
      }
    });

    it("moves on a state stored before revisions were kept (revision 0)", async () => {
      const store = await open();
      const envelope = JSON.stringify({ version: [PLUGIN_DATA_VERSION, 1], state: flowAt(1) });
      await store.exec(
        `insert into conversation_state (key, value, updated_at) values ('7', '${envelope}', 0)`,
      );
      const storage = storageOn(store);
      const update = storage(messageIn(7));
      expect(await update.read()).toEqual(flowAt(1));
      await update.write(flowAt(2));
      expect(await storageOn(store)(messageIn(7)).read()).toEqual(flowAt(2));
    });

    it("each step of a flow writes over the state it read", async () => {
      const store = await open();
      const storage = storageOn(store);
      for (let step = 1; step <= 3; step++) {
        const update = storage(messageIn(7));
        await update.read();
        await update.write(flowAt(step));
      }
      expect(await storage(messageIn(7)).read()).toEqual(flowAt(3));
      expect(await store.rows("select revision from conversation_state")).toEqual([
        { revision: 3 },
      ]);
    });
  });

  it("is accepted as the bot's `conversations({ storage })` option", async () => {
    const { repos } = await open();
    const storage: ConversationOptions<BotContext, FlowContext>["storage"] = conversationStorage(
      repos.conversations,
      { version: 1 },
    );
    expect(storage).toMatchObject({ type: "context", version: 1 });
  });

  it("a stale instance cannot overwrite the state another instance moved on", async () => {
    const store = await open();
    const instance = () =>
      uniformStorage(conversationStorage<Context>(store.repos.conversations, { version: 1 }));
    const [a, b] = [instance(), instance()];
    await a(messageIn(7)).write(flowAt(1));
    // Both instances get an update of the chat and read step 1.
    const onA = a(messageIn(7));
    const onB = b(messageIn(7));
    expect(await onA.read()).toEqual(flowAt(1));
    expect(await onB.read()).toEqual(flowAt(1));
    await onA.write(flowAt(2));
    await expect(onB.write(flowAt(9))).rejects.toBeInstanceOf(StaleConversationError);
    await expect(onB.delete()).rejects.toBeInstanceOf(StaleConversationError);
    expect(await b(messageIn(7)).read()).toEqual(flowAt(2));
  });

  it("a chat's first state is written once when two instances start it together", async () => {
    const store = await open();
    const instance = () =>
      uniformStorage(conversationStorage<Context>(store.repos.conversations, { version: 1 }));
    const onA = instance()(messageIn(7));
    const onB = instance()(messageIn(7));
    expect(await onA.read()).toBeUndefined();
    expect(await onB.read()).toBeUndefined();
    await onA.write(flowAt(1));
    await expect(onB.write(flowAt(5))).rejects.toBeInstanceOf(StaleConversationError);
    expect(await instance()(messageIn(7)).read()).toEqual(flowAt(1));
  });

  it("a state deleted by another instance is not brought back", async () => {
    const store = await open();
    const instance = () =>
      uniformStorage(conversationStorage<Context>(store.repos.conversations, { version: 1 }));
    await instance()(messageIn(7)).write(flowAt(1));
    const onA = instance()(messageIn(7));
    const onB = instance()(messageIn(7));
    await onA.read();
    await onB.read();
    await onA.delete();
    await expect(onB.write(flowAt(2))).rejects.toBeInstanceOf(StaleConversationError);
    // Deleting what is already gone is no conflict.
    await onB.delete();
    expect(await instance()(messageIn(7)).read()).toBeUndefined();
  });
});
