import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { toSummary } from "../support/flows.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { LOG_LEVEL: "trace" } });
});
afterAll(async () => {
  await h?.close();
});

describe("secrets in logs", () => {
  it("neither the bot token nor the API key appears in a run that hits every error path", async () => {
    const user = h.tg.user();
    const control = h.sandbox.control;
    // Exchange: 500, garbage, 400, timeout, 429, 404, down.
    control.failNext("rate", { status: 500, times: 3 });
    await user.reply("/rate 1 btc eth");
    control.malformedNext("rate", { times: 1 });
    await user.reply("/rate 1.1 btc eth");
    control.failNext("rate", { status: 400, message: "bad pair", times: 1 });
    await user.reply("/rate 1.2 btc eth");
    control.setDelay("rate", 1_500);
    await user.reply("/rate 1.3 btc eth", { timeoutMs: 10_000 });
    control.setDelay("rate", 0);
    control.failNext("rate", { status: 429, times: 3 });
    await user.reply("/rate 1.4 btc eth", { timeoutMs: 10_000 });
    // Creation failures, including an unknown outcome (another user: this one's share of quotes
    // went to the /rate calls above).
    const creator = h.tg.user();
    await toSummary(creator);
    control.failNext("create", { status: 401, times: 1 });
    await creator.reply("confirm");
    control.createThenHang(1_500, { destroy: true });
    await creator.reply("confirm", { timeoutMs: 8_000 });
    // Telegram failures: a refused send, a 429 and a blocked chat.
    h.tg.failNext("sendMessage", {
      errorCode: 400,
      description: "Bad Request: injected",
      chatId: user.chatId,
    });
    await user.reply("/help");
    h.tg.failNext("sendMessage", {
      errorCode: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    await user.reply("/help", { timeoutMs: 8_000 });
    control.setDown(true);
    await user.reply("/status", { timeoutMs: 10_000 });
    control.setDown(false);
    await h.tg.settle(500);

    const log = h.logs.join("\n");
    expect(log.length).toBeGreaterThan(1_000);
    expect(log).toContain("exchange request failed");
    expect(log).toContain("update failed");
    const secretHalf = h.tg.token.slice(h.tg.token.indexOf(":") + 1);
    expect(log).not.toContain(h.tg.token);
    expect(log).not.toContain(secretHalf);
    expect(log).not.toContain(h.sandbox.apiKey);
  });
});
