import { afterEach, describe, expect, it } from "vitest";
import type { FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Moves the swap on and returns the push announcing `word`, with its markup. */
async function push(harness: Harness, user: FakeUser, id: string, status: string, word: string) {
  harness.sandbox.control.setStatus(id, status);
  return user.waitFor((m) => m.text.includes(`${id}: ${word}`), { timeoutMs: 10_000 });
}

/** The swap's card once it shows `fragment` (the receipts edit it after the push). */
function cardWith(harness: Harness, user: FakeUser, messageId: number, fragment: string) {
  return harness.tg.until(
    () => {
      const now = harness.tg.message(user.chatId, messageId);
      return now?.raw.includes(fragment) ? now : undefined;
    },
    10_000,
    () => new Error(`the card never showed ${fragment}:\n${user.transcriptText()}`),
  );
}

/**
 * The message that gives a complete swap's payout hash: its push, or when the push went out before
 * the exchange showed the hash, the payout message after it.
 */
function payoutMessage(user: FakeUser, id: string, hashOut: string) {
  return user.waitFor(
    (m) =>
      (m.text.includes(`${id}: complete`) || m.text.includes(`${id}: payout sent`)) &&
      m.raw.includes(hashOut),
    { timeoutMs: 10_000 },
  );
}

describe("receipts with block explorer links", () => {
  it("confirming links the deposit, complete links the payout with the amount received, and the card and /status carry both", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const id = await createSwapViaChat(user); // 0.5 BTC → ETH
    const card = user.transcript().find((m) => m.text.includes("Swap created"))!;

    await push(h, user, id, "confirmation", "confirming");
    const hashIn = h.sandbox.control.transaction(id)!.tx_hash_in;
    await cardWith(
      h,
      user,
      card.messageId,
      `Deposit transaction: <code>${hashIn}</code> · <a href="https://mempool.space/tx/${hashIn}">mempool.space</a>`,
    );

    const pushed = await push(h, user, id, "success", "complete");
    const tx = h.sandbox.control.transaction(id)!;
    // The final amount comes with the list: the push has it at once.
    expect(pushed.text).toContain(`You received ${tx.amount_out} ETH`);
    const complete = await payoutMessage(user, id, tx.tx_hash_out);
    expect(complete.raw).toContain(`<code>${tx.tx_hash_out}</code>`);
    expect(complete.raw).toContain(`<a href="https://etherscan.io/tx/${tx.tx_hash_out}">`);
    expect(complete.raw).toContain(`<a href="https://mempool.space/tx/${hashIn}">`);
    // No link ever points at anything but an https explorer page.
    for (const href of complete.raw.matchAll(/href="([^"]*)"/g)) {
      expect(href[1]).toMatch(/^https:\/\/(mempool\.space|etherscan\.io)\/tx\/(0x)?[0-9a-f]{64}$/);
    }

    const edited = await h.tg.until(
      () => {
        const now = h?.tg.message(user.chatId, card.messageId);
        return now?.raw.includes("etherscan.io") ? now : undefined;
      },
      10_000,
      () => new Error(`the card never got the payout link:\n${user.transcriptText()}`),
    );
    expect(edited.raw).toContain(`https://mempool.space/tx/${hashIn}`);

    const status = await user.reply(`/status ${id}`);
    expect(status.raw).toContain(`<a href="https://mempool.space/tx/${hashIn}">`);
    expect(status.raw).toContain(`<a href="https://etherscan.io/tx/${tx.tx_hash_out}">`);
  }, 60_000);

  it("EXPLORER_URLS replaces a network's explorer, and a network without one shows its hash as copyable text with no link", async () => {
    h = await startHarness({
      env: { EXPLORER_URLS: "btc=,eth=https://eth.blockscout.com/tx/{hash}" },
    });
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    const card = user.transcript().find((m) => m.text.includes("Swap created"))!;
    await push(h, user, id, "confirmation", "confirming");
    const hashIn = h.sandbox.control.transaction(id)!.tx_hash_in;
    const confirming = await cardWith(
      h,
      user,
      card.messageId,
      `Deposit transaction: <code>${hashIn}</code>`,
    );
    expect(confirming.raw).not.toContain("<a ");

    await push(h, user, id, "success", "complete");
    const hashOut = h.sandbox.control.transaction(id)!.tx_hash_out;
    const complete = await payoutMessage(user, id, hashOut);
    expect(complete.raw).toContain(`<a href="https://eth.blockscout.com/tx/${hashOut}">`);
    expect(complete.raw).not.toContain("etherscan.io");
    expect(complete.raw).not.toContain("mempool.space");
  }, 60_000);
});
