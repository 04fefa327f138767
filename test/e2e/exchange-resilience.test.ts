import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, ETH_ADDRESS, step, toSummary } from "../support/flows.ts";
import { TestClock } from "../support/test-clock.ts";
import { until } from "../support/until.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("the exchange conversation survives", () => {
  it("a bot restart after the amount: a new process on the same database finishes the flow", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await user.reply("/exchange");
    await user.reply("btc");
    await user.reply("eth");
    const quote = await user.reply("0.5");
    expect(quote.text).toContain("address");

    await h.restart();

    let reply = await user.reply(ETH_ADDRESS);
    expect(reply.text).toContain("refund");
    reply = await user.reply("skip");
    expect(reply.text).toContain("0.5 BTC");
    reply = await user.reply("confirm", { timeoutMs: 8_000 });
    expect(reply.text).toContain("Swap created");
    expect(h.sandbox.control.transactions()).toHaveLength(1);
  });

  it("a Telegram error in the middle of a flow: the user is told and /exchange works again", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await user.reply("/exchange");
    h.tg.failNext("sendMessage", {
      errorCode: 400,
      description: "Bad Request: injected failure",
      chatId: user.chatId,
    });
    const failed = await user.reply("btc");
    expect(failed.text).toContain("Something went wrong");
    const again = await user.reply("/exchange");
    expect(again.text).toContain("send");
    const next = await user.reply("btc");
    expect(next.text).toContain("receive");
  });

  it("a QR code Telegram refuses does not keep the deposit details from the user", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await toSummary(user);
    h.tg.failNext("sendPhoto", {
      errorCode: 400,
      description: "Bad Request: IMAGE_PROCESS_FAILED",
      chatId: user.chatId,
    });
    const deposit = await step(user, "confirm", "Swap created");
    const [tx] = h.sandbox.control.transactions();
    expect(deposit.text).toContain(tx!.deposit_address);
    expect(deposit.text).toContain(tx!.id);
    expect(user.transcript().some((m) => m.photo)).toBe(false);
  });

  it("the same confirming update delivered twice: one transaction", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await toSummary(user);
    await user.press("Confirm");
    await user.answer({ timeoutMs: 8_000 });
    const confirm = h.tg.calls.length;
    const update = h.tg.deliveredUpdates().findLast((u) => u.callback_query);
    expect(update).toBeDefined();
    const { update_id: _, ...copy } = update!;
    h.tg.pushUpdate(copy);
    await h.tg.settle(400);
    expect(h.sandbox.control.transactions()).toHaveLength(1);
    const created = user.transcript().filter((m) => m.text.includes("Swap created"));
    expect(created).toHaveLength(1);
    expect(h.tg.calls.length).toBeGreaterThan(confirm);
  });
});

describe("an exchange answer that stops half-way", () => {
  const INTERVAL_MS = 5_000;
  /** A read the bot gave up at its deadline (logged by the client as a timeout). */
  const timedOut = (harness: Harness, endpoint: string) =>
    harness.logs.some((line) => {
      const entry = JSON.parse(line) as { endpoint?: string; status?: unknown };
      return entry.endpoint === endpoint && entry.status === "timeout";
    });

  it("a list read held for 90 s costs only itself: it ends at its deadline and another swap's change is pushed within three polls and two seconds", async () => {
    const clock = new TestClock();
    h = await startHarness({ env: { STATUS_POLL_INTERVAL_MS: String(INTERVAL_MS) }, clock });
    const user = h.tg.user();
    await createSwapViaChat(user, "0.5");
    const other = await createSwapViaChat(user, "0.6");
    await clock.advance(INTERVAL_MS);
    const stalledBefore = h.sandbox.control.stats.stalled;
    const changedAt = clock.now();
    // The tracker's next list read gets its headers and half its body, then nothing for 90 s.
    h.sandbox.control.stallNext("list", { ms: 90_000 });
    h.sandbox.control.setStatus(other, "confirmation");
    await clock.until(
      () => h!.sandbox.control.stats.stalled > stalledBefore,
      2 * INTERVAL_MS,
      "the tracker's stalled list read",
    );
    // Ended at its deadline, it is tried again after ky's backoff, which runs on the machine's
    // time (the test clock stands still meanwhile): the client logs the timeout as it retries.
    await until(() => timedOut(h!, "GET /transactions"), 10_000, "the stalled read's timeout");
    const pushed = () => user.transcript().some((m) => m.text.includes(`${other}: confirming`));
    await clock.until(pushed, changedAt + 3 * INTERVAL_MS + 2_000 - clock.now(), "the push");
  }, 60_000);

  it("a stop while a list read is stalled is not held by it: the read is aborted, not waited for", async () => {
    // A deadline far off: only an abort ends the read before it.
    h = await startHarness({
      env: { STATUS_POLL_INTERVAL_MS: "1000", EXCHANGE_TIMEOUT_MS: "10000" },
    });
    const user = h.tg.user();
    await createSwapViaChat(user, "0.5");
    const stalledBefore = h.sandbox.control.stats.stalled;
    h.sandbox.control.stallNext("list", { ms: 600_000 });
    await until(
      () => h!.sandbox.control.stats.stalled > stalledBefore,
      20_000,
      "a stalled list read",
    );
    await h.stop();
    expect(h.logs.some((line) => line.includes('"msg":"bot stopped"'))).toBe(true);
    expect(timedOut(h, "GET /transactions")).toBe(false);
  }, 60_000);
});
