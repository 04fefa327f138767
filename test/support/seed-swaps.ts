import { insertTransaction } from "../../src/db/repositories/transactions.ts";
import type { Seam } from "../../src/db/seam.ts";
import type { SandboxControl } from "../../src/sandbox/index.ts";
import { SANDBOX_EXCHANGE } from "../../src/swaps/swap.ts";

/**
 * Seeds `count` open swaps (default: waiting, created over the last six hours) in the sandbox
 * and stores the same swaps in the bot's database, as if chats had created them: the first chat
 * is `firstChat`, then round-robin over `chats` chats.
 * Returns each seeded id with the chat that owns it. One transaction: thousands at once stay quick.
 */
export async function seedOpenSwaps(
  control: SandboxControl,
  db: Seam,
  options: {
    count: number;
    chats: number;
    firstChat: number;
    /** Creation times spread over this span up to now (default six hours). */
    spreadOverMs?: number;
    /** When the newest was created (default now). */
    createdAt?: number;
    status?: string;
    /** The exchange they were created on, as the bot names it (default the sandbox). */
    exchange?: string;
  },
): Promise<Map<string, number>> {
  const ids = control.seed(options.count, {
    spreadOverMs: options.spreadOverMs ?? 6 * 3_600_000,
    createdAt: options.createdAt ?? Date.now(),
    status: options.status,
  });
  const chatOf = new Map(ids.map((id, i) => [id, options.firstChat + (i % options.chats)]));
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const [id, chatId] of chatOf) {
      await insertTransaction(tx, swapOf(control, id, chatId, options.exchange), now);
    }
  });
  return chatOf;
}

/**
 * A sandbox transaction as the bot stores it, owned by `chatId`, created on `exchange` (a harness
 * bot names its sandbox by origin: pass `app.exchangeId`).
 */
export function swapOf(
  control: SandboxControl,
  id: string,
  chatId: number,
  exchange: string = SANDBOX_EXCHANGE,
) {
  const tx = control.transaction(id);
  if (!tx) throw new Error(`the sandbox has no transaction ${id}`);
  return {
    id,
    chatId,
    userId: chatId,
    coinFrom: tx.coin_from,
    coinTo: tx.coin_to,
    networkFrom: null,
    networkTo: null,
    amountIn: String(tx.amount_in),
    amountOutExpected: String(tx.amount_out_expected),
    amountOut: null,
    rate: null,
    rateType: "float",
    depositAddress: tx.deposit_address,
    depositMemo: null,
    withdrawalAddress: tx.withdrawal_address,
    refundAddress: null,
    txHashIn: null,
    txHashOut: null,
    status: tx.status,
    createdAt: tx.created_at,
    exchange,
  };
}
