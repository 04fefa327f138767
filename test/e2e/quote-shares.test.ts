import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { USER_QUOTE_SHARE } from "../../src/quotes/quote.ts";
import { buildWebApp } from "../../src/webapp/build.ts";
import { WEBAPP_BUILD_DIR } from "../../src/webapp/server/server.ts";
import { freePort, type Harness, startHarness } from "../support/bot-harness.ts";
import { signedInitData } from "../support/browser.ts";
import { ETH_ADDRESS, step } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const rateRequests = () => h!.sandbox.control.stats.byEndpoint.rate ?? 0;

async function withPage(): Promise<{ pageUrl: string; harness: Harness }> {
  if (!existsSync(join(WEBAPP_BUILD_DIR, "index.html"))) await buildWebApp();
  const port = await freePort();
  const pageUrl = `http://127.0.0.1:${port}/`;
  h = await startHarness({ env: { WEBAPP_URL: pageUrl, WEBAPP_PORT: String(port) } });
  return { pageUrl, harness: h };
}

describe("a user's share of the public (quote) budget", () => {
  it("one Mini App user flooding creates with amounts below the minimum spends at most their share upstream, and another user's /rate still gets a quote", async () => {
    const { pageUrl, harness } = await withPage();
    const flooder = harness.tg.user();
    const auth = `tma ${signedInitData(harness.tg.token, { id: flooder.id })}`;
    const before = rateRequests();
    // 62 creates at once, each with its own amount (no two share a cached quote), all far below
    // BTC's minimum: the probe the review sent.
    const answers = await Promise.all(
      Array.from({ length: 62 }, (_, i) =>
        fetch(`${pageUrl}api/swaps`, {
          method: "POST",
          headers: { authorization: auth, "content-type": "application/json" },
          body: JSON.stringify({
            key: `flood-${i}-aaaaaaaa`,
            from: "btc",
            to: "eth",
            amount: `0.0000001${String(i).padStart(2, "0")}`,
            rateType: "float",
            payout: ETH_ADDRESS,
          }),
        }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { message?: string },
        })),
      ),
    );
    for (const answer of answers) {
      expect([400, 429]).toContain(answer.status);
      if (answer.status === 400)
        expect(answer.body.message).toMatch(/Below the minimum of [\d.]+ BTC/);
    }
    expect(rateRequests() - before).toBeGreaterThanOrEqual(1);
    expect(rateRequests() - before).toBeLessThanOrEqual(USER_QUOTE_SHARE.limit);
    expect(harness.sandbox.control.transactions()).toHaveLength(0);

    const other = harness.tg.user();
    const quote = await other.reply("/rate 1 btc eth");
    expect(quote.text).toMatch(/1 BTC.*≈ [\d.]+ ETH/s);
    expect(quote.text).not.toContain("busy");
  });

  it("a create whose amount the pair's known limits refuse costs no quote", async () => {
    const { pageUrl, harness } = await withPage();
    const user = harness.tg.user();
    const auth = { authorization: `tma ${signedInitData(harness.tg.token, { id: user.id })}` };
    const limits = await fetch(`${pageUrl}api/limits?from=btc&to=eth`, { headers: auth });
    const { limits: known } = (await limits.json()) as { limits: { min: number } | null };
    expect(known?.min).toBeGreaterThan(0);
    const before = rateRequests();
    const answer = await fetch(`${pageUrl}api/swaps`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        key: "below-known-min",
        from: "btc",
        to: "eth",
        amount: "0.00000001",
        rateType: "fixed",
        payout: ETH_ADDRESS,
      }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(
      `Below the minimum of ${known!.min} BTC.`,
    );
    expect(rateRequests()).toBe(before);
  });

  it("a chat that types an amount below the minimum its prompt showed is told so without a quote, and stays at the amount step", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    const prompt = await step(user, "eth", "amount");
    expect(prompt.text).toMatch(/Minimum: [\d.]+ BTC/);
    const before = rateRequests();
    const refusal = await step(user, "0.00000001", "below the minimum");
    expect(refusal.text).toContain("Type an amount between");
    expect(rateRequests()).toBe(before);
    await step(user, "0.5", "address");
  });
});
