import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PageTexts } from "../../src/webapp/server/texts.ts";
import { ETH_ADDRESS } from "../support/flows.ts";
import { miniAppForFile, SCREENSHOTS } from "../support/mini-app.ts";
import { until } from "../support/until.ts";

const texts = new PageTexts();

const mini = miniAppForFile();

/** The page's own words in `language`, as the server sends them. */
const word = (language: "fa" | "zh", key: string) => texts.t(language, `webapp-${key}`);

/** A box's left and right edges, in CSS pixels. */
async function edges(page: Page, selector: string): Promise<{ left: number; right: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  return { left: box.x, right: box.x + box.width };
}

/** Where the words of the first element matching `selector` stand (not its box, which is wide). */
async function textEdges(page: Page, selector: string): Promise<{ left: number; right: number }> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      // Runs in the page: its document, not this file's.
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(element);
      const rect = range.getBoundingClientRect();
      return { left: rect.left, right: rect.right };
    });
}

/** Walks the page's form btc → eth in `language`, a screenshot at each screen. */
async function swapInPage(page: Page, language: "fa" | "zh"): Promise<void> {
  await page.getByLabel(word(language, "you-send")).fill("btc");
  await page.getByLabel(word(language, "you-send")).press("Enter");
  await page.getByLabel(word(language, "you-receive")).fill("eth");
  await page.getByLabel(word(language, "you-receive")).press("Enter");
  await page.getByLabel(word(language, "amount"), { exact: true }).fill("0.5");
  await page.getByText(word(language, "you-get")).waitFor();
  await page.getByLabel(word(language, "payout")).fill(ETH_ADDRESS);
  await page.screenshot({ path: join(SCREENSHOTS, `form-${language}.png`), fullPage: true });
  await page.getByRole("button", { name: word(language, "next") }).click();
  await page.getByRole("button", { name: word(language, "confirm") }).waitFor();
  await page.screenshot({ path: join(SCREENSHOTS, `summary-${language}.png`), fullPage: true });
  await page.getByRole("button", { name: word(language, "confirm") }).click();
}

describe("the Mini App in other languages", () => {
  it("Persian: the page is right to left and mirrored (labels at the right edge), while the address, the amount and the transaction id read left to right in Latin digits", async () => {
    const user = mini.h.tg.user({ languageCode: "fa" });
    const page = await mini.openPage(user.id, { languageCode: "fa" });
    await page.getByLabel(word("fa", "you-send")).waitFor();
    expect(
      await page.evaluate("[document.documentElement.dir, document.documentElement.lang]"),
    ).toEqual(["rtl", "fa"]);
    // Mirrored: a label stands at its field's right edge, the first tab at the right.
    const field = await edges(page, ".field");
    const label = await textEdges(page, ".field label");
    expect(Math.abs(label.right - field.right)).toBeLessThan(2);
    expect(label.left - field.left).toBeGreaterThan(20);
    const [newTab, listTab] = [
      await edges(page, ".tabs button"),
      await edges(page, ".tabs button:nth-child(2)"),
    ];
    expect(newTab.left).toBeGreaterThan(listTab.left);

    await swapInPage(page, "fa");
    await until(() =>
      mini.h.sandbox.control.transactions().some((t) => t.withdrawal_address === ETH_ADDRESS),
    );
    const tx = mini.h.sandbox.control
      .transactions()
      .find((t) => t.withdrawal_address === ETH_ADDRESS)!;
    const address = page.getByText(tx.deposit_address, { exact: true });
    await address.waitFor();
    await page.getByText(word("fa", "send-exactly")).waitFor();
    const direction = await address.evaluate((element) => {
      // Runs in the page: its window, not this file's.
      const view = element.ownerDocument.defaultView as unknown as {
        getComputedStyle(e: unknown): { direction: string };
      };
      return view.getComputedStyle(element).direction;
    });
    expect(direction).toBe("ltr");
    const body = (await page.locator("main").textContent()) ?? "";
    expect(body).toContain(tx.id);
    expect(body).toContain("0.5");
    // No Persian digits anywhere: amounts and ids read as the wallet shows them.
    expect(body).not.toMatch(/[۰-۹]/);
    await page.screenshot({ path: join(SCREENSHOTS, "deposit-fa.png"), fullPage: true });

    // The list: the swap's line reads "0.5 BTC → ETH" left to right, its status in Persian.
    await page.getByRole("button", { name: word("fa", "tab-list") }).click();
    const line = page.locator(".swap-list bdi").first();
    await line.waitFor();
    expect((await line.textContent())?.replace(/\s+/g, " ").trim()).toMatch(/0\.5 BTC → ETH$/);
    await page.screenshot({ path: join(SCREENSHOTS, "list-fa.png"), fullPage: true });
    await page.context().close();
  });

  it("Chinese (zh-hans): the page speaks simplified Chinese, left to right", async () => {
    const user = mini.h.tg.user({ languageCode: "zh-hans" });
    const page = await mini.openPage(user.id, { languageCode: "zh-hans" });
    await page.getByLabel(word("zh", "you-send")).waitFor();
    expect(
      await page.evaluate("[document.documentElement.dir, document.documentElement.lang]"),
    ).toEqual(["ltr", "zh"]);
    const field = await edges(page, ".field");
    const label = await textEdges(page, ".field label");
    expect(Math.abs(label.left - field.left)).toBeLessThan(2);
    expect(field.right - label.right).toBeGreaterThan(20);
    await swapInPage(page, "zh");
    await page.getByText(word("zh", "deposit-address"), { exact: true }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "deposit-zh.png"), fullPage: true });
    await page.context().close();
  });
});
