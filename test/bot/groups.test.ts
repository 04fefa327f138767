import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { step } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("group chats", () => {
  it("/rate works in a group, and the address step moves to a private chat", async () => {
    h = await startHarness();
    const member = h.tg.user({ chat: { id: -100123, type: "supergroup", title: "Traders" } });
    const rate = await step(member, "/rate 0.5 btc eth", "≈");
    expect(rate.text).toContain("0.5 BTC");
    const exchange = await step(member, "/exchange", "private chat");
    expect(JSON.stringify(exchange.replyMarkup)).toContain("start=exchange");
    const privateChat = h.tg.user({ id: member.id });
    const flow = await step(privateChat, "/start exchange", "send");
    expect(flow.text).toContain("send");
  });

  it.each(["/start exchange", "/start@swap_test_bot exchange", "/start swap-xmr"])(
    "%s in a group moves to a private chat instead of starting the flow there",
    async (command) => {
      h = await startHarness();
      const member = h.tg.user({ chat: { id: -100124, type: "supergroup", title: "Traders" } });
      const moved = await step(member, command, "private chat");
      const payload = command.split(" ")[1];
      const link = `https://t.me/swap_test_bot?start=${payload}`;
      expect(JSON.stringify(moved.replyMarkup)).toContain(link);
      // No step of the flow in the group, and what members type next is no answer to one.
      expect(member.transcript().some((m) => /send|receive/.test(m.text))).toBe(false);
      await member.send("btc");
      await h.tg.settle(300);
      expect(member.transcript().some((m) => /send|receive|amount/.test(m.text))).toBe(false);
      const privateChat = h.tg.user({ id: member.id });
      const flow = await step(privateChat, `/start ${payload}`, "send");
      expect(flow.text).toMatch(payload === "exchange" ? /send/ : /You send XMR/);
    },
  );
});
