import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const sendsTo = (harness: Harness, chatId: number) =>
  harness.tg.callsTo("sendMessage").filter((c) => Number(c.params.chat_id) === chatId);
const throttled = (harness: Harness) =>
  harness.logs.filter((l) => l.includes("Telegram answered 429"));

describe("Telegram calls are retried within explicit bounds", () => {
  it("a 429 that keeps coming is tried three times, then the update fails and the user is told", async () => {
    h = await startHarness();
    const user = h.tg.user();
    h.tg.failNext("sendMessage", { errorCode: 429, retryAfter: 1, times: 3, chatId: user.chatId });
    const reply = await user.reply("/help", { timeoutMs: 10_000 });
    expect(reply.text).toContain("Something went wrong");
    expect(user.transcript()).toHaveLength(1);
    const calls = sendsTo(h, user.chatId);
    expect(calls.map((c) => (c.response?.ok ? "ok" : c.response?.error_code))).toEqual([
      429,
      429,
      429,
      "ok",
    ]);
    expect(throttled(h)).toHaveLength(3);
  });

  it("a 429 asking to wait longer than the bound is not waited for", async () => {
    h = await startHarness();
    const user = h.tg.user();
    h.tg.failNext("sendMessage", { errorCode: 429, retryAfter: 10, chatId: user.chatId });
    const reply = await user.reply("/help");
    expect(reply.text).toContain("Something went wrong");
    expect(sendsTo(h, user.chatId)).toHaveLength(2);
  });

  it("a 5xx is not repeated: the message may have gone out", async () => {
    h = await startHarness();
    const user = h.tg.user();
    h.tg.failNext("sendMessage", { errorCode: 502, times: 5, chatId: user.chatId });
    await user.send("/help");
    await h.tg.settle(300);
    // The help and the error boundary's apology: one attempt each, then the update is over.
    expect(sendsTo(h, user.chatId)).toHaveLength(2);
    expect(h.logs.filter((l) => l.includes("update failed"))).toHaveLength(1);
  });

  it("a connection cut after Telegram carried out the call is not repeated: no duplicate", async () => {
    h = await startHarness();
    const user = h.tg.user();
    h.tg.dropNext("sendMessage", { chatId: user.chatId });
    await user.send("/help");
    await h.tg.settle(300);
    const texts = user.transcript().map((m) => m.text);
    expect(texts.filter((t) => t.includes("/exchange"))).toHaveLength(1);
    expect(texts.at(-1)).toContain("Something went wrong");
    expect(sendsTo(h, user.chatId)).toHaveLength(2);
  });
});
