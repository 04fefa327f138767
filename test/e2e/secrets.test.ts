import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { toSummary } from "../support/flows.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { LOG_LEVEL: "trace" } });
});
afterAll(async () => {
  await h?.close();
});

/**
 * Sends `text` and waits for the bot's next message in that chat: every path below answers with
 * one (an apology, a refusal, a help text), so the next fault is set only once this one was met.
 */
async function answered(user: FakeUser, text: string, timeoutMs = 5_000): Promise<void> {
  user.send(text);
  await user.waitFor(() => true, { timeoutMs });
}

describe("secrets in logs", () => {
  it("neither the bot token nor the API key appears in a run that hits every error path", async () => {
    const user = h.tg.user();
    const control = h.sandbox.control;
    // Exchange: 500, garbage, 400, timeout, 429, 404, down.
    control.failNext("rate", { status: 500, times: 3 });
    await answered(user, "/rate 1 btc eth");
    control.malformedNext("rate", { times: 1 });
    await answered(user, "/rate 1.1 btc eth");
    control.failNext("rate", { status: 400, message: "bad pair", times: 1 });
    await answered(user, "/rate 1.2 btc eth");
    control.setDelay("rate", 1_500);
    await answered(user, "/rate 1.3 btc eth", 10_000);
    control.setDelay("rate", 0);
    control.failNext("rate", { status: 429, times: 3 });
    await answered(user, "/rate 1.4 btc eth", 10_000);
    // Creation failures, including an unknown outcome (another user: this one's share of quotes
    // went to the /rate calls above).
    const creator = h.tg.user();
    await toSummary(creator);
    control.failNext("create", { status: 401, times: 1 });
    await answered(creator, "confirm");
    control.createThenHang(1_500, { destroy: true });
    await answered(creator, "confirm", 8_000);
    // Telegram failures: a refused send, a 429 and a blocked chat.
    h.tg.failNext("sendMessage", {
      errorCode: 400,
      description: "Bad Request: injected",
      chatId: user.chatId,
    });
    await answered(user, "/help");
    h.tg.failNext("sendMessage", {
      errorCode: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    await answered(user, "/help", 8_000);
    control.setDown(true);
    await answered(user, "/status", 10_000);
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
