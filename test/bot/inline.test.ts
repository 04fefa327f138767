import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Result = Record<string, unknown> & { title?: string; description?: string };
const titles = (results: Result[]) => results.map((r) => String(r.title));

describe("inline coin search", () => {
  it("answers by code, by name, with a typo, empty, junk, and pages beyond 50", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const rateCalls = () => h!.sandbox.control.stats.responses.currencies?.[200] ?? 0;
    const before = rateCalls();

    const byCode = await user.inlineQuery("btc");
    expect(titles(byCode.results as Result[])[0]).toContain("BTC");
    expect(titles(byCode.results as Result[])[0]).toContain("Bitcoin");

    const byName = await user.inlineQuery("monero");
    expect(titles(byName.results as Result[])[0]).toContain("XMR");

    const typo = await user.inlineQuery("bitcon");
    expect(titles(typo.results as Result[])[0]).toContain("Bitcoin");
    const typo2 = await user.inlineQuery("etherium");
    expect(titles(typo2.results as Result[])[0]).toContain("Ethereum");

    const empty = await user.inlineQuery("");
    expect(titles(empty.results as Result[])[0]).toContain("BTC");
    expect(empty.results.length).toBeGreaterThan(5);

    const junk = await user.inlineQuery("@@@###%%%");
    expect(junk.results).toEqual([]);

    const wide = await user.inlineQuery("");
    expect(wide.results).toHaveLength(50);
    expect(wide.next_offset).toBe("50");
    const next = await user.inlineQuery("", { offset: "50" });
    expect(next.results.length).toBeGreaterThan(0);
    expect(titles(next.results as Result[])).not.toContain(titles(wide.results as Result[])[0]);

    // Served from the catalog: not one GET /currencies for all of that.
    expect(rateCalls()).toBe(before);
  });

  it("a coin result carries a deep link that starts the swap with that coin", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const answer = await user.inlineQuery("xmr");
    const markup = JSON.stringify(answer.results[0]?.reply_markup);
    expect(markup).toContain("start=swap-xmr");
    const reply = await user.reply("/start swap-xmr");
    expect(reply.text).toContain("You send XMR");
    expect(reply.text).toContain("receive");
  });

  it("a deep link naming a coin the catalog does not know starts the swap at the first step", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const reply = await user.reply("/start swap-no_such-coin");
    expect(reply.text).toContain("send");
    expect(reply.text).not.toContain("receive");
    const next = await user.reply("btc");
    expect(next.text).toContain("receive");
  });

  it("`0.5 btc eth` answers with a quote and a button to start that swap", async () => {
    h = await startHarness();
    const answer = await h.tg.user().inlineQuery("0.5 btc eth");
    expect(answer.results).toHaveLength(1);
    const result = answer.results[0] as Result;
    expect(result.title).toMatch(/^0\.5 BTC → ≈ [\d.]+ ETH$/);
    expect(String(result.description)).toContain("min");
    expect(JSON.stringify(result.reply_markup)).toContain("start=swap-btc");
  });

  it("keeps searching while the exchange is down, after a first load and from SQLite after a restart", async () => {
    h = await startHarness();
    const user = h.tg.user();
    h.sandbox.control.setDown(true);
    const whileDown = await user.inlineQuery("eth");
    expect(titles(whileDown.results as Result[])[0]).toContain("ETH");
    await h.restart();
    expect(h.app.catalog.size).toBeGreaterThan(300);
    const afterRestart = await user.inlineQuery("litecoin");
    expect(titles(afterRestart.results as Result[])[0]).toContain("LTC");
  });
});
