import { describe, expect, it } from "vitest";
import type { DecimalString } from "../../src/lib/decimal.ts";
import type { SwapOrder } from "../../src/swaps/swap.ts";
import { dialects, newTransaction } from "./helpers.ts";

const request: SwapOrder = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: "0.5" as DecimalString,
  withdrawalAddress: "0xpayout",
  refundAddress: "bc1refund",
  rateType: "float",
};

describe.each(dialects)("/forget ($dialect)", ({ open }) => {
  it("deletes finished swaps and settled intents, keeps open swaps and unsettled confirmations", async () => {
    const { repos, rows } = await open();
    const chatId = 42;
    await repos.transactions.insert(newTransaction({ id: "done", chatId, status: "success" }));
    await repos.transactions.insert(newTransaction({ id: "open", chatId, status: "wait" }));
    const claim = (key: string) =>
      repos.intents.claim({ key, chatId, userId: chatId, request, exchange: "sandbox" });
    await claim("failed");
    await repos.intents.markFailed("failed", "400 refused");
    await claim("lost");
    await repos.intents.markUnknown("lost");
    await claim("sending");
    // Another chat's intent is none of this chat's business.
    await repos.intents.claim({ key: "other", chatId: 7, userId: 7, request, exchange: "sandbox" });

    expect(await repos.privacy.preview(chatId)).toEqual({ finished: 1, open: 3 });
    expect(await repos.privacy.forgetChat(chatId)).toEqual({ deleted: 1, kept: 3 });
    const left = await rows("select key, state from swap_intents order by key");
    expect(left).toEqual([
      { key: "lost", state: "unknown" },
      { key: "other", state: "pending" },
      { key: "sending", state: "pending" },
    ]);
    expect(await repos.transactions.getForChat(chatId, "done")).toBeUndefined();
    expect(await repos.transactions.getForChat(chatId, "open")).toBeDefined();
  });
});
