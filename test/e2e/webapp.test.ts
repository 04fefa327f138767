import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWebApp } from "../../src/webapp/build.ts";
import { WEBAPP_BUILD_DIR } from "../../src/webapp/server/server.ts";
import { buttonsOf } from "../../tools/fake-telegram/fake-telegram.ts";
import { signInitData } from "../../tools/tryout/webapp-link.ts";
import { freePort, type Harness, startHarness } from "../support/bot-harness.ts";
import {
  DARK_THEME,
  LIGHT_THEME,
  launchBrowser,
  launchUrl,
  signedInitData,
} from "../support/browser.ts";
import { createSwapViaChat, ETH_ADDRESS } from "../support/flows.ts";
import { swapOf } from "../support/seed-swaps.ts";
import { TEST_DIALECT } from "../support/test-dialect.ts";
import { until } from "../support/until.ts";

/** Phone-sized screenshots of the page, kept as test artifacts. */
const SCREENSHOTS = join(process.cwd(), "test-artifacts", "webapp");

let h: Harness;
let pageUrl: string;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  if (!existsSync(join(WEBAPP_BUILD_DIR, "index.html"))) await buildWebApp();
  const port = await freePort();
  pageUrl = `http://127.0.0.1:${port}/`;
  h = await startHarness({
    env: {
      WEBAPP_URL: pageUrl,
      WEBAPP_PORT: String(port),
      SUPPORT_CONTACT: "@swap_helpdesk",
      // An open swap's page asks for its status every half second, not every 3 s: the tests that
      // follow a swap's status on the page wait on the page's poll.
      WEBAPP_STATUS_POLL_MS: "500",
    },
  });
  ({ browser, close: closeBrowser } = await launchBrowser());
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await closeBrowser?.();
  await h?.close();
});

async function openPage(
  userId: number,
  options: { theme?: Record<string, string>; initData?: string; path?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    colorScheme: options.theme === DARK_THEME ? "dark" : "light",
  });
  const page = await context.newPage();
  const initData = options.initData ?? signedInitData(h.tg.token, { id: userId });
  await page.goto(launchUrl(`${pageUrl}${options.path ?? ""}`, initData, options.theme));
  return page;
}

const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";

/** Runs in the page (its navigator, not this file's): what a paste would give. */
const clipboardText = "navigator.clipboard.readText()";

/** Fills the form as a person would: codes typed and Enter, the amount, the payout address. */
async function fillBtcToEth(page: Page, amount = "0.5", screenshot?: string): Promise<void> {
  await fillSwap(page, { from: "btc", to: "eth", amount, payout: ETH_ADDRESS }, screenshot);
}

/** Picks the coins to send and receive by typing their codes (Enter selects). */
async function pickPair(page: Page, from: string, to: string): Promise<void> {
  await page.getByLabel("You send").fill(from);
  await page.getByLabel("You send").press("Enter");
  await page.getByLabel("You receive").fill(to);
  await page.getByLabel("You receive").press("Enter");
}

async function fillSwap(
  page: Page,
  order: { from: string; to: string; amount: string; payout: string },
  screenshot?: string,
): Promise<void> {
  await pickPair(page, order.from, order.to);
  await page.getByLabel("Amount").fill(order.amount);
  await page.getByText("You get about").waitFor();
  await page.getByLabel("Payout address").fill(order.payout);
  if (screenshot) await page.screenshot({ path: join(SCREENSHOTS, screenshot), fullPage: true });
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Confirm" }).waitFor();
}

