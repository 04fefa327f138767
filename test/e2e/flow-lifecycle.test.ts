import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { ETH_ADDRESS, step } from "../support/flows.ts";
import { TestClock } from "../support/test-clock.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a Telegram retry inside the exchange flow", () => {
  it("is waited once: the flow goes on, and the steps after it neither wait nor call again", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    h.tg.failNext("sendMessage", { errorCode: 429, retryAfter: 1, chatId: user.chatId });
    await step(user, "eth", "amount");
    // Every later step replays the flow from its start, past the 429.
    await step(user, "0.5", "address");
    await step(user, ETH_ADDRESS, "refund");
    await step(user, "skip", "Please check");
    await step(user, "confirm", "Swap created");
    expect(h.logs.filter((l) => l.includes("Telegram answered 429"))).toHaveLength(1);
    const refused = h.tg.callsTo("sendMessage").filter((c) => c.response?.ok === false);
    expect(refused).toHaveLength(1);
    expect(
      user.transcript().filter((m) => m.text.includes("Which coin do you want to receive")),
    ).toHaveLength(1);
  });
});

describe("a flow left waiting longer than the idle limit", () => {
  it("ends: the next text is told the old swap expired and gets a fresh start", async () => {
    h = await startHarness({ flowIdleMs: 2_000 });
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await sleep(2_300);
    const fresh = await user.reply("eth");
    expect(fresh.text).toContain("Which coin do you want to send");
    const texts = user.transcript().map((m) => m.text);
    expect(texts.at(-2)).toContain("expired");
    // "eth" was an answer to the old flow: the new one did not take it as the coin to send.
    await step(user, "xmr", "receive");
    await step(user, "btc", "amount");
    const quote = await step(user, "1", "address");
    expect(quote.text).toContain("XMR");
  });

  it("ends too when an old button is pressed: the press is answered and a fresh flow starts", async () => {
    h = await startHarness({ flowIdleMs: 2_000 });
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await sleep(2_300);
    const query = await user.press("ETH");
    const answer = await user.callbackAnswer(query);
    expect(answer.text).toBeUndefined();
    const fresh = await user.answer();
    expect(fresh.text).toContain("Which coin do you want to send");
    expect(user.transcript().at(-2)?.text).toContain("expired");
  });
});

describe("ten bad answers at one step", () => {
  // Each answer is waited for by what it says (a step's prompt again), not by a quiet chat: the
  // flow's end shows as the next answer being something else.
  it("end the flow with a pointer to /exchange, which starts afresh", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    for (let i = 1; i < 10; i++) {
      const again = await step(user, "abc", "amount");
      expect(again.text).not.toContain("start over");
    }
    const last = await step(user, "abc", "start over");
    expect(last.text).toContain("start over: /exchange");
    const outside = await step(user, "0.5", "I did not get that");
    expect(outside.text).not.toContain("amount");
    await step(user, "/exchange", "send");
  });

  it("are counted per step: a new step starts from zero", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    for (let i = 1; i < 10; i++) {
      const again = await step(user, "nosuchcoinatall", "send");
      expect(again.text).not.toContain("start over");
    }
    await step(user, "btc", "receive");
    for (let i = 1; i < 10; i++) {
      const again = await step(user, "nosuchcoinatall", "receive");
      expect(again.text).not.toContain("start over");
    }
    await step(user, "eth", "amount");
  });
});

describe("a Bot API failure inside the flow (conversations issue #155)", () => {
  it("a call whose connection stays cut past its tries ends the flow with an apology, and the chat works on", async () => {
    // A reply's tries wait on this clock (bot/plumbing/reply-retry.ts).
    const clock = new TestClock();
    h = await startHarness({ clock });
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    h.tg.dropNext("sendMessage", { chatId: user.chatId, times: 1_000 });
    await user.send("btc");
    await clock.until(
      () => user.transcript().some((m) => m.text.includes("Something went wrong")),
      3 * 60_000,
      "the apology once the prompt's tries ended",
    );
    // Telegram is back: the apology's next try is answered, and the chat is free again.
    h.tg.clearFailures("sendMessage");
    await clock.until(
      () => h!.logs.some((l) => l.includes("Telegram took the reply on a later try")),
      60_000,
      "the apology answered",
    );
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
  });
});
