import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat } from "../support/flows.ts";
import { swapOf } from "../support/seed-swaps.ts";
import { TestClock } from "../support/test-clock.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const INTERVAL_MS = 5_000;

describe("following open swaps under a key shared with a busy website", () => {
  it("costs a few reads however many other transactions the key holds, and pushes in time", async () => {
    // The tracker, its budget and the notifier run on a clock this test moves: minutes of the
    // bot's time in seconds of the machine's.
    const clock = new TestClock();
    h = await startHarness({ env: { STATUS_POLL_INTERVAL_MS: String(INTERVAL_MS) }, clock });
    // The website's 20,000 transactions of the last day; among them a swap of ours that has
    // waited five hours for its deposit, and a fresh one created in the chat.
    h.sandbox.control.seed(20_000, { status: "success", spreadOverMs: 86_400_000 });
    const user = h.tg.user();
    const waiting = await storeSwap(h, user.chatId, Date.now() - 5 * 3_600_000);
    const fresh = await createSwapViaChat(user, "0.5");

    const reads = () =>
      (h!.sandbox.control.stats.byEndpoint.list ?? 0) +
      (h!.sandbox.control.stats.byEndpoint.get ?? 0);
    const before = reads();
    await clock.advance(30_000);
    // The contract's ceiling is 60 a minute; reading the list from the waiting swap on would
    // take over 40 pages a cycle.
    expect(reads() - before).toBeLessThanOrEqual(30);

    // A fresh swap's change is pushed within three polls and two seconds.
    h.sandbox.control.setStatus(fresh, "confirmation");
    const pushed = (id: string) =>
      user.transcript().some((m) => m.text.includes(`${id}: confirming`));
    await clock.until(() => pushed(fresh), 3 * INTERVAL_MS + 2_000, "the fresh swap's push");
    expect(pushed(waiting)).toBe(false);

    // The long-waiting one is read less often, yet its change is pushed within two minutes.
    h.sandbox.control.setStatus(waiting, "confirmation");
    await clock.until(() => pushed(waiting), 120_000, "the long-waiting swap's push");
  }, 60_000);
});

/** A swap of the chat's created upstream at `createdAt`, stored as the bot would have. */
async function storeSwap(harness: Harness, chatId: number, createdAt: number): Promise<string> {
  const [id] = harness.sandbox.control.seed(1, { createdAt });
  await harness.app.repos.transactions.insert(
    swapOf(harness.sandbox.control, id!, chatId, harness.app.exchangeId),
  );
  return id!;
}
