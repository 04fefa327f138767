import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, toSummary } from "../support/flows.ts";
import { swapOf } from "../support/seed-swaps.ts";
import { TestClock } from "../support/test-clock.ts";
import { TEST_DIALECT, UNLISTED_STATUS } from "../support/test-dialect.ts";
import { until } from "../support/until.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type User = ReturnType<Harness["tg"]["user"]>;

/** New messages (not edits) sent to the chat that mention the swap's state. */
function pushes(user: User, word: string): number {
  return user
    .transcript()
    .filter((m) => !m.photo && new RegExp(`Swap \\w+: ${word}\\n`).test(m.text)).length;
}

/** The harness's poll (STATUS_POLL_INTERVAL_MS). */
const POLL_MS = 200;
/** What a push is waited for on the bot's clock: three polls, and a chat's pace of one a second. */
const PUSH_BOUND_MS = 3 * POLL_MS + 3_000;

/**
 * A bot whose tracker and notifier run on a clock the test moves (test/support/test-clock.ts):
 * the one-a-second pace of a chat's messages and the polls pass as fast as their I/O. The chat
 * itself runs in real time.
 */
async function startOnClock(): Promise<{ h: Harness; clock: TestClock }> {
  const clock = new TestClock();
  h = await startHarness({ clock });
  return { h, clock };
}

