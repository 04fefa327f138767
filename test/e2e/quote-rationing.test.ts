import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("quotes rationed across all users", () => {
  it("many chats at once: no 429 from the exchange, everyone gets a quote or a real wait, identical requests share one call", async () => {
    h = await startHarness({
      sandbox: { limits: { publicPerMin: 10, createPerMin: 30, readPerMin: 120 } },
      env: { EXCHANGE_LIMIT_PUBLIC_PER_MIN: "10" },
    });
    const sandbox = h.sandbox;
    const ratesBefore = sandbox.control.stats.responses.rate?.[200] ?? 0;
    const same = Array.from({ length: 10 }, () => h!.tg.user());
    const different = Array.from({ length: 15 }, () => h!.tg.user());
    for (const u of same) u.send("/rate 1 btc eth");
    for (const [i, u] of different.entries()) u.send(`/rate ${2 + i} ltc xmr`);
    const answers = await Promise.all(
      [...same, ...different].map((u) => u.answer({ timeoutMs: 10_000 })),
    );

    expect(sandbox.control.stats.served429).toBe(0);
    for (const answer of answers) {
      expect(answer.text).toMatch(/≈ [\d.]+|busy right now\. Please try again in \d+ s/);
    }
    const busy = answers.filter((a) => a.text.includes("busy"));
    expect(busy.length).toBeGreaterThan(0);
    for (const b of busy) expect(Number(/in (\d+) s/.exec(b.text)?.[1])).toBeGreaterThan(1);
    // The ten identical requests cost one upstream call between them.
    for (const a of answers.slice(0, 10)) expect(a.text).toContain("1 BTC");
    const rateCalls = (sandbox.control.stats.responses.rate?.[200] ?? 0) - ratesBefore;
    expect(rateCalls).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.text.includes("≈")).length).toBe(10 + (rateCalls - 1));
  });
});
