import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { step } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("concurrency", () => {
  it("a chat waiting on a slow exchange does not delay another chat", async () => {
    h = await startHarness();
    const slow = h.tg.user();
    const quick = h.tg.user();
    // Slow, but within the client's timeout (1 s in the harness).
    h.sandbox.control.setDelay("rate", 700);
    const order: string[] = [];
    slow.send("/rate 0.4 btc eth");
    const slowAnswer = slow
      .waitFor((m) => m.text.includes("BTC"), { timeoutMs: 10_000 })
      .then(() => order.push("slow"));
    await new Promise((r) => setTimeout(r, 100));
    quick.send("/help");
    const quickAnswer = quick
      .waitFor((m) => m.text.includes("/exchange"))
      .then(() => order.push("quick"));
    await Promise.all([slowAnswer, quickAnswer]);
    expect(order).toEqual(["quick", "slow"]);
  });

  it("a second instance polling with the same token is reported in one clear line, and polling resumes after it", async () => {
    h = await startHarness({ env: { TELEGRAM_CONFLICT_RETRY_MS: "200" } });
    const user = h.tg.user();
    h.tg.failNext("getUpdates", {
      errorCode: 409,
      description: "Conflict: terminated by other getUpdates request",
      times: 3,
    });
    // The poll held now answers this update; the next three polls are refused.
    await step(user, "/help", "/exchange");
    const refused = () => h?.tg.polls.filter((p) => p.response?.ok === false).length ?? 0;
    await h.tg.until(
      () => (refused() === 3 ? true : undefined),
      5_000,
      () => new Error(`${refused()} polls refused`),
    );
    await step(user, "/help", "/exchange");
    expect(h.logs.filter((l) => l.includes("409 Conflict"))).toHaveLength(1);
  });
});