describe("the Mini App", () => {
  it("opened from Telegram, swaps btc for eth: the deposit address stands on the page, the chat gets the deposit message, and the page's status follows the swap", async () => {
    const user = h.tg.user();
    const page = await openPage(user.id);
    await fillBtcToEth(page, "0.5", "form-light.png");
    await page.screenshot({ path: join(SCREENSHOTS, "summary-light.png"), fullPage: true });
    // A coin on its own chain reads "BTC", not "BTC (BTC)".
    const summary = await page.locator("body").innerText();
    expect(summary).toMatch(/0\.5 BTC\b/);
    expect(summary).not.toMatch(/BTC \(BTC\)|ETH \(ETH\)/);
    await page.getByRole("button", { name: "Confirm" }).click();
    await until(() =>
      h.sandbox.control
        .transactions()
        .some(
          (t) =>
            t.withdrawal_address === ETH_ADDRESS &&
            t.amount_in === 0.5 &&
            user.transcript().some((m) => m.text.includes(t.id)),
        ),
    );
    const tx = h.sandbox.control.transactions()[0]!;
    await page.getByText(tx.deposit_address, { exact: true }).waitFor();
    expect(await page.locator(".status").textContent()).toContain("waiting");

    const deposit = user.transcript().find((m) => m.text.includes("Swap created"))!;
    expect(deposit.text).toContain(tx.deposit_address);
    expect(deposit.text).toContain(tx.id);
    expect(buttonsOf(deposit).find((b) => b.webApp)?.webApp).toContain(`swap=${tx.id}`);

    await page.screenshot({ path: join(SCREENSHOTS, "deposit-light.png"), fullPage: true });

    for (const [status, word] of [
      ["confirmation", "confirming"],
      ["exchanging", "exchanging"],
      ["success", "complete"],
    ] as const) {
      // The tracker stores "complete" from the exchange's list, and the hashes from the swap's own
      // read after the push: that read is held 2 s, so the page sees "complete" before the hashes.
      if (status === "success") h.sandbox.control.setDelay("get", 2_000);
      h.sandbox.control.setStatus(tx.id, status);
      await page.locator(".status", { hasText: word }).waitFor({ timeout: 20_000 });
      await until(() =>
        user.transcript().some((m) => !m.edited && m.text.includes(`${tx.id}: ${word}`)),
      );
    }
    h.sandbox.control.setDelay("get", 0);
    // Finished: the page no longer tells anyone to send funds.
    expect(await page.getByText(tx.deposit_address, { exact: true }).count()).toBe(0);
    // Both transactions link to their chains' explorers, as the chat's card does: a page that saw
    // "complete" before the payout hash was stored still asks until it is there.
    await until(
      async () => !!(await h.app.repos.transactions.get(tx.id))?.txHashOut,
      20_000,
      "the payout hash stored",
    );
    const done = await h.app.repos.transactions.get(tx.id);
    for (const [hash, explorer] of [
      [done?.txHashIn, "https://mempool.space/tx/"],
      [done?.txHashOut, "https://etherscan.io/tx/"],
    ] as const) {
      expect(hash).toBeTruthy();
      const link = page.getByRole("link", { name: hash ?? "", exact: true });
      expect(await link.getAttribute("href")).toBe(`${explorer}${hash}`);
    }
    await page.screenshot({ path: join(SCREENSHOTS, "complete-light.png"), fullPage: true });
    await page.context().close();
  });

  it("shows the deposit view in Telegram's dark theme, and follows the theme when Telegram changes it", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const page = await openPage(user.id, { theme: DARK_THEME, path: `?swap=${id}` });
    const tx = h.sandbox.control.transaction(id)!;
    await page.getByText(tx.deposit_address, { exact: true }).waitFor();
    const background = await page.locator("body").evaluate((body) => {
      // Runs in the page: its window, not this file's.
      const view = body.ownerDocument.defaultView as unknown as {
        getComputedStyle(e: unknown): { backgroundColor: string };
      };
      return view.getComputedStyle(body).backgroundColor;
    });
    expect(background).toBe("rgb(15, 15, 15)");
    await page.screenshot({ path: join(SCREENSHOTS, "deposit-dark.png"), fullPage: true });
    // Night mode switched off in Telegram: it tells the page, which follows at once.
    await page.evaluate(
      `window.Telegram.WebView.receiveEvent("theme_changed", { theme_params: ${JSON.stringify(LIGHT_THEME)} })`,
    );
    await until(
      async () => {
        const now = await page.locator("body").evaluate((body) => {
          const view = body.ownerDocument.defaultView as unknown as {
            getComputedStyle(e: unknown): { backgroundColor: string };
          };
          return view.getComputedStyle(body).backgroundColor;
        });
        return now === "rgb(244, 244, 245)";
      },
      10_000,
      "the light theme",
    );

    await page.context().close();
  });

  it("a memo coin's deposit made in the page shows the memo beside the address, named as a memo or tag, with its own copy button and the warning; the chat's deposit message and the page after a reload carry it too", async () => {
    const user = h.tg.user();
    const page = await openPage(user.id);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await fillSwap(page, { from: "xrp", to: "btc", amount: "100", payout: BTC_ADDRESS });
    await page.getByRole("button", { name: "Confirm" }).click();
    await until(() =>
      h.sandbox.control
        .transactions()
        .some((t) => t.withdrawal_address === BTC_ADDRESS && t.coin_from === "xrp"),
    );
    const tx = h.sandbox.control
      .transactions()
      .find((t) => t.withdrawal_address === BTC_ADDRESS && t.coin_from === "xrp")!;
    const memo = tx.deposit_extra_id!;
    expect(memo).toMatch(/^\d+$/);

    const shownMemo = async (p: Page) => {
      const address = p.locator(".copyable", { hasText: "Deposit address" });
      await address.getByText(tx.deposit_address, { exact: true }).waitFor();
      // The memo's block comes right after the address's, as its own text and its own button.
      const block = p.locator(".copyable", { hasText: "Memo (destination tag)" });
      expect(await block.locator(".value").textContent()).toBe(memo);
      expect(
        await p
          .locator(".copyable")
          .evaluateAll((all) => all.map((e) => e.querySelector(".value")?.textContent)),
      ).toEqual(expect.arrayContaining([tx.deposit_address, memo]));
      const order = await p
        .locator(".copyable .value")
        .evaluateAll((all) => all.map((e) => e.textContent));
      expect(order.indexOf(memo)).toBe(order.indexOf(tx.deposit_address) + 1);
      await p.getByText("A deposit without it is lost").waitFor();
      return block;
    };
    const block = await shownMemo(page);
    await block.getByRole("button", { name: "Copy: Memo (destination tag)" }).click();
    expect(await page.evaluate(clipboardText)).toBe(memo);
    await page.getByRole("button", { name: "Copy: Deposit address" }).click();
    expect(await page.evaluate(clipboardText)).toBe(tx.deposit_address);
    // Only the value in the clipboard says it was copied.
    expect(await block.getByRole("button").textContent()).toBe("Copy");
    await page.screenshot({ path: join(SCREENSHOTS, "memo-light.png"), fullPage: true });

    await until(() => user.transcript().some((m) => m.text.includes("Swap created")));
    const deposit = user.transcript().find((m) => m.text.includes("Swap created"))!;
    expect(deposit.text).toContain(`${tx.deposit_address}\nMemo (destination tag): ${memo}`);
    expect(deposit.text).toContain("A deposit without it is lost");

    // Reloaded (Telegram's "Reload page", or the app reopened), the page is still this swap's.
    await page.reload();
    await shownMemo(page);
    expect(await page.locator(".status").textContent()).toContain("waiting");
    await page.context().close();

    const dark = await openPage(user.id, { theme: DARK_THEME, path: `?swap=${tx.id}` });
    await shownMemo(dark);
    await dark.screenshot({ path: join(SCREENSHOTS, "memo-dark.png"), fullPage: true });
    await dark.context().close();

    // In Russian, the page's warning is the chat's own, word for word.
    const ru = await openPage(user.id, {
      initData: signedInitData(h.tg.token, { id: user.id, language_code: "ru" }),
      path: `?swap=${tx.id}`,
    });
    const ruBlock = ru.locator(".copyable", { hasText: "Мемо (тег назначения)" });
    await ruBlock.getByText(memo, { exact: true }).waitFor();
    await ru.getByText("Депозит без него будет потерян").waitFor();
    await ru.screenshot({ path: join(SCREENSHOTS, "memo-ru-light.png"), fullPage: true });
    await ru.context().close();
  }, 60_000);

  it("lists a swap made in the chat, newest first, and opens its live status", async () => {
    const user = h.tg.user();
    const first = await createSwapViaChat(user, "0.4");
    const second = await createSwapViaChat(user, "0.6");
    // The chat's deposit message opens the swap's own page.
    const card = user.transcript().find((m) => m.text.includes(second))!;
    expect(buttonsOf(card).find((b) => b.webApp)?.webApp).toBe(`${pageUrl}?swap=${second}`);
    const page = await openPage(user.id);
    await page.getByRole("button", { name: "My swaps" }).click();
    const items = page.locator(".swap-list li");
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain(second);
    expect(await items.nth(1).textContent()).toContain(first);
    await items.nth(1).getByRole("button").click();
    await page.locator(".status", { hasText: "waiting" }).waitFor();
    h.sandbox.control.setStatus(first, "confirmation");
    await page.locator(".status", { hasText: "confirming" }).waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  it("a fixed-rate swap the exchange creates paying 2 % less than the quote confirmed in the page: not shown as agreed, on the page or in the chat", async () => {
    const user = h.tg.user();
    const page = await openPage(user.id);
    await page.getByLabel("You send").fill("btc");
    await page.getByLabel("You send").press("Enter");
    await page.getByLabel("You receive").fill("eth");
    await page.getByLabel("You receive").press("Enter");
    await page.getByLabel("Amount").fill("0.3");
    await page.getByText("You get about").waitFor();
    await page.getByLabel("Fixed rate").check();
    await page.getByLabel("Payout address").fill(ETH_ADDRESS);
    // Next waits for the fixed quote the page asks for: pressed again until the summary shows.
    await until(async () => {
      if (await page.getByRole("button", { name: "Confirm" }).count()) return true;
      // The summary may replace Next between the count and the click: a short try, then look again.
      await page
        .getByRole("button", { name: "Next" })
        .click({ timeout: 1_000 })
        .catch(() => undefined);
      return false;
    }, 15_000);
    h.sandbox.control.worsenNextFixedCreate(0.02);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("does not match your order").waitFor();
    const tx = h.sandbox.control.transactions().find((t) => t.amount_in === 0.3)!;
    expect(tx.rate_type).toBe("fixed");
    expect(await page.getByText(tx.deposit_address, { exact: true }).count()).toBe(0);
    await h.tg.settle(300);
    expect(user.transcript().some((m) => m.text.includes(tx.deposit_address))).toBe(false);
    expect((await h.app.repos.transactions.get(tx.id))?.suspect).toBe(true);
    await page.context().close();
  });

  it("a payout to XRP asks for the Payout memo, sends it, and shows it in the summary and the swap", async () => {
    const user = h.tg.user();
    const page = await openPage(user.id);
    await page.getByLabel("You send").fill("btc");
    await page.getByLabel("You send").press("Enter");
    await page.getByLabel("You receive").fill("eth");
    await page.getByLabel("You receive").press("Enter");
    // ETH picked (the field then reads its code): a pick landing while the next fill had selected
    // "eth" reset the selection, and "xrp" was typed after it ("ETHxrp").
    await until(async () => (await page.getByLabel("You receive").inputValue()) === "ETH");
    // No memo field for a network without memos.
    expect(await page.getByLabel("Payout memo").count()).toBe(0);
    await page.getByLabel("You receive").fill("xrp");
    await page.getByLabel("You receive").press("Enter");
    await page.getByLabel("Amount").fill("0.04");
    await page.getByText("You get about").waitFor();
    await page.getByLabel("Payout address").fill(XRP_ADDRESS);
    await page.getByLabel("Payout memo").fill("not a tag");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("whole number from 0 to 4294967295").waitFor();
    await page.getByLabel("Payout memo").fill("424242");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Confirm" }).waitFor();
    expect(await page.getByText("424242", { exact: true }).count()).toBe(1);
    await page.getByRole("button", { name: "Confirm" }).click();
    await until(() => h.sandbox.control.transactions().some((t) => t.amount_in === 0.04));
    const tx = h.sandbox.control.transactions().find((t) => t.amount_in === 0.04)!;
    expect(tx.withdrawal_extra_id).toBe("424242");
    await page.getByText(tx.deposit_address, { exact: true }).waitFor();
    expect(await page.getByText("424242", { exact: true }).count()).toBe(1);
    await page.context().close();
  });

  it("a coin typed over before its Enter was answered is not picked: the coin typed last is", async () => {
    const page = await openPage(h.tg.user().id);
    // The answer to "eth" is held (a slow network) until XRP is typed, entered and picked.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/coins\?q=eth$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("You send").fill("btc");
    await page.getByLabel("You send").press("Enter");
    await page.getByLabel("You receive").fill("eth");
    const ethAnswered = page.waitForResponse(/\/api\/coins\?q=eth$/);
    await page.getByLabel("You receive").press("Enter");
    await page.getByLabel("You receive").fill("xrp");
    await page.getByLabel("You receive").press("Enter");
    await page.getByLabel("Payout memo").waitFor();
    release();
    await ethAnswered;
    // The late answer changes nothing: XRP stays picked, its memo field with it.
    await page.getByLabel("Amount").fill("0.04");
    await page.getByText("You get about").waitFor();
    expect(await page.getByLabel("You receive").inputValue()).toBe("XRP");
    expect(await page.getByLabel("Payout memo").count()).toBe(1);
    await page.context().close();
  });

  it("a refund to an XRP address takes an optional Refund memo, checked as a destination tag, sent as refundExtraId and shown in the summary", async () => {
    const user = h.tg.user();
    const page = await openPage(user.id);
    await pickPair(page, "xrp", "btc");
    await page.getByLabel("Amount").fill("123");
    await page.getByText("You get about").waitFor();
    await page.getByLabel("Payout address").fill(BTC_ADDRESS);
    // No refund memo field before a refund address is typed.
    expect(await page.getByLabel("Refund memo").count()).toBe(0);
    await page.getByLabel("Refund address").fill(XRP_ADDRESS);
    await page.getByLabel("Refund memo").fill("not a tag");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("whole number from 0 to 4294967295").waitFor();
    await page.getByLabel("Refund memo").fill("5151");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Confirm" }).waitFor();
    expect(await page.locator("dl.facts").textContent()).toContain("Refund memo5151");
    await page.getByRole("button", { name: "Confirm" }).click();
    await until(() => h.sandbox.control.transactions().some((t) => t.amount_in === 123));
    const tx = h.sandbox.control.transactions().find((t) => t.amount_in === 123)!;
    expect(tx.refund_address).toBe(XRP_ADDRESS);
    expect(tx.refund_extra_id).toBe("5151");
    await page.context().close();
  });

  it("a swap's view links to support about that swap, which the chat's /start opens", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const page = await openPage(user.id, { path: `?swap=${id}` });
    const link = page.getByRole("link", { name: "Contact support about this swap" });
    await link.waitFor();
    const href = await link.getAttribute("href");
    expect(href).toBe(`https://t.me/${h.tg.botUsername}?start=support-${id}`);
    await page.context().close();
    // What Telegram sends when the link is opened: the operator's contact (no desk here).
    const answer = await user.reply(`/start support-${id}`);
    expect(answer.text).toContain("write to @swap_helpdesk");
  });

  it("a double tap on Confirm makes one transaction", async () => {
    const user = h.tg.user();
    const page = await openPage(user.id);
    await fillBtcToEth(page, "0.7");
    const before = h.sandbox.control.transactions().length;
    await page.getByRole("button", { name: "Confirm" }).dblclick();
    await page.locator(".status", { hasText: "waiting" }).waitFor();
    // The page's second tap, and the same summary confirmed again over the API, both land on
    // the one intent.
    await h.tg.settle(500);
    expect(h.sandbox.control.transactions().length).toBe(before + 1);
    expect(user.transcript().filter((m) => m.text.includes("Swap created"))).toHaveLength(1);
    await page.context().close();
  });

  it("a forged hash gets 401 and the page says to open it from Telegram", async () => {
    const user = h.tg.user();
    const good = signedInitData(h.tg.token, { id: user.id });
    const forged = good.replace(
      /hash=([0-9a-f])/,
      (_, c: string) => `hash=${c === "0" ? "1" : "0"}`,
    );
    const page = await openPage(user.id, { initData: forged });
    await page.getByText("opened from the bot in Telegram").waitFor();
    const status = await page.evaluate(
      async (raw) =>
        (await fetch("./api/swaps", { headers: { authorization: `tma ${raw}` } })).status,
      forged,
    );
    expect(status).toBe(401);
    await page.context().close();
  });

  it("init data older than 24 hours gets 401 and the page's message, in the user's language", async () => {
    const user = h.tg.user();
    const old = signedInitData(
      h.tg.token,
      { id: user.id, language_code: "ru" },
      new Date(Date.now() - 25 * 60 * 60 * 1000),
    );
    const page = await openPage(user.id, { initData: old });
    await page.getByText("открыть её из бота в Telegram").waitFor();
    await page.context().close();
  });

  it("another user's swap id answers 404 and shows nothing of it", async () => {
    const owner = h.tg.user();
    const id = await createSwapViaChat(owner);
    const other = h.tg.user();
    const page = await openPage(other.id, { path: `?swap=${id}` });
    await page.getByText("Swap not found").waitFor();
    const answer = await page.evaluate(
      async ([raw, swapId]) => {
        const r = await fetch(`./api/swaps/${swapId}`, {
          headers: { authorization: `tma ${raw}` },
        });
        return { status: r.status, body: await r.text() };
      },
      [signedInitData(h.tg.token, { id: other.id }), id] as const,
    );
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain(h.sandbox.control.transaction(id)!.deposit_address);
    await page.context().close();
  });

  it("/start and /help carry a button that opens the Mini App, and the chat's menu button opens it", async () => {
    const user = h.tg.user();
    for (const command of ["/start", "/help"]) {
      user.send(command);
      const answer = await user.answer();
      const button = answer.replyMarkup?.inline_keyboard.flat()[0];
      expect(button && "web_app" in button ? button.web_app?.url : undefined).toBe(pageUrl);
    }
    const menu = h.tg.callsTo("setChatMenuButton").at(-1)?.params.menu_button as {
      type: string;
      web_app?: { url: string };
    };
    expect(menu).toMatchObject({ type: "web_app", web_app: { url: pageUrl } });
  });

  it("serves the page on its own origin only: a strict CSP, hashed bundles cached for a year, gzip", async () => {
    const html = await fetch(pageUrl, { headers: { "accept-encoding": "gzip" } });
    expect(html.status).toBe(200);
    const csp = html.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(html.headers.get("cache-control")).toBe("no-cache");
    const body = await html.text();
    const script = /src="\.\/assets\/(main-[A-Z0-9]{8}\.js)"/.exec(body)?.[1];
    expect(script).toBeDefined();
    expect(body).not.toMatch(/https?:\/\//);
    const js = await fetch(`${pageUrl}assets/${script}`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(js.headers.get("content-type")).toContain("javascript");
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect(js.headers.get("content-encoding")).toBe("gzip");
    const api = await fetch(`${pageUrl}api/swaps`);
    expect(api.status).toBe(401);
  });

  it("no cache may keep an API answer (Cache-Control: no-store), a refusal included", async () => {
    const user = h.tg.user();
    await createSwapViaChat(user);
    const auth = { authorization: `tma ${signedInitData(h.tg.token, { id: user.id })}` };
    const list = await fetch(`${pageUrl}api/swaps`, { headers: auth });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("depositAddress");
    expect(list.headers.get("cache-control")).toBe("no-store");
    const refused = await fetch(`${pageUrl}api/swaps`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    // Made with their headers (json-answers.ts), not through secureHeaders: the page's ones all the same.
    const page = await fetch(pageUrl);
    for (const name of ["content-security-policy", "x-content-type-options", "referrer-policy"]) {
      expect(page.headers.get(name)).toBeTruthy();
      expect(list.headers.get(name)).toBe(page.headers.get(name));
      expect(refused.headers.get(name)).toBe(page.headers.get(name));
    }
    const unknown = await fetch(`${pageUrl}api/nothing-here`, { headers: auth });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBe("no-store");
  });

  it("gzips the API's larger JSON answers, and leaves small ones as they are", async () => {
    const user = h.tg.user();
    const headers = {
      authorization: `tma ${signedInitData(h.tg.token, { id: user.id })}`,
      "accept-encoding": "gzip",
    };
    const session = await fetch(`${pageUrl}api/session`, { headers });
    expect(session.headers.get("content-encoding")).toBe("gzip");
    expect(session.headers.get("vary")).toContain("Accept-Encoding");
    const answer = (await session.json()) as {
      texts: Record<string, string>;
      statusPollMs: number;
    };
    expect(answer.texts).toBeDefined();
    // WEBAPP_STATUS_POLL_MS, for the page's polls.
    expect(answer.statusPollMs).toBe(500);
    const small = await fetch(`${pageUrl}api/swaps`, { headers });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("content-type")).toContain("application/json");
    expect(small.headers.get("cache-control")).toBe("no-store");
    expect(await small.json()).toEqual({ items: [], total: 0 });
    // A client that takes no gzip gets the same answer as it is.
    const plain = await fetch(`${pageUrl}api/session`, {
      headers: { authorization: headers.authorization, "accept-encoding": "identity" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-type")).toContain("application/json");
    expect(((await plain.json()) as { texts: Record<string, string> }).texts).toBeDefined();
  });

  it("a polled list (remembered at the chat's list version, gzipped by its text) shows a swap's new status at once, and never another chat's swaps", async () => {
    const [owner, other] = [h.tg.user(), h.tg.user()];
    const ids = h.sandbox.control.seed(4, { spreadOverMs: 60_000 });
    for (const id of ids) {
      await h.app.repos.transactions.insert(
        swapOf(h.sandbox.control, id, owner.id, h.app.exchangeId),
      );
    }
    const as = (id: number) => ({
      authorization: `tma ${signedInitData(h.tg.token, { id })}`,
      "accept-encoding": "gzip",
    });
    type Listed = { items: { id: string; status: string }[]; total: number };
    const list = async (id: number) => {
      const answer = await fetch(`${pageUrl}api/swaps`, { headers: as(id) });
      expect(answer.status).toBe(200);
      return {
        encoding: answer.headers.get("content-encoding"),
        body: (await answer.json()) as Listed,
      };
    };
    const first = await list(owner.id);
    expect(first.encoding).toBe("gzip");
    expect(first.body.items.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect((await list(owner.id)).body).toEqual(first.body);
    const moved = ids[0]!;
    h.sandbox.control.setStatus(moved, "confirmation");
    await until(
      async () => (await h.app.repos.transactions.get(moved))?.status === "confirmation",
      20_000,
      "the tracker stored the new status",
    );
    // The next poll after the store has it, not a remembered one.
    const after = await list(owner.id);
    expect(after.body.items.find((s) => s.id === moved)?.status).toBe("confirmation");
    expect(after.body.items.filter((s) => s.status === "confirmation")).toHaveLength(1);
    // Another chat polling at the same time sees none of them.
    expect((await list(other.id)).body).toEqual({ items: [], total: 0 });
    expect((await list(owner.id)).body.total).toBe(4);
    // A swap stored for the chat (the reconciler's way: no bot code in between) shows at once too.
    const [late] = h.sandbox.control.seed(1, { spreadOverMs: 1 });
    await h.app.repos.transactions.insert(
      swapOf(h.sandbox.control, late!, owner.id, h.app.exchangeId),
    );
    const grown = await list(owner.id);
    expect(grown.body.total).toBe(5);
    expect(grown.body.items.map((s) => s.id)).toContain(late);
  });

  it("refuses a request body larger than any form's with 413, and takes one that fits", async () => {
    const user = h.tg.user();
    const auth = `tma ${signedInitData(h.tg.token, { id: user.id })}`;
    const big = await fetch(`${pageUrl}api/check`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify({ from: "btc", to: "eth", payout: "x".repeat(5_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "too-large" });
    const small = await fetch(`${pageUrl}api/check`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify({ from: "btc", to: "eth", payout: "not an address" }),
    });
    expect(small.status).toBe(200);
    expect(await small.json()).toMatchObject({ problems: { payout: expect.any(String) } });
  });

  it("init data signed for the future or for a user id no one has gets 401", async () => {
    const user = h.tg.user();
    const asks = [
      signedInitData(h.tg.token, { id: user.id }, new Date(Date.now() + 10 * 60_000)),
      signedInitData(h.tg.token, { id: 0 }),
      signedInitData(h.tg.token, { id: -1001 }),
      signedInitData(h.tg.token, { id: 1e20 }),
    ];
    for (const raw of asks) {
      const answer = await fetch(`${pageUrl}api/swaps`, {
        headers: { authorization: `tma ${raw}` },
      });
      expect(answer.status).toBe(401);
    }
    const good = await fetch(`${pageUrl}api/swaps`, {
      headers: { authorization: `tma ${signedInitData(h.tg.token, { id: user.id })}` },
    });
    expect(good.status).toBe(200);
  });

  it("the same summary confirmed twice at once makes one transaction, and both answers name it", async () => {
    const user = h.tg.user();
    const auth = { authorization: `tma ${signedInitData(h.tg.token, { id: user.id })}` };
    const order = {
      key: "summary-twice-1",
      from: "btc",
      to: "eth",
      amount: "0.3",
      rateType: "float",
      payout: ETH_ADDRESS,
    };
    const before = h.sandbox.control.transactions().length;
    const post = () =>
      fetch(`${pageUrl}api/swaps`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify(order),
      });
    const answers = await Promise.all([post(), post()]);
    await until(() => user.transcript().some((m) => m.text.includes("Swap created")));
    const again = await post();
    expect(again.status).toBe(200);
    const { swap } = (await again.json()) as { swap: { id: string } };
    expect(h.sandbox.control.transactions().length).toBe(before + 1);
    expect(h.sandbox.control.transactions()[0]!.id).toBe(swap.id);
    expect(answers.map((a) => a.status).sort()).toEqual(expect.arrayContaining([201]));
    expect(user.transcript().filter((m) => m.text.includes("Swap created"))).toHaveLength(1);
  });

  it("a payout address that is not one gets the chat's message under the field, and an amount below the minimum names it", async () => {
    const user = h.tg.user();
    const page = await openPage(user.id);
    await pickPair(page, "btc", "eth");
    await page.getByLabel("Amount").fill("0.000001");
    await page.getByText(/Below the minimum of [\d.]+ BTC/).waitFor();
    await page.getByLabel("Amount").fill("0.5");
    await page.getByText(/Below the minimum/).waitFor({ state: "detached" });
    await page.getByText("You get about").waitFor();
    await page.getByLabel("Payout address").fill("0x12345678901234567890");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("That is not a valid ETH address").waitFor();
    expect(await page.getByRole("button", { name: "Confirm" }).count()).toBe(0);
    await page.context().close();
  });

  it("a fixed quote is shown as the deal: no 'about', no ≈, in the form and the summary", async () => {
    const user = h.tg.user();
    const page = await openPage(user.id);
    await pickPair(page, "btc", "eth");
    await page.getByLabel("Amount").fill("0.1");
    await page.getByText("You get about").waitFor();
    await page.getByLabel("Fixed rate").check();
    const quote = page.locator(".quote");
    await quote.getByText("fixed rate", { exact: false }).waitFor();
    expect(await quote.textContent()).not.toMatch(/about|≈/);
    expect(await quote.textContent()).toMatch(/1 BTC = [\d.]+ ETH/);
    await page.getByLabel("Payout address").fill(ETH_ADDRESS);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Confirm" }).waitFor();
    expect(await page.locator("dl.facts").textContent()).not.toContain("≈");
    await page.context().close();
  });

  it("'I want to receive' 0.5 ETH: the quote shows the BTC it takes, the summary sends that amount, and the swap is created for it through the same core use case (exolix, fixed: withdrawalAmount, exactly 0.5 ETH)", async () => {
    const user = h.tg.user();
    const page = await openPage(user.id);
    await pickPair(page, "btc", "eth");
    await page.getByLabel("I want to receive").check();
    await page.getByLabel("Amount").fill("0.5");
    await page.getByLabel("Fixed rate").check();
    const quote = page.locator(".quote");
    await quote.getByText("fixed rate", { exact: false }).waitFor();
    const sends = /You send ([\d.]+) BTC/.exec((await quote.textContent()) ?? "");
    expect(sends, (await quote.textContent()) ?? "").not.toBeNull();
    const send = sends?.[1] ?? "";
    // 0.5 ETH at the sandbox's prices (BTC 95,000 $, ETH 3,400 $): about 0.018 BTC.
    expect(Number(send)).toBeGreaterThan(0.017);
    expect(Number(send)).toBeLessThan(0.019);
    await page.getByLabel("Payout address").fill(ETH_ADDRESS);
    await page.screenshot({ path: join(SCREENSHOTS, "receive-form-light.png"), fullPage: true });
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Confirm" }).waitFor();
    expect(await page.locator("dl.facts").textContent()).toContain(`${send} BTC`);
    await page.getByRole("button", { name: "Confirm" }).click();
    await until(() =>
      h.sandbox.control
        .transactions()
        .some((t) => t.withdrawal_address === ETH_ADDRESS && t.amount_in === Number(send)),
    );
    const tx = h.sandbox.control
      .transactions()
      .find((t) => t.withdrawal_address === ETH_ADDRESS && t.amount_in === Number(send))!;
    expect(tx.rate_type).toBe("fixed");
    if (TEST_DIALECT === "exolix") {
      expect(tx.withdrawal_amount).toBe(0.5);
      expect(tx.amount_out_expected).toBe(0.5);
    } else {
      expect(tx.withdrawal_amount).toBeUndefined();
      expect(Math.abs(tx.amount_out_expected - 0.5)).toBeLessThan(0.001);
    }
    await page.getByText(tx.deposit_address, { exact: true }).waitFor();
    await page.context().close();
  });

  it("names USDT's default network, ERC20, and refuses a Tron payout address under the field", async () => {
    const user = h.tg.user();
    const page = await openPage(user.id);
    await pickPair(page, "btc", "usdt");
    const network = page.getByLabel("Network (USDT)");
    expect(await network.inputValue()).toBe("ERC20");
    expect(await network.locator("option:checked").textContent()).toBe(
      "ERC20 (exchange's default)",
    );
    await page.getByLabel("Amount").fill("0.01");
    await page.getByText("You get about").waitFor();
    await page.getByLabel("Payout address").fill("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("That is not a valid USDT address on ERC20").waitFor();
    expect(await page.getByRole("button", { name: "Confirm" }).count()).toBe(0);
    await page.context().close();
  });

  it("opened by a client that sends no signature (before Bot API 8.0) shows the form, and its swaps are the user's", async () => {
    const user = h.tg.user();
    const raw = signInitData(h.tg.token, { id: user.id, first_name: "Old" });
    expect(new URLSearchParams(raw).has("signature")).toBe(false);
    const page = await openPage(user.id, { initData: raw });
    await page.getByLabel("You send").waitFor();
    await page.getByRole("button", { name: "Next" }).waitFor();
    const id = await createSwapViaChat(user);
    await page.getByRole("button", { name: "My swaps" }).click();
    await page.getByText(id, { exact: false }).first().waitFor();
    await page.context().close();
  });

  it("speaks Russian to a Russian Telegram, and English to a language the bot does not speak", async () => {
    const ru = h.tg.user({ languageCode: "ru" });
    const page = await openPage(ru.id, {
      initData: signedInitData(h.tg.token, { id: ru.id, language_code: "ru" }),
    });
    await page.getByLabel("Вы отправляете").waitFor();
    await page.getByRole("button", { name: "Далее" }).waitFor();
    await page.context().close();
    const de = h.tg.user({ languageCode: "de" });
    const other = await openPage(de.id, {
      initData: signedInitData(h.tg.token, { id: de.id, language_code: "de" }),
    });
    await other.getByLabel("You send").waitFor();
    await other.context().close();
  });
});
