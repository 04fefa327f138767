import { afterEach, describe, expect, it } from "vitest";
import type { FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, step } from "../support/flows.ts";
import { miniAppForFile } from "../support/mini-app.ts";
import { TestClock } from "../support/test-clock.ts";
import { until } from "../support/until.ts";

/**
 * A swap the exchange holds for verification (contract: "Several exchanges"; docs/behaviour.md,
 * "Held for verification"), over ChangeNOW's dialect, whose `verifying` is such a hold: one new
 * message says so with the swap's page at ChangeNOW; the card, /status, /history and a support
 * ticket say so; it is never shown as exchanging or complete; its release is pushed as the status
 * it goes on in (even one pushed before the hold), a refund as refunded. The tracker and the
 * notifier run on the test clock.
 */

const SUPPORT = -1_001_234_567_890;
const POLL_MS = 200;
const PUSH_BOUND_MS = 3 * POLL_MS + 3_000;

/** The Mini App (a bot of its own on ChangeNOW's dialect, in real time) for the page's test. */
const mini = miniAppForFile({ sandbox: { dialect: "changenow" } });

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start() {
  const clock = new TestClock();
  h = await startHarness({
    sandbox: { dialect: "changenow" },
    env: { SUPPORT_CHAT_ID: String(SUPPORT) },
    clock,
  });
  return { h, clock };
}

/** New messages (not edits) that announce the swap's state. */
const pushes = (user: FakeUser, id: string, word: string) =>
  user.transcript().filter((m) => !m.photo && m.text.includes(`Swap ${id}: ${word}\n`));

const swapPage = (id: string) => `https://changenow.io/exchange/txs/${id}`;

describe("a swap held for verification", () => {
  it("is pushed once with the swap's page, shown on the card, /status, /history and a ticket; its release is pushed", async () => {
    const { h, clock } = await start();
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const card = user.transcript().find((m) => m.text.includes("Swap created"))!;

    h.sandbox.control.hold(id);
    await clock.until(
      () => pushes(user, id, "held for verification").length >= 1,
      PUSH_BOUND_MS,
      "the hold's push",
    );
    await clock.advance(10 * POLL_MS + 1_000);
    const held = pushes(user, id, "held for verification");
    expect(held).toHaveLength(1);
    expect(held[0]!.text).toContain("holding this swap to verify it");
    expect(held[0]!.text).toContain(swapPage(id));
    expect(held[0]!.text).not.toMatch(/exchanging|complete|Send exactly/);

    // The card: held, the link, no deposit asked.
    const edited = user.transcript().find((m) => m.messageId === card.messageId)!;
    expect(edited.text).toContain("Status: held for verification");
    expect(edited.text).toContain(swapPage(id));
    expect(edited.text).not.toContain("Send exactly");

    const status = await step(user, `/status ${id}`, "Status:");
    expect(status.text).toContain("Status: held for verification");
    expect(status.text).toContain("holds this swap to verify it");
    expect(status.text).toContain(swapPage(id));
    expect(status.text).not.toMatch(/Status: (exchanging|complete)/);

    const history = await step(user, "/history", "Your swaps");
    expect(history.text).toContain("held for verification");
    expect(history.text).toContain(swapPage(id));

    await user.send("/support");
    await user.waitFor("What went wrong?");
    await user.send("my swap is frozen");
    await user.waitFor("Support has your message");
    await clock.until(
      () => h.tg.sentTo(SUPPORT).some((m) => m.text.includes("Ticket #1")),
      10_000,
      "the ticket",
    );
    const ticket = h.tg.sentTo(SUPPORT).find((m) => m.text.includes("Ticket #1"))!;
    expect(ticket.text).toContain("held for verification (verifying)");
    expect(ticket.text).toContain("Held for verification by the exchange");
    expect(ticket.text).toContain(swapPage(id));

    h.sandbox.control.release(id, "exchanging");
    await clock.until(
      () => pushes(user, id, "exchanging").length >= 1,
      PUSH_BOUND_MS,
      "the release's push",
    );
    await clock.advance(10 * POLL_MS + 1_000);
    expect(pushes(user, id, "exchanging")).toHaveLength(1);
    expect(pushes(user, id, "held for verification")).toHaveLength(1);
    const after = user.transcript().find((m) => m.messageId === card.messageId)!;
    expect(after.text).toContain("Status: exchanging");
    expect(after.text).not.toContain(swapPage(id));
  });

  it("released into a status pushed before the hold, that status is pushed again (once); a refund is pushed as refunded", async () => {
    const { h, clock } = await start();
    const user = h.tg.user();
    const first = await createSwapViaChat(user);
    h.sandbox.control.setStatus(first, "exchanging");
    await clock.until(
      () => pushes(user, first, "exchanging").length >= 1,
      PUSH_BOUND_MS,
      "exchanging",
    );
    h.sandbox.control.hold(first);
    await clock.until(
      () => pushes(user, first, "held for verification").length >= 1,
      PUSH_BOUND_MS,
      "the hold",
    );
    h.sandbox.control.release(first, "exchanging");
    await clock.until(
      () => pushes(user, first, "exchanging").length >= 2,
      PUSH_BOUND_MS,
      "exchanging again after the release",
    );
    await clock.advance(10 * POLL_MS + 1_000);
    expect(pushes(user, first, "exchanging")).toHaveLength(2);

    const second = await createSwapViaChat(user);
    h.sandbox.control.hold(second);
    await clock.until(
      () => pushes(user, second, "held for verification").length >= 1,
      PUSH_BOUND_MS,
      "the second hold",
    );
    h.sandbox.control.release(second, "refunded");
    await clock.until(
      () => pushes(user, second, "refunded").length >= 1,
      PUSH_BOUND_MS,
      "the refund",
    );
    await clock.advance(10 * POLL_MS + 1_000);
    expect(pushes(user, second, "refunded")).toHaveLength(1);
    expect(pushes(user, second, "exchanging")).toHaveLength(0);
    expect(pushes(user, second, "complete")).toHaveLength(0);
  });
});

describe("a held swap's page in the Mini App", () => {
  it("shows the status word and the sentence with the exchange's link, asks for no deposit, and follows the release", async () => {
    const user = mini.h.tg.user();
    const id = await createSwapViaChat(user);
    const tx = mini.h.sandbox.control.transaction(id)!;
    const page = await mini.openPage(user.id, { path: `?swap=${id}` });
    await page.getByText(tx.deposit_address, { exact: true }).waitFor();
    mini.h.sandbox.control.hold(id);
    await page
      .locator(".status", { hasText: "held for verification" })
      .waitFor({ timeout: 20_000 });
    await page.getByText("holds this swap to verify it").waitFor();
    const link = page.getByRole("link", { name: "Answer the exchange" });
    expect(await link.getAttribute("href")).toBe(swapPage(id));
    expect(await page.getByText(tx.deposit_address, { exact: true }).count()).toBe(0);
    await until(() => pushes(user, id, "held for verification").length === 1, 20_000, "the push");
    mini.h.sandbox.control.release(id, "exchanging");
    await page.locator(".status", { hasText: "exchanging" }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole("link", { name: "Answer the exchange" }).count()).toBe(0);
    await page.context().close();
  });
});
