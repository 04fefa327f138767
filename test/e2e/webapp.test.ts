import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buttonsOf } from "../../tools/fake-telegram/fake-telegram.ts";
import { DARK_THEME, signedInitData } from "../support/browser.ts";
import { ETH_ADDRESS } from "../support/flows.ts";
import { fillSwap, miniAppForFile, pickPair, SCREENSHOTS } from "../support/mini-app.ts";
import { TEST_DIALECT } from "../support/test-dialect.ts";
import { until } from "../support/until.ts";

/**
 * The Mini App's swaps: what the page quotes, sends and shows is the exchange's answer, so this file
 * runs over each exchange dialect (test/e2e/over-exolix/). The page itself and its API's guards,
 * which no dialect changes, are webapp-page.test.ts's.
 */

const mini = miniAppForFile();

const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";

/** Runs in the page (its navigator, not this file's): what a paste would give. */
const clipboardText = "navigator.clipboard.readText()";

/** The form filled btc → eth to the test's ETH address, up to the summary. */
async function fillBtcToEth(page: Page, amount = "0.5", screenshot?: string): Promise<void> {
  await fillSwap(page, { from: "btc", to: "eth", amount, payout: ETH_ADDRESS }, screenshot);
}

describe("the Mini App's swaps", () => {
  it("opened from Telegram, swaps btc for eth: the deposit address stands on the page, the chat gets the deposit message, and the page's status follows the swap", async () => {
    const user = mini.h.tg.user();
    const page = await mini.openPage(user.id);
    await fillBtcToEth(page, "0.5", "form-light.png");
    await page.screenshot({ path: join(SCREENSHOTS, "summary-light.png"), fullPage: true });
    // A coin on its own chain reads "BTC", not "BTC (BTC)".
    const summary = await page.locator("body").innerText();
    expect(summary).toMatch(/0\.5 BTC\b/);
    expect(summary).not.toMatch(/BTC \(BTC\)|ETH \(ETH\)/);
    await page.getByRole("button", { name: "Confirm" }).click();
    await until(() =>
      mini.h.sandbox.control
        .transactions()
        .some(
          (t) =>
            t.withdrawal_address === ETH_ADDRESS &&
            t.amount_in === 0.5 &&
            user.transcript().some((m) => m.text.includes(t.id)),
        ),
    );
    const tx = mini.h.sandbox.control.transactions()[0]!;
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
      if (status === "success") mini.h.sandbox.control.setDelay("get", 2_000);
      mini.h.sandbox.control.setStatus(tx.id, status);
      await page.locator(".status", { hasText: word }).waitFor({ timeout: 20_000 });
      await until(() =>
        user.transcript().some((m) => !m.edited && m.text.includes(`${tx.id}: ${word}`)),
      );
    }
    mini.h.sandbox.control.setDelay("get", 0);
    // Finished: the page no longer tells anyone to send funds.
    expect(await page.getByText(tx.deposit_address, { exact: true }).count()).toBe(0);
    // Both transactions link to their chains' explorers, as the chat's card does: a page that saw
    // "complete" before the payout hash was stored still asks until it is there.
    await until(
      async () => !!(await mini.h.app.repos.transactions.get(tx.id))?.txHashOut,
      20_000,
      "the payout hash stored",
    );
    const done = await mini.h.app.repos.transactions.get(tx.id);
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

  it("a memo coin's deposit made in the page shows the memo beside the address, named as a memo or tag, with its own copy button and the warning; the chat's deposit message and the page after a reload carry it too", async () => {
    const user = mini.h.tg.user();
    const page = await mini.openPage(user.id);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await fillSwap(page, { from: "xrp", to: "btc", amount: "100", payout: BTC_ADDRESS });
    await page.getByRole("button", { name: "Confirm" }).click();
    await until(() =>
      mini.h.sandbox.control
        .transactions()
        .some((t) => t.withdrawal_address === BTC_ADDRESS && t.coin_from === "xrp"),
    );
    const tx = mini.h.sandbox.control
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

    const dark = await mini.openPage(user.id, { theme: DARK_THEME, path: `?swap=${tx.id}` });
    await shownMemo(dark);
    await dark.screenshot({ path: join(SCREENSHOTS, "memo-dark.png"), fullPage: true });
    await dark.context().close();

    // In Russian, the page's warning is the chat's own, word for word.
    const ru = await mini.openPage(user.id, {
      initData: signedInitData(mini.h.tg.token, { id: user.id, language_code: "ru" }),
      path: `?swap=${tx.id}`,
    });
    const ruBlock = ru.locator(".copyable", { hasText: "Мемо (тег назначения)" });
    await ruBlock.getByText(memo, { exact: true }).waitFor();
    await ru.getByText("Депозит без него будет потерян").waitFor();
    await ru.screenshot({ path: join(SCREENSHOTS, "memo-ru-light.png"), fullPage: true });
    await ru.context().close();
  }, 60_000);

  it("a fixed-rate swap the exchange creates paying 2 % less than the quote confirmed in the page: not shown as agreed, on the page or in the chat", async () => {
    const user = mini.h.tg.user();
    const page = await mini.openPage(user.id);
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
    mini.h.sandbox.control.worsenNextFixedCreate(0.02);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("does not match your order").waitFor();
    const tx = mini.h.sandbox.control.transactions().find((t) => t.amount_in === 0.3)!;
    expect(tx.rate_type).toBe("fixed");
    expect(await page.getByText(tx.deposit_address, { exact: true }).count()).toBe(0);
    await mini.h.tg.settle(300);
    expect(user.transcript().some((m) => m.text.includes(tx.deposit_address))).toBe(false);
    expect((await mini.h.app.repos.transactions.get(tx.id))?.suspect).toBe(true);
    await page.context().close();
  });

  it("its create route holds a floating estimate to the quote as the chat does: a tenth of it is refused, no deposit address", async () => {
    const user = mini.h.tg.user();
    const auth = { authorization: `tma ${signedInitData(mini.h.tg.token, { id: user.id })}` };
    mini.h.sandbox.control.worsenNextFloatCreate(0.9);
    const answer = await fetch(`${mini.pageUrl}api/swaps`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        key: "float-cut-0001",
        from: "btc",
        to: "eth",
        amount: "0.27",
        rateType: "float",
        payout: ETH_ADDRESS,
      }),
    });
    const body = (await answer.json()) as { error?: string; id?: string };
    expect(answer.status).toBe(409);
    expect(body.error).toBe("suspect");
    const tx = mini.h.sandbox.control.transactions().find((t) => t.amount_in === 0.27)!;
    expect(tx.rate_type).toBe("float");
    expect(body.id).toBe(tx.id);
    expect(JSON.stringify(body)).not.toContain(tx.deposit_address);
    expect((await mini.h.app.repos.transactions.get(tx.id))?.suspect).toBe(true);
  });

  it("a payout to XRP asks for the Payout memo, sends it, and shows it in the summary and the swap", async () => {
    const user = mini.h.tg.user();
    const page = await mini.openPage(user.id);
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
    await until(() => mini.h.sandbox.control.transactions().some((t) => t.amount_in === 0.04));
    const tx = mini.h.sandbox.control.transactions().find((t) => t.amount_in === 0.04)!;
    expect(tx.withdrawal_extra_id).toBe("424242");
    await page.getByText(tx.deposit_address, { exact: true }).waitFor();
    expect(await page.getByText("424242", { exact: true }).count()).toBe(1);
    await page.context().close();
  });

  it("a refund to an XRP address takes an optional Refund memo, checked as a destination tag, sent as refundExtraId and shown in the summary", async () => {
    const user = mini.h.tg.user();
    const page = await mini.openPage(user.id);
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
    await until(() => mini.h.sandbox.control.transactions().some((t) => t.amount_in === 123));
    const tx = mini.h.sandbox.control.transactions().find((t) => t.amount_in === 123)!;
    expect(tx.refund_address).toBe(XRP_ADDRESS);
    expect(tx.refund_extra_id).toBe("5151");
    await page.context().close();
  });

  it("a double tap on Confirm makes one transaction", async () => {
    const user = mini.h.tg.user();
    const page = await mini.openPage(user.id);
    await fillBtcToEth(page, "0.7");
    const before = mini.h.sandbox.control.transactions().length;
    await page.getByRole("button", { name: "Confirm" }).dblclick();
    await page.locator(".status", { hasText: "waiting" }).waitFor();
    // The page's second tap, and the same summary confirmed again over the API, both land on
    // the one intent.
    await mini.h.tg.settle(500);
    expect(mini.h.sandbox.control.transactions().length).toBe(before + 1);
    expect(user.transcript().filter((m) => m.text.includes("Swap created"))).toHaveLength(1);
    await page.context().close();
  });

  it("the same summary confirmed twice at once makes one transaction, and both answers name it", async () => {
    const user = mini.h.tg.user();
    const auth = { authorization: `tma ${signedInitData(mini.h.tg.token, { id: user.id })}` };
    const order = {
      key: "summary-twice-1",
      from: "btc",
      to: "eth",
      amount: "0.3",
      rateType: "float",
      payout: ETH_ADDRESS,
    };
    const before = mini.h.sandbox.control.transactions().length;
    const post = () =>
      fetch(`${mini.pageUrl}api/swaps`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify(order),
      });
    const answers = await Promise.all([post(), post()]);
    await until(() => user.transcript().some((m) => m.text.includes("Swap created")));
    const again = await post();
    expect(again.status).toBe(200);
    const { swap } = (await again.json()) as { swap: { id: string } };
    expect(mini.h.sandbox.control.transactions().length).toBe(before + 1);
    expect(mini.h.sandbox.control.transactions()[0]!.id).toBe(swap.id);
    expect(answers.map((a) => a.status).sort()).toEqual(expect.arrayContaining([201]));
    expect(user.transcript().filter((m) => m.text.includes("Swap created"))).toHaveLength(1);
  });

  it("a payout address that is not one gets the chat's message under the field, and an amount below the minimum names it", async () => {
    const user = mini.h.tg.user();
    const page = await mini.openPage(user.id);
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
    const user = mini.h.tg.user();
    const page = await mini.openPage(user.id);
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
    const user = mini.h.tg.user();
    const page = await mini.openPage(user.id);
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
      mini.h.sandbox.control
        .transactions()
        .some((t) => t.withdrawal_address === ETH_ADDRESS && t.amount_in === Number(send)),
    );
    const tx = mini.h.sandbox.control
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
    const user = mini.h.tg.user();
    const page = await mini.openPage(user.id);
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
});
