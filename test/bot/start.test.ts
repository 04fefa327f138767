import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { step } from "../support/flows.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("/start", () => {
  it("welcomes and says how to start", async () => {
    const reply = await h.tg.user({ firstName: "Ada" }).reply("/start");
    expect(reply.text).toContain("Ada");
    expect(reply.text).toContain("/exchange");
  });

  // Its one handler routes each deep link (test/bot/support.test.ts, groups.test.ts, inline.test.ts
  // follow the other links further).
  it("another payload gets the welcome, and a running flow goes on", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    const welcome = await user.reply("/start inline");
    expect(welcome.text).toContain("/exchange");
    const next = await step(user, "btc", "receive");
    expect(next.text).toContain("You send BTC");
  });

  it("a flow link leaves a running flow and starts one with its coin", async () => {
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    const fresh = await step(user, "/start swap-xmr", "receive");
    expect(fresh.text).toContain("You send XMR");
    const amount = await step(user, "eth", "amount");
    expect(amount.text).toContain("XMR");
  });
});
