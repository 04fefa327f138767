import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buttonsOf } from "../../tools/fake-telegram/fake-telegram.ts";
import { signInitData } from "../../tools/tryout/webapp-link.ts";
import { DARK_THEME, LIGHT_THEME, signedInitData } from "../support/browser.ts";
import { createSwapViaChat, ETH_ADDRESS, step } from "../support/flows.ts";
import { miniAppForFile, pickPair, SCREENSHOTS } from "../support/mini-app.ts";
import { swapOf } from "../support/seed-swaps.ts";
import { until } from "../support/until.ts";

/**
 * The Mini App's page and its API's guards: themes, languages, the swap list, sign-in, caching,
 * compression, limits. None of it depends on the exchange's dialect, so this file runs once (the
 * swaps made in the page, over each dialect, are webapp.test.ts's).
 */

const mini = miniAppForFile();

const TRON_ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

describe("the Mini App's page", () => {
  it("shows the deposit view in Telegram's dark theme, and follows the theme when Telegram changes it", async () => {
    const user = mini.h.tg.user();
    const id = await createSwapViaChat(user);
    const page = await mini.openPage(user.id, { theme: DARK_THEME, path: `?swap=${id}` });
    const tx = mini.h.sandbox.control.transaction(id)!;
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

  it("lists a swap made in the chat, newest first, and opens its live status", async () => {
    const user = mini.h.tg.user();
    const first = await createSwapViaChat(user, "0.4");
    const second = await createSwapViaChat(user, "0.6");
    // The chat's deposit message opens the swap's own page.
    const card = user.transcript().find((m) => m.text.includes(second))!;
    expect(buttonsOf(card).find((b) => b.webApp)?.webApp).toBe(`${mini.pageUrl}?swap=${second}`);
    const page = await mini.openPage(user.id);
    await page.getByRole("button", { name: "My swaps" }).click();
    const items = page.locator(".swap-list li");
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain(second);
    expect(await items.nth(1).textContent()).toContain(first);
    await items.nth(1).getByRole("button").click();
    await page.locator(".status", { hasText: "waiting" }).waitFor();
    mini.h.sandbox.control.setStatus(first, "confirmation");
    await page.locator(".status", { hasText: "confirming" }).waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  it("a coin typed over before its Enter was answered is not picked: the coin typed last is", async () => {
    const page = await mini.openPage(mini.h.tg.user().id);
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

  it("a Tron address for USDT on ERC20 is explained with one tap to TRC20: re-quoted there, the address kept, on to the summary", async () => {
    const user = mini.h.tg.user();
    for (const [theme, name] of [
      [DARK_THEME, "dark"],
      [LIGHT_THEME, "light"],
    ] as const) {
      const page = await mini.openPage(user.id, { theme });
      await pickPair(page, "btc", "usdt");
      await page.getByLabel("Amount").fill("0.01");
      await page.getByText("You get about").waitFor();
      await page.getByLabel("Payout address").fill(TRON_ADDRESS);
      await page.getByRole("button", { name: "Next" }).click();
      const problem = page.getByText(
        "That is a USDT address on TRC20, but this swap pays out on ERC20",
      );
      await problem.waitFor();
      expect(await problem.textContent()).toContain("That is not a valid USDT address on ERC20");
      const offered = page.getByRole("button", { name: "Receive on TRC20" });
      await offered.waitFor();
      await page.screenshot({
        path: join(SCREENSHOTS, `switch-network-${name}.png`),
        fullPage: true,
      });
      if (theme === DARK_THEME) {
        await page.context().close();
        continue;
      }
      await offered.click();
      // Quoted again on TRC20 and the address taken: the summary, as after a right address.
      await page.getByRole("button", { name: "Confirm" }).waitFor();
      const summary = await page.locator("body").innerText();
      expect(summary).toContain("USDT (TRC20)");
      expect(summary).toContain(TRON_ADDRESS);
      await page.getByRole("button", { name: "Confirm" }).click();
      await until(() =>
        mini.h.sandbox.control.transactions().some((t) => t.withdrawal_address === TRON_ADDRESS),
      );
      const tx = mini.h.sandbox.control
        .transactions()
        .find((t) => t.withdrawal_address === TRON_ADDRESS);
      expect(tx?.network_to).toBe("TRC20");
      await page.context().close();
    }
  });

  it("$100 typed in Amount is priced in dollars as in the chat: the note, the amount to send, the summary and the swap", async () => {
    const user = mini.h.tg.user();
    for (const [theme, name] of [
      [DARK_THEME, "dark"],
      [LIGHT_THEME, "light"],
    ] as const) {
      const page = await mini.openPage(user.id, { theme });
      await pickPair(page, "btc", "eth");
      await page.getByLabel("Amount").fill("$100");
      const note = page.getByText(/\$100 ≈ [\d.]+ BTC at 1 BTC ≈ [\d.]+ USDT/);
      await note.waitFor();
      await page.getByText("You get about").waitFor();
      const send = /≈ ([\d.]+) BTC/.exec((await note.textContent()) ?? "")?.[1] ?? "";
      expect(Number(send)).toBeGreaterThan(0);
      expect(await page.locator(".quote").innerText()).toContain(`You send ${send} BTC`);
      await page.screenshot({
        path: join(SCREENSHOTS, `amount-dollars-${name}.png`),
        fullPage: true,
      });
      if (theme === DARK_THEME) {
        await page.context().close();
        continue;
      }
      await page.getByLabel("Payout address").fill(ETH_ADDRESS);
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("button", { name: "Confirm" }).waitFor();
      expect(await page.locator(".facts").innerText()).toContain(`${send} BTC`);
      await page.getByRole("button", { name: "Confirm" }).click();
      await until(() =>
        mini.h.sandbox.control.transactions().some((t) => t.amount_in === Number(send)),
      );
      await page.context().close();
    }
  });

  it("an amount to receive typed with its code (`5 eth`) shows the amount to send it takes, and the summary orders it; an unknown unit is named", async () => {
    const page = await mini.openPage(mini.h.tg.user().id);
    await pickPair(page, "btc", "eth");
    await page.getByLabel("Amount").fill("5 xyz");
    await page.getByText("“xyz” is neither BTC nor ETH").waitFor();
    await page.getByLabel("Amount").fill("5 eth");
    await page.getByText("You get about").waitFor();
    const quote = await page.locator(".quote").innerText();
    expect(quote).toMatch(/You send [\d.]+ BTC/);
    expect(quote).toMatch(/You get about 5(\.\d+)? ETH/);
    await page.getByLabel("Payout address").fill(ETH_ADDRESS);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Confirm" }).waitFor();
    const summary = await page.locator(".facts").innerText();
    expect(summary).toMatch(/≈ 5(\.\d+)? ETH/);
    await page.context().close();
  });

  it("My swaps names each side's network, and an unfinished floating swap's payout reads ≈ on its page", async () => {
    const user = mini.h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "usdt", "amount");
    await step(user, "0.01", "address");
    await step(user, ETH_ADDRESS, "refund");
    await step(user, "skip", "Please check");
    const deposit = await step(user, "confirm", "Swap created");
    const id = /Transaction id: (\S+)/.exec(deposit.text)?.[1] ?? "";
    const page = await mini.openPage(user.id);
    await page.getByRole("button", { name: "My swaps" }).click();
    const item = page.locator(".swap-list li").first();
    await item.waitFor();
    expect(await item.textContent()).toContain("BTC → USDT (ERC20)");
    await item.getByRole("button").click();
    // The deposit seen: the swap's detail is read (its hash, and the exchange's latest estimate of
    // the payout, stored as it is): still an estimate until the swap is complete.
    mini.h.sandbox.control.setStatus(id, "confirmation");
    await page.getByText("Deposit transaction").waitFor({ timeout: 20_000 });
    const header = page.locator(".pair");
    expect(await header.innerText()).toMatch(/→\s+\S+\s+≈ [\d.]+ USDT \(ERC20\)/);
    await page.context().close();
  });

  it("paints the form's skeleton in the theme's colours before the app's script has run, with no words", async () => {
    const user = mini.h.tg.user();
    const held = await mini.openPage(user.id, { theme: DARK_THEME });
    await held.getByLabel("You send").waitFor();
    // Opened again, the app's bundle never comes (a slow phone): what the HTML and its head paint.
    const context = held.context();
    await context.route(/\/assets\/main-[A-Z0-9]{8}\.js$/, (route) => route.abort());
    await held.reload();
    const skeleton = held.locator(".skeleton");
    await skeleton.waitFor();
    expect(await held.locator(".skeleton .input").count()).toBe(5);
    expect((await held.locator("body").innerText()).trim()).toBe("");
    const background = await held.locator("body").evaluate((body) => {
      const view = body.ownerDocument.defaultView as unknown as {
        getComputedStyle(e: unknown): { backgroundColor: string };
      };
      return view.getComputedStyle(body).backgroundColor;
    });
    expect(background).toBe("rgb(15, 15, 15)");
    await held.screenshot({ path: join(SCREENSHOTS, "first-paint-dark.png"), fullPage: true });
    // With its script, the app's form takes the skeleton's place: the skeleton is gone (one
    // <main> landmark on the page).
    await context.unrouteAll();
    await held.reload();
    await held.getByLabel("You send").waitFor();
    expect(await held.locator(".skeleton").count()).toBe(0);
    expect(await held.locator("main").count()).toBe(1);
    await context.close();
  });

  it("a swap's view links to support about that swap, which the chat's /start opens", async () => {
    const user = mini.h.tg.user();
    const id = await createSwapViaChat(user);
    const page = await mini.openPage(user.id, { path: `?swap=${id}` });
    const link = page.getByRole("link", { name: "Contact support about this swap" });
    await link.waitFor();
    const href = await link.getAttribute("href");
    expect(href).toBe(`https://t.me/${mini.h.tg.botUsername}?start=support-${id}`);
    await page.context().close();
    // What Telegram sends when the link is opened: the operator's contact (no desk here).
    const answer = await user.reply(`/start support-${id}`);
    expect(answer.text).toContain("write to @swap_helpdesk");
  });

  it("a forged hash gets 401 and the page says to open it from Telegram", async () => {
    const user = mini.h.tg.user();
    const good = signedInitData(mini.h.tg.token, { id: user.id });
    const forged = good.replace(
      /hash=([0-9a-f])/,
      (_, c: string) => `hash=${c === "0" ? "1" : "0"}`,
    );
    const page = await mini.openPage(user.id, { initData: forged });
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
    const user = mini.h.tg.user();
    const old = signedInitData(
      mini.h.tg.token,
      { id: user.id, language_code: "ru" },
      new Date(Date.now() - 25 * 60 * 60 * 1000),
    );
    const page = await mini.openPage(user.id, { initData: old });
    await page.getByText("открыть её из бота в Telegram").waitFor();
    await page.context().close();
  });

  it("another user's swap id answers 404 and shows nothing of it", async () => {
    const owner = mini.h.tg.user();
    const id = await createSwapViaChat(owner);
    const other = mini.h.tg.user();
    const page = await mini.openPage(other.id, { path: `?swap=${id}` });
    await page.getByText("Swap not found").waitFor();
    const answer = await page.evaluate(
      async ([raw, swapId]) => {
        const r = await fetch(`./api/swaps/${swapId}`, {
          headers: { authorization: `tma ${raw}` },
        });
        return { status: r.status, body: await r.text() };
      },
      [signedInitData(mini.h.tg.token, { id: other.id }), id] as const,
    );
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain(mini.h.sandbox.control.transaction(id)!.deposit_address);
    await page.context().close();
  });

  it("/start and /help carry a button that opens the Mini App, and the chat's menu button opens it", async () => {
    const user = mini.h.tg.user();
    for (const command of ["/start", "/help"]) {
      user.send(command);
      const answer = await user.answer();
      const button = answer.replyMarkup?.inline_keyboard.flat()[0];
      expect(button && "web_app" in button ? button.web_app?.url : undefined).toBe(mini.pageUrl);
    }
    const menu = mini.h.tg.callsTo("setChatMenuButton").at(-1)?.params.menu_button as {
      type: string;
      web_app?: { url: string };
    };
    expect(menu).toMatchObject({ type: "web_app", web_app: { url: mini.pageUrl } });
  });

  it("serves the page on its own origin only: a strict CSP, hashed bundles cached for a year, gzip", async () => {
    const html = await fetch(mini.pageUrl, { headers: { "accept-encoding": "gzip" } });
    expect(html.status).toBe(200);
    const csp = html.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(html.headers.get("cache-control")).toBe("no-cache");
    const body = await html.text();
    const script = /src="\.\/assets\/(main-[A-Z0-9]{8}\.js)"/.exec(body)?.[1];
    expect(script).toBeDefined();
    expect(body).not.toMatch(/https?:\/\//);
    const js = await fetch(`${mini.pageUrl}assets/${script}`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(js.headers.get("content-type")).toContain("javascript");
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect(js.headers.get("content-encoding")).toBe("gzip");
    const api = await fetch(`${mini.pageUrl}api/swaps`);
    expect(api.status).toBe(401);
  });

  it("no cache may keep an API answer (Cache-Control: no-store), a refusal included", async () => {
    const user = mini.h.tg.user();
    await createSwapViaChat(user);
    const auth = { authorization: `tma ${signedInitData(mini.h.tg.token, { id: user.id })}` };
    const list = await fetch(`${mini.pageUrl}api/swaps`, { headers: auth });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("depositAddress");
    expect(list.headers.get("cache-control")).toBe("no-store");
    const refused = await fetch(`${mini.pageUrl}api/swaps`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    // Made with their headers (json-answers.ts), not through secureHeaders: the page's ones all the same.
    const page = await fetch(mini.pageUrl);
    for (const name of ["content-security-policy", "x-content-type-options", "referrer-policy"]) {
      expect(page.headers.get(name)).toBeTruthy();
      expect(list.headers.get(name)).toBe(page.headers.get(name));
      expect(refused.headers.get(name)).toBe(page.headers.get(name));
    }
    const unknown = await fetch(`${mini.pageUrl}api/nothing-here`, { headers: auth });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBe("no-store");
  });

  it("gzips the API's larger JSON answers, and leaves small ones as they are", async () => {
    const user = mini.h.tg.user();
    const headers = {
      authorization: `tma ${signedInitData(mini.h.tg.token, { id: user.id })}`,
      "accept-encoding": "gzip",
    };
    const session = await fetch(`${mini.pageUrl}api/session`, { headers });
    expect(session.headers.get("content-encoding")).toBe("gzip");
    expect(session.headers.get("vary")).toContain("Accept-Encoding");
    const answer = (await session.json()) as {
      texts: Record<string, string>;
      statusPollMs: number;
    };
    expect(answer.texts).toBeDefined();
    // WEBAPP_STATUS_POLL_MS, for the page's polls.
    expect(answer.statusPollMs).toBe(500);
    const small = await fetch(`${mini.pageUrl}api/swaps`, { headers });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("content-type")).toContain("application/json");
    expect(small.headers.get("cache-control")).toBe("no-store");
    expect(await small.json()).toEqual({ items: [], total: 0 });
    // A client that takes no gzip gets the same answer as it is.
    const plain = await fetch(`${mini.pageUrl}api/session`, {
      headers: { authorization: headers.authorization, "accept-encoding": "identity" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-type")).toContain("application/json");
    expect(((await plain.json()) as { texts: Record<string, string> }).texts).toBeDefined();
  });

  it("a polled list (remembered at the chat's list version, gzipped by its text) shows a swap's new status at once, and never another chat's swaps", async () => {
    const [owner, other] = [mini.h.tg.user(), mini.h.tg.user()];
    const ids = mini.h.sandbox.control.seed(4, { spreadOverMs: 60_000 });
    for (const id of ids) {
      await mini.h.app.repos.transactions.insert(
        swapOf(mini.h.sandbox.control, id, owner.id, mini.h.app.exchangeId),
      );
    }
    const as = (id: number) => ({
      authorization: `tma ${signedInitData(mini.h.tg.token, { id })}`,
      "accept-encoding": "gzip",
    });
    type Listed = { items: { id: string; status: string }[]; total: number };
    const list = async (id: number) => {
      const answer = await fetch(`${mini.pageUrl}api/swaps`, { headers: as(id) });
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
    mini.h.sandbox.control.setStatus(moved, "confirmation");
    await until(
      async () => (await mini.h.app.repos.transactions.get(moved))?.status === "confirmation",
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
    const [late] = mini.h.sandbox.control.seed(1, { spreadOverMs: 1 });
    await mini.h.app.repos.transactions.insert(
      swapOf(mini.h.sandbox.control, late!, owner.id, mini.h.app.exchangeId),
    );
    const grown = await list(owner.id);
    expect(grown.body.total).toBe(5);
    expect(grown.body.items.map((s) => s.id)).toContain(late);
  });

  it("refuses a request body larger than any form's with 413, and takes one that fits", async () => {
    const user = mini.h.tg.user();
    const auth = `tma ${signedInitData(mini.h.tg.token, { id: user.id })}`;
    const big = await fetch(`${mini.pageUrl}api/check`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify({ from: "btc", to: "eth", payout: "x".repeat(5_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "too-large" });
    const small = await fetch(`${mini.pageUrl}api/check`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify({ from: "btc", to: "eth", payout: "not an address" }),
    });
    expect(small.status).toBe(200);
    expect(await small.json()).toMatchObject({ problems: { payout: expect.any(String) } });
  });

  it("init data signed for the future or for a user id no one has gets 401", async () => {
    const user = mini.h.tg.user();
    const asks = [
      signedInitData(mini.h.tg.token, { id: user.id }, new Date(Date.now() + 10 * 60_000)),
      signedInitData(mini.h.tg.token, { id: 0 }),
      signedInitData(mini.h.tg.token, { id: -1001 }),
      signedInitData(mini.h.tg.token, { id: 1e20 }),
    ];
    for (const raw of asks) {
      const answer = await fetch(`${mini.pageUrl}api/swaps`, {
        headers: { authorization: `tma ${raw}` },
      });
      expect(answer.status).toBe(401);
    }
    const good = await fetch(`${mini.pageUrl}api/swaps`, {
      headers: { authorization: `tma ${signedInitData(mini.h.tg.token, { id: user.id })}` },
    });
    expect(good.status).toBe(200);
  });

  it("opened by a client that sends no signature (before Bot API 8.0) shows the form, and its swaps are the user's", async () => {
    const user = mini.h.tg.user();
    const raw = signInitData(mini.h.tg.token, { id: user.id, first_name: "Old" });
    expect(new URLSearchParams(raw).has("signature")).toBe(false);
    const page = await mini.openPage(user.id, { initData: raw });
    await page.getByLabel("You send").waitFor();
    await page.getByRole("button", { name: "Next" }).waitFor();
    const id = await createSwapViaChat(user);
    await page.getByRole("button", { name: "My swaps" }).click();
    await page.getByText(id, { exact: false }).first().waitFor();
    await page.context().close();
  });

  it("speaks Russian to a Russian Telegram, and English to a language the bot does not speak", async () => {
    const ru = mini.h.tg.user({ languageCode: "ru" });
    const page = await mini.openPage(ru.id, {
      initData: signedInitData(mini.h.tg.token, { id: ru.id, language_code: "ru" }),
    });
    await page.getByLabel("Вы отправляете").waitFor();
    await page.getByRole("button", { name: "Далее" }).waitFor();
    await page.context().close();
    const de = mini.h.tg.user({ languageCode: "de" });
    const other = await mini.openPage(de.id, {
      initData: signedInitData(mini.h.tg.token, { id: de.id, language_code: "de" }),
    });
    await other.getByLabel("You send").waitFor();
    await other.context().close();
  });
});
