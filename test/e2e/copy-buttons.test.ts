import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chatHtml } from "../../tools/fake-telegram/chat-html.ts";
import {
  buttonsOf,
  copyButtonsOf,
  type FakeUser,
} from "../../tools/fake-telegram/fake-telegram.ts";
import { freePort, type Harness, startHarness } from "../support/bot-harness.ts";
import { launchBrowser } from "../support/browser.ts";
import { createSwapViaChat, step, toSummary } from "../support/flows.ts";
import { UNLISTED_STATUS } from "../support/test-dialect.ts";

/**
 * Telegram's copy buttons (`copy_text`): the deposit message, the card it becomes and `/status`
 * copy the deposit address, the exact amount and the memo while the swap asks for a deposit, and
 * the transaction id always; `/history` copies each swap's id. Read from what the fake Telegram
 * recorded of each message's keyboard.
 */

/** Phone-sized screenshots of chat messages as the fake Telegram recorded them. */
const SCREENSHOTS = join(process.cwd(), "test-artifacts", "chat");

let h: Harness;
beforeAll(async () => {
  const port = await freePort();
  h = await startHarness({
    env: { WEBAPP_URL: `http://127.0.0.1:${port}/`, WEBAPP_PORT: String(port) },
  });
});
afterEach(() => {
  h.sandbox.control.clearTransactions();
});
afterAll(async () => {
  await h?.close();
});

const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

async function xrpDeposit(user: FakeUser) {
  await step(user, "/exchange", "send");
  await step(user, "xrp", "receive");
  await step(user, "btc", "amount");
  await step(user, "100", "address");
  await step(user, BTC_ADDRESS, "refund");
  await step(user, "skip", "Please check");
  const deposit = await step(user, "confirm", "Swap created");
  const [tx] = h.sandbox.control.transactions();
  if (!tx) throw new Error("no transaction created");
  return { deposit, tx };
}

describe("copy buttons", () => {
  it("on the deposit message copy the address, the exact amount, the memo and the id; the text says so", async () => {
    const user = h.tg.user();
    const { deposit, tx } = await xrpDeposit(user);
    expect(copyButtonsOf(deposit)).toEqual({
      "📋 Address": tx.deposit_address,
      "📋 Amount": "100",
      "📋 Memo": String(tx.deposit_extra_id),
      "📋 Transaction id": tx.id,
    });
    expect(deposit.text).toContain("The buttons below copy the address, the amount");
    expect(deposit.text).toContain("the “📋 Memo” button copies it");
    // The Mini App's button is still there, on the swap's own page.
    expect(buttonsOf(deposit).some((b) => b.webApp?.includes(`swap=${tx.id}`))).toBe(true);
  });

  it("on the deposit message fit a 360 px phone screen (screenshot of what the fake recorded)", async () => {
    const user = h.tg.user();
    const { deposit } = await xrpDeposit(user);
    const { browser, close } = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.setContent(chatHtml([deposit]));
      const labels = page.locator(".button .label");
      expect(await labels.allTextContents()).toEqual([
        "📋 Address",
        "📋 Amount",
        "📋 Memo",
        "📋 Transaction id",
        "📱 Open the swap app",
      ]);
      expect(await page.locator(".button i").allTextContents()).toEqual([
        "copy",
        "copy",
        "copy",
        "copy",
        "app",
      ]);
      // Each label is drawn whole inside the screen: none is cut off.
      for (const label of await labels.all()) {
        const fits = await label.evaluate((el) => el.scrollWidth <= el.clientWidth);
        const box = await label.boundingBox();
        expect(fits).toBe(true);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
      }
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, "deposit-buttons-360.png"), fullPage: true });
    } finally {
      await close();
    }
  });

  it("stay on the card after each edit, down to the id once the deposit has arrived", async () => {
    const user = h.tg.user();
    const { deposit, tx } = await xrpDeposit(user);
    const card = () => h.tg.message(user.chatId, deposit.messageId);
    // A state the bot does not know yet, still before the deposit (the dialect's own unlisted one).
    h.sandbox.control.setStatus(tx.id, UNLISTED_STATUS);
    await user.waitFor(() => card()?.text.includes(UNLISTED_STATUS) ?? false, {
      timeoutMs: 10_000,
    });
    expect(copyButtonsOf(card())["📋 Memo"]).toBe(String(tx.deposit_extra_id));
    expect(copyButtonsOf(card())["📋 Address"]).toBe(tx.deposit_address);
    h.sandbox.control.setStatus(tx.id, "confirmation");
    await user.waitFor(() => card()?.text.includes("Swap in progress") ?? false, {
      timeoutMs: 10_000,
    });
    // The deposit arrived: nothing invites a second one.
    expect(copyButtonsOf(card())).toEqual({ "📋 Transaction id": tx.id });
    expect(buttonsOf(card()).some((b) => b.webApp !== undefined)).toBe(true);
  });

  it("on /status copy the address, the amount and the memo beside Refresh", async () => {
    const user = h.tg.user();
    const { tx } = await xrpDeposit(user);
    const status = await step(user, `/status ${tx.id}`, "Deposit address:");
    expect(copyButtonsOf(status)).toEqual({
      "📋 Address": tx.deposit_address,
      "📋 Amount": "100",
      "📋 Memo": String(tx.deposit_extra_id),
      "📋 Transaction id": tx.id,
    });
    expect(buttonsOf(status).map((b) => b.text)).toContain("🔄 Refresh");
  });

  it("on /status of a finished swap copy only its id", async () => {
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    h.sandbox.control.setStatus(id, "success");
    const status = await step(user, `/status ${id}`, "complete");
    expect(copyButtonsOf(status)).toEqual({ "📋 Transaction id": id });
  });

  it("on /history copy each swap's id", async () => {
    const user = h.tg.user();
    const first = await createSwapViaChat(user);
    const second = await createSwapViaChat(user, "0.6");
    const history = await step(user, "/history", "Your swaps");
    expect(copyButtonsOf(history)).toEqual({ "📋 Id 1": second, "📋 Id 2": first });
  });

  it("on a deposit message sent after a lost create answer was found copy the address and amount", async () => {
    const user = h.tg.user();
    await toSummary(user);
    h.sandbox.control.createThenHang(3_000, { destroy: true });
    await step(user, "confirm", "may have been created");
    const found = await user.waitFor((m) => m.text.includes("Found it"), { timeoutMs: 30_000 });
    const [tx] = h.sandbox.control.transactions();
    expect(copyButtonsOf(found)).toEqual({
      "📋 Address": tx?.deposit_address,
      "📋 Amount": "0.5",
      "📋 Transaction id": tx?.id,
    });
  });
});
