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

describe("receipts with block explorer links", () => {
  it("confirming links the deposit, complete links the payout with the amount received, and the card and /status carry both", async () => {
    h = await startHarness();
    const user = h.tg.user();
    const id = await createSwapViaChat(user); // 0.5 BTC → ETH
    const card = user.transcript().find((m) => m.text.includes("Swap created"))!;

    const confirming = await push(h, user, id, "confirmation", "confirming");
    const hashIn = h.sandbox.control.transaction(id)!.tx_hash_in;
    expect(confirming.raw).toContain(
      `Deposit transaction: <code>${hashIn}</code> · <a href="https://mempool.space/tx/${hashIn}">mempool.space</a>`,
    );

    const complete = await push(h, user, id, "success", "complete");
    const tx = h.sandbox.control.transaction(id)!;
    expect(complete.text).toContain(`You received ${tx.amount_out} ETH`);
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
    const confirming = await push(h, user, id, "confirmation", "confirming");
    const hashIn = h.sandbox.control.transaction(id)!.tx_hash_in;
    expect(confirming.raw).toContain(`Deposit transaction: <code>${hashIn}</code>`);
    expect(confirming.raw).not.toContain("<a ");

    const complete = await push(h, user, id, "success", "complete");
    const hashOut = h.sandbox.control.transaction(id)!.tx_hash_out;
    expect(complete.raw).toContain(`<a href="https://eth.blockscout.com/tx/${hashOut}">`);
    expect(complete.raw).not.toContain("etherscan.io");
    expect(complete.raw).not.toContain("mempool.space");
  }, 60_000);
});
