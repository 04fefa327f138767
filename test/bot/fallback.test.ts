import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("what nothing else handled", () => {
  it("makes old buttons say the step is over", async () => {
    const user = h.tg.user();
    await user.reply("/exchange");
    await user.reply("/cancel");
    const queryId = await user.press("BTC");
    const answer = await user.callbackAnswer(queryId);
    expect(answer.text).toContain("step is over");
  });

  it("a message outside any flow is told how to start a swap or get a quote", async () => {
    const reply = await h.tg.user().reply("hello there");
    expect(reply.text).toContain("I did not get that");
    expect(reply.text).toContain("/exchange");
    expect(reply.text).toContain("/rate");
  });
});
