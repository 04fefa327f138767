import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";

/**
 * `/cancel` (contract: "leave whatever conversation is running"), its one handler: the support
 * request a chat is writing and the exchange flow. The flow's steps are left from any step in
 * test/bot/swap-flow.test.ts, a support request alone in test/bot/support.test.ts.
 */

const SUPPORT = -1_001_234_567_891;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { SUPPORT_CHAT_ID: String(SUPPORT) } });
});
afterAll(async () => {
  await h?.close();
});

describe("/cancel", () => {
  it("with nothing running says so", async () => {
    const reply = await h.tg.user().reply("/cancel");
    expect(reply.text).toContain("nothing to cancel");
  });

  it("leaves a running flow: its next answer is no step of it", async () => {
    const user = h.tg.user();
    await user.reply("/exchange");
    const reply = await user.reply("/cancel");
    expect(reply.text).toContain("Swap cancelled");
    const after = await user.reply("btc");
    expect(after.text).toContain("I did not get that");
  });

  it("beside a flow, drops the support request too and says the swap is cancelled", async () => {
    const user = h.tg.user();
    await user.send("/support");
    await user.waitFor("What went wrong?");
    const flow = await user.reply("/exchange");
    expect(flow.text).toContain("send");
    const reply = await user.reply("/cancel");
    expect(reply.text).toContain("Swap cancelled");
    expect(reply.text).not.toContain("support request");
    // Neither the flow nor the request takes the next words.
    const after = await user.reply("my deposit never arrived");
    expect(after.text).toContain("I did not get that");
    await h.tg.settle(300);
    expect(h.tg.sentTo(SUPPORT)).toHaveLength(0);
  });

  it("in a group leaves nothing and says so", async () => {
    const member = h.tg.user({ chat: { id: -100125, type: "supergroup", title: "Traders" } });
    const reply = await member.reply("/cancel");
    expect(reply.text).toContain("nothing to cancel");
  });
});