describe("status pushes", () => {
  it("each transition sends exactly one new message naming the state, and the card follows", async () => {
    const { h, clock } = await startOnClock();
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const card = user.transcript().find((m) => m.text.includes("Swap created"))!;
    for (const [status, word] of [
      ["confirmation", "confirming"],
      ["exchanging", "exchanging"],
      ["success", "complete"],
    ] as const) {
      h.sandbox.control.setStatus(id, status);
      // At least one here (exactly one is asserted after ten more polls): a second push fails
      // the test with the count rather than a wait that never ends.
      await clock.until(() => pushes(user, word) >= 1, PUSH_BOUND_MS, `the ${word} push`);
    }
    // Ten more polls, and whatever they sent has gone out.
    await clock.advance(10 * POLL_MS + 1_000);
    expect(pushes(user, "confirming")).toBe(1);
    expect(pushes(user, "exchanging")).toBe(1);
    expect(pushes(user, "complete")).toBe(1);
    const tx = h.sandbox.control.transaction(id)!;
    const complete = user.transcript().find((m) => m.text.includes(`${id}: complete`))!;
    expect(complete.text).toContain(String(tx.amount_out));
    // The payout hash: in the push, or (read after it went out) in the one message that follows.
    await clock.until(
      () =>
        user
          .transcript()
          .filter(
            (m) => m.text.includes(`${id}: complete`) || m.text.includes(`${id}: payout sent`),
          )
          .some((m) => m.text.includes(tx.tx_hash_out)),
      PUSH_BOUND_MS,
      "the payout hash",
    );
    const edited = user.transcript().find((m) => m.messageId === card.messageId)!;
    expect(edited.edited).toBe(true);
    expect(edited.text).toContain("Status: complete");
  });

  it("a complete push names the payout hash when the list shows it (Exolix's), else says it will follow: never a dash", async () => {
    const { h, clock } = await startOnClock();
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    // The exchange cannot show the swap's detail: the push has only what the list gives.
    h.sandbox.control.failDetail(id);
    h.sandbox.control.setStatus(id, "success");
    await clock.until(() => pushes(user, "complete") === 1, PUSH_BOUND_MS, "the complete push");
    const push = user.transcript().find((m) => m.text.includes(`${id}: complete`))!;
    const hashOut = h.sandbox.control.transaction(id)!.tx_hash_out;
    expect(push.text).not.toContain("Payout transaction: —");
    if (TEST_DIALECT === "exolix") {
      expect(push.text).toContain(`Payout transaction: ${hashOut}`);
    } else {
      expect(push.text).toContain("Payout transaction: the exchange has not shown it yet");
    }
    // The detail answers again: a push that named the hash gets no second message about it.
    h.sandbox.control.failDetail(id, false);
    await clock.advance(10 * POLL_MS + 1_000);
    const payoutMessages = user.transcript().filter((m) => m.text.includes(`${id}: payout sent`));
    if (TEST_DIALECT === "exolix") expect(payoutMessages).toHaveLength(0);
    expect(pushes(user, "complete")).toBe(1);
  });

  it("a push never waits for the detail read: it goes out while the exchange has not answered it, and the card gets the hash after", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const card = user.transcript().find((m) => m.text.includes("Swap created"))!;
    // Every detail answer takes 2 s (the bot gives up after 1 s and asks again).
    h.sandbox.control.setDelay("get", 2_000);
    const answeredDetails = () =>
      Object.values(h!.sandbox.control.stats.responses.get ?? {}).reduce((a, b) => a + b, 0);
    const before = answeredDetails();
    h.sandbox.control.setStatus(id, "confirmation");
    await until(() => pushes(user, "confirming") === 1);
    expect(answeredDetails()).toBe(before);
    h.sandbox.control.setDelay("get", 0);
    const hashIn = h.sandbox.control.transaction(id)!.tx_hash_in;
    await h.tg.until(
      () => (h?.tg.message(user.chatId, card.messageId)?.text.includes(hashIn) ? true : undefined),
      15_000,
      () => new Error(`the card never got the deposit hash:\n${user.transcriptText()}`),
    );
    expect(pushes(user, "confirming")).toBe(1);
  });

  it.each([
    ["overdue", "expired", "deposit window closed"],
    ["refunded", "refunded", "sent your"],
    [UNLISTED_STATUS, UNLISTED_STATUS, "new state"],
  ])("announces %s as %s", async (status, word, explanation) => {
    const { h, clock } = await startOnClock();
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    h.sandbox.control.setStatus(id, status);
    await clock.until(() => pushes(user, word) === 1, PUSH_BOUND_MS, `the ${word} push`);
    const push = user.transcript().find((m) => m.text.includes(`${id}: ${word}`))!;
    expect(push.text).toContain(explanation);
  });

  it("keeps tracking a swap in an unknown status until it ends", async () => {
    const { h, clock } = await startOnClock();
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    h.sandbox.control.setStatus(id, UNLISTED_STATUS);
    await clock.until(() => pushes(user, UNLISTED_STATUS) === 1, PUSH_BOUND_MS, "the push");
    h.sandbox.control.setStatus(id, "success");
    await clock.until(() => pushes(user, "complete") === 1, PUSH_BOUND_MS, "the complete push");
  });

  it("changes made while the bot was down are pushed after it starts again", async () => {
    const { h, clock } = await startOnClock();
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    await h.app.stop();
    h.sandbox.control.setStatus(id, "confirmation");
    await h.restart();
    await clock.until(() => pushes(user, "confirming") === 1, PUSH_BOUND_MS, "the push");
    h.sandbox.control.setStatus(id, "success");
    await clock.until(() => pushes(user, "complete") === 1, PUSH_BOUND_MS, "the complete push");
    // Ten more polls, and whatever they sent has gone out.
    await clock.advance(10 * POLL_MS + 1_000);
    expect(pushes(user, "confirming")).toBe(1);
  });

  it("a chat that blocked the bot does not stall the others", async () => {
    const { h, clock } = await startOnClock();
    const blocked = h.tg.user();
    const other = h.tg.user();
    const a = await createSwapViaChat(blocked, "0.5");
    const b = await createSwapViaChat(other, "0.6");
    h.tg.blockChat(blocked.chatId);
    h.sandbox.control.setStatus(a, "confirmation");
    h.sandbox.control.setStatus(b, "confirmation");
    await clock.until(() => pushes(other, "confirming") === 1, PUSH_BOUND_MS, "the other's push");
    await clock.until(
      () => h.app.repos.chats.isBlocked(blocked.chatId),
      PUSH_BOUND_MS,
      "the blocked chat recorded",
    );
    h.sandbox.control.setStatus(b, "success");
    await clock.until(() => pushes(other, "complete") === 1, PUSH_BOUND_MS, "the complete push");
    expect(pushes(blocked, "confirming")).toBe(0);
  });

  it("an exchange outage delays pushes without losing them", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    h.sandbox.control.setDown(true);
    h.sandbox.control.setStatus(id, "exchanging");
    // Two of the tracker's cycles (each read and its retries) met the outage.
    const refused = () => h!.sandbox.control.stats.responses.list?.[503] ?? 0;
    await until(() => refused() >= 4, 15_000, "the tracker's reads refused twice");
    expect(pushes(user, "exchanging")).toBe(0);
    h.sandbox.control.setDown(false);
    await until(() => pushes(user, "exchanging") === 1, 15_000);
  });
});

