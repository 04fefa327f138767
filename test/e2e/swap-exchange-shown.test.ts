import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWebApp } from "../../src/webapp/build.ts";
import { WEBAPP_BUILD_DIR } from "../../src/webapp/server/server.ts";
import type { BotMessage, FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { freePort, type Harness, startHarness, THREE_EXCHANGES } from "../support/bot-harness.ts";
import { launchBrowser, launchUrl, signedInitData } from "../support/browser.ts";
import { createSwapViaChat } from "../support/flows.ts";
import { SCREENSHOTS } from "../support/mini-app.ts";

/**
 * Several exchanges side by side (contract: "Several exchanges"): every place that shows a swap
 * names its exchange, with the swap's id there ("Transaction id", the exchange's own order id) and
 * a link to the exchange's page of the swap: the card, /status, /history, a support ticket and the
 * Mini App. The sandboxes stand in for the three exchanges at their API URLs, so the links are the
 * real exchanges' pages.
 */

const SUPPORT = -1_001_234_567_891;

/** How each exchange of THREE_EXCHANGES is shown, and its page of a swap (docs/exchanges.md). */
const SHOWN: Record<string, { label: string; page: (id: string) => string }> = {
  exolix: { label: "Exolix", page: (id) => `https://exolix.com/transaction/${id}` },
  changenow: { label: "ChangeNOW", page: (id) => `https://changenow.io/exchange/txs/${id}` },
  letsexchange: {
    label: "LetsExchange",
    page: (id) => `https://letsexchange.io/?transactionId=${id}`,
  },
};

let h: Harness;
let pageUrl: string;
beforeAll(async () => {
  if (!existsSync(join(WEBAPP_BUILD_DIR, "index.html"))) await buildWebApp();
  const port = await freePort();
  pageUrl = `http://127.0.0.1:${port}/`;
  h = await startHarness({
    exchanges: THREE_EXCHANGES,
    env: {
      SUPPORT_CHAT_ID: String(SUPPORT),
      WEBAPP_URL: pageUrl,
      WEBAPP_PORT: String(port),
    },
  });
  // The support chat, as the support desk's tests have it.
  h.tg.user({
    firstName: "Agent",
    chat: { id: SUPPORT, type: "supergroup", title: "Support", isForum: false },
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A swap made in the chat by typing on (the best offer): its id, exchange and how it is shown. */
async function swapInChat(user: FakeUser) {
  const id = await createSwapViaChat(user);
  const exchange = (await h.app.repos.transactions.get(id))!.exchange;
  const shown = SHOWN[exchange];
  if (!shown) throw new Error(`the swap's exchange is not one of the three: ${exchange}`);
  return { id, exchange, label: shown.label, page: shown.page(id) };
}

/** The links a message carries (Telegram's text_link entities). */
const linksOf = (message: BotMessage) =>
  message.entities.flatMap((e) => (e.type === "text_link" ? [e.url] : []));

describe("a swap at one of several exchanges", () => {
  it("is named with its exchange, its id there and the exchange's page of it: the card as the swap moves, /status and /history", async () => {
    const user = h.tg.user();
    // The operator's first exchange down while the swap is made: it is made at another, and that
    // one is named (not the first).
    const first = h.sandboxes.get("exolix")!.control;
    first.takeDown("unavailable");
    const made = await swapInChat(user).finally(() => first.bringUp());
    const { id, exchange, label, page } = made;
    expect(exchange).not.toBe("exolix");
    const card = user.transcript().find((m) => m.text.includes("Swap created"))!;
    // The deposit message names the exchange from the first: under the transaction id, linked.
    expect(card.text).toMatch(new RegExp(`Transaction id: ${id}\n🏦 Exchange: ${label} · `));
    expect(linksOf(card)).toContain(page);

    h.sandboxes.get(exchange)!.control.setStatus(id, "confirmation");
    await user.waitFor((m) => !m.edited && m.text.includes(`${id}: confirming`), {
      timeoutMs: 15_000,
    });
    // The deposit message is the card: edited with the new state, it names the exchange under
    // the transaction id (the exchange's own order id) and links the exchange's page of the swap.
    const edited = await h.tg.until(
      () =>
        user
          .transcript()
          .find((m) => m.messageId === card.messageId && m.text.includes("Status: confirming")),
      10_000,
      () => new Error(`the card was not edited:\n${user.transcriptText()}`),
    );
    expect(edited.text).toMatch(
      new RegExp(`Transaction id: ${id}\\n🏦 Exchange: ${label} · follow this swap on ${label}`),
    );
    expect(linksOf(edited)).toContain(page);

    await user.send("/status");
    const status = await user.waitFor("Deposit transaction:", { timeoutMs: 10_000 });
    expect(status.text).toContain(`Swap ${id}\n🏦 Exchange: ${label}`);
    expect(linksOf(status)).toContain(page);

    await user.send("/history");
    const history = await user.waitFor("Your swaps", { timeoutMs: 10_000 });
    expect(history.text).toMatch(new RegExp(`Id ${id} · [^\\n]+\\n🏦 Exchange: ${label}`));
    expect(linksOf(history)).toContain(page);
  });

  it("is named in the support ticket with its order id there, for the team to ask that exchange", async () => {
    const user = h.tg.user({ firstName: "Anna" });
    const { id, label, page } = await swapInChat(user);
    await user.send("/support");
    await user.waitFor("What went wrong?");
    await user.send("My deposit left an hour ago");
    const opened = await user.waitFor("Support has your message");
    const ticketNo = /ticket #(\d+)/.exec(opened.text)?.[1];
    const ticket = await h.tg.until(
      () => h.tg.sentTo(SUPPORT).find((m) => m.text.includes(`Ticket #${ticketNo}`)),
      10_000,
      () => new Error(`ticket #${ticketNo} never reached the support chat`),
    );
    expect(ticket.text).toContain(`Exchange: ${label} · its order id ${id}`);
    expect(linksOf(ticket)).toContain(page);
  });

  it("carries its exchange's label and page in the Mini App's API, and the page shows them", async () => {
    const user = h.tg.user();
    const { id, label, page } = await swapInChat(user);
    const headers = { authorization: `tma ${signedInitData(h.tg.token, { id: user.id })}` };

    const one = await fetch(`${pageUrl}api/swaps/${id}`, { headers });
    expect(one.status).toBe(200);
    const { swap } = (await one.json()) as { swap: { exchange: unknown } };
    expect(swap.exchange).toEqual({ label, link: page });
    const list = await fetch(`${pageUrl}api/swaps`, { headers });
    const { items } = (await list.json()) as { items: { id: string; exchange: unknown }[] };
    expect(items.find((item) => item.id === id)?.exchange).toEqual({ label, link: page });

    // The swap's page names it beside the transaction id and links its page there; the list
    // names it on the swap's entry.
    const { browser, close } = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const tab = await context.newPage();
      const initData = signedInitData(h.tg.token, { id: user.id });
      await tab.goto(launchUrl(`${pageUrl}?swap=${id}`, initData));
      const shown = tab.locator(".facts .exchange");
      await shown.getByText(label).waitFor({ timeout: 15_000 });
      expect(await shown.locator("a").getAttribute("href")).toBe(page);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await tab.screenshot({ path: join(SCREENSHOTS, "swap-exchange.png"), fullPage: true });
      await tab.getByText("My swaps").click();
      await tab.locator(".swap-list .exchange", { hasText: label }).first().waitFor();
      await tab.screenshot({ path: join(SCREENSHOTS, "swap-list-exchange.png"), fullPage: true });
    } finally {
      await close();
    }
  });
});
