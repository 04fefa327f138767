import { Bot } from "grammy";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { HeldNotice } from "../../src/transport/held-notice.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";

/**
 * The sentence told to users whose updates wait for the store (issue 26 B): through the fake
 * Telegram, over real HTTP, from the updates it holds.
 */

let tg: FakeTelegram | undefined;
afterEach(async () => {
  await tg?.close();
  tg = undefined;
});

describe("telling users their message waits for the store", () => {
  it("tells each private chat once per outage, in the language Telegram gives, and no group", async () => {
    tg = await startFakeTelegram();
    const bot = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
    const languages: (string | undefined)[] = [];
    const held = new HeldNotice(
      bot.api,
      (code) => {
        languages.push(code);
        return `away (${code ?? "none"})`;
      },
      pino({ level: "silent" }),
    );
    const english = tg.user();
    const russian = tg.user({ languageCode: "ru" });
    const group = tg.user({ chat: { id: -100_777, type: "supergroup", title: "Traders" } });
    english.send("/help");
    english.send("btc");
    russian.send("/start");
    group.send("/rate btc eth");
    // Nothing is confirmed: the same updates come back on every look while the store is away.
    const updates = await bot.api.getUpdates({ offset: 0, timeout: 0 });
    expect(updates).toHaveLength(4);

    await held.tell(updates);
    await held.tell(await bot.api.getUpdates({ offset: 0, timeout: 0 }));
    const told = (user: typeof english) =>
      user.transcript().filter((m) => m.text.startsWith("away"));
    expect(told(english).map((m) => m.text)).toEqual(["away (en)"]);
    expect(told(russian).map((m) => m.text)).toEqual(["away (ru)"]);
    expect(told(group)).toHaveLength(0);
    expect(languages).toEqual(["en", "ru"]);

    // The store came back and went away again: a new outage, told again.
    held.reset();
    await held.tell(updates);
    expect(told(english)).toHaveLength(2);
  });
});