describe("a POST that creates the transaction but answers too late", () => {
  it("ends with the user holding that transaction's deposit address, and one transaction upstream", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await toSummary(user);
    h.sandbox.control.createThenHang(4_000);
    user.send("confirm");
    await user.waitFor((m) => m.text.includes("I am checking"), { timeoutMs: 8_000 });
    const found = await user.waitFor((m) => m.text.includes("Swap created"), { timeoutMs: 15_000 });
    const txs = h.sandbox.control.transactions();
    expect(txs).toHaveLength(1);
    expect(found.text).toContain(txs[0]!.deposit_address);
    expect(found.text).toContain(txs[0]!.id);
    expect(await h.app.repos.transactions.getForChat(user.chatId, txs[0]!.id)).toBeDefined();
  });

  it("finds it past the first page of an exchange that caps pages and refuses larger ones", async () => {
    h = await startHarness({
      sandbox: {
        pageSizeCap: { currencies: 100, transactions: 20 },
        quirks: { sizeOverCapAs400: true },
      },
    });
    const user = h.tg.user();
    await toSummary(user);
    // 45 newer swaps of the same pair by other users: ours is on the third page of twenty.
    h.sandbox.control.seed(45, { createdAt: Date.now() + 60_000, amount: 0.25 });
    h.sandbox.control.createThenHang(3_000);
    user.send("confirm");
    await user.waitFor((m) => m.text.includes("I am checking"), { timeoutMs: 8_000 });
    const found = await user.waitFor((m) => m.text.includes("Swap created"), { timeoutMs: 15_000 });
    const ours = h.sandbox.control.transactions().filter((tx) => tx.amount_in === 0.5);
    expect(ours).toHaveLength(1);
    expect(found.text).toContain(ours[0]!.deposit_address);
  });

  it.each(["shape", "garbage"] as const)(
    "or answers at once with a body that is not the transaction (%s): the same, and Confirm creates no second",
    async (garble) => {
      h = await startHarness();
      const user = h.tg.user();
      await toSummary(user);
      h.sandbox.control.createThenHang(0, { garble });
      user.send("confirm");
      await user.waitFor((m) => m.text.includes("I am checking"), { timeoutMs: 8_000 });
      await user.reply("confirm");
      const found = await user.waitFor((m) => m.text.includes("Swap created"), {
        timeoutMs: 15_000,
      });
      const txs = h.sandbox.control.transactions();
      expect(txs).toHaveLength(1);
      expect(found.text).toContain(txs[0]!.deposit_address);
    },
  );
});

describe("states missed between two polls", () => {
  it("are still announced, each once and in order", async () => {
    // The bot's clock moves only as the test moves it: no poll comes while the test runs.
    const clock = new TestClock();
    h = await startHarness({ env: { STATUS_POLL_INTERVAL_MS: "60000" }, clock });
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    h.sandbox.control.setStatus(id, "confirmation");
    h.sandbox.control.setStatus(id, "exchanging");
    h.sandbox.control.setStatus(id, "success");
    // /status reads the detail and stores it: the same path as the tracker's.
    await user.reply("/status");
    // Three pushes a second apart (a chat's pace), well before the next poll.
    await clock.until(() => pushes(user, "complete") === 1, 10_000, "the complete push");
    await clock.advance(2_000);
    const order = user
      .transcript()
      .map((m) => /Swap \w+: (confirming|exchanging|complete)\n/.exec(m.text)?.[1])
      .filter(Boolean);
    expect(order).toEqual(["confirming", "exchanging", "complete"]);
  });

  it("go out one per second in one chat, without holding other chats back", async () => {
    h = await startHarness({ env: { STATUS_POLL_INTERVAL_MS: "60000" } });
    const busy = h.tg.user();
    const other = h.tg.user();
    const busyId = await createSwapViaChat(busy);
    const otherId = await createSwapViaChat(other);
    h.sandbox.control.setStatus(busyId, "success");
    h.sandbox.control.setStatus(otherId, "confirmation");
    busy.send("/status");
    other.send(`/status ${otherId}`);
    await until(() => pushes(busy, "complete") === 1 && pushes(other, "confirming") === 1);
    const pushedAt = (chatId: number) =>
      h!.tg.calls
        .filter(
          (c) =>
            c.method === "sendMessage" &&
            c.params.chat_id === chatId &&
            /Swap \w+: (confirming|exchanging|complete)/.test(String(c.params.text)),
        )
        .map((c) => c.at);
    const [first, second, third] = pushedAt(busy.chatId);
    expect(second! - first!).toBeGreaterThanOrEqual(950);
    expect(third! - second!).toBeGreaterThanOrEqual(950);
    expect(pushedAt(other.chatId)[0]!).toBeLessThan(third!);
  });
});

describe("the language of a push", () => {
  it("is the user's Telegram language when the chat never chose one with /language", async () => {
    h = await startHarness();
    const user = h.tg.user({ languageCode: "ru" });
    await user.reply("/help");
    const [id] = h.sandbox.control.seed(1);
    const tx = h.sandbox.control.transaction(id!)!;
    await h.app.repos.transactions.insert(
      swapOf(h.sandbox.control, tx.id, user.chatId, h.app.exchangeId),
    );
    h.sandbox.control.setStatus(tx.id, "confirmation");
    const push = await user.waitFor((m) => m.text.includes(tx.id), { timeoutMs: 10_000 });
    expect(push.text).toContain("подтверждается");
  });
});
