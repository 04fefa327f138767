import type { SandboxCoin } from "./coins.ts";
import type { SandboxState } from "./state.ts";
import type { SandboxTransaction } from "./store.ts";

/** A transaction as an answer shows it: the stored one, or the lie a create fault tells. */
export type TxView = Omit<SandboxTransaction, "deposit_extra_id" | "rate_type"> & {
  deposit_extra_id: string | number | null;
  rate_type: string;
};

function iconUrl(code: string): string {
  return `https://sandbox.invalid/icons/${code}.png`;
}

/** `created_at` as answered: exact, or rounded to the second under the `createdAtSeconds` quirk. */
export function shownCreatedAt(state: SandboxState, tx: Pick<TxView, "created_at" | "createdMs">) {
  if (!state.quirks.createdAtSeconds) return tx.created_at;
  return new Date(Math.round(tx.createdMs / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

/** The memos a transaction carries, each field only when it has one (the deposit memo spelled
 * as the `memoField` quirk says). */
function memosOf(state: SandboxState, tx: TxView): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (tx.deposit_extra_id !== null) out[state.quirks.memoField] = tx.deposit_extra_id;
  if (tx.withdrawal_extra_id !== null) out.withdrawal_extra_id = tx.withdrawal_extra_id;
  if (tx.refund_extra_id !== null) out.refund_extra_id = tx.refund_extra_id;
  return out;
}

/** The spec's created shape; `also` names fields outside it that a create fault makes it show. */
export function created(state: SandboxState, tx: TxView, also: readonly string[]) {
  const body: Record<string, unknown> = {
    id: tx.id,
    status: tx.status,
    coin_from: tx.coin_from,
    coin_to: tx.coin_to,
    amount_in: tx.amount_in,
    amount_out_expected: tx.amount_out_expected,
    deposit_address: tx.deposit_address,
    withdrawal_address: tx.withdrawal_address,
    rate_type: tx.rate_type,
    created_at: shownCreatedAt(state, tx),
    ...memosOf(state, tx),
  };
  for (const key of also) body[key] = tx[key as keyof TxView];
  return body;
}

export function listItem(state: SandboxState, tx: SandboxTransaction) {
  return {
    id: tx.id,
    status: tx.status,
    coin_from: tx.coin_from,
    coin_to: tx.coin_to,
    amount_in: tx.amount_in,
    amount_out: tx.amount_out,
    created_at: shownCreatedAt(state, tx),
  };
}

export function detail(state: SandboxState, tx: SandboxTransaction) {
  return {
    id: tx.id,
    status: tx.status,
    coin_from: tx.coin_from,
    coin_to: tx.coin_to,
    network_from: tx.network_from,
    network_to: tx.network_to,
    amount_in: tx.amount_in,
    amount_out: tx.amount_out,
    rate: tx.rate,
    rate_type: tx.rate_type,
    deposit_address: tx.deposit_address,
    withdrawal_address: tx.withdrawal_address,
    refund_address: tx.refund_address,
    tx_hash_in: tx.tx_hash_in,
    tx_hash_out: tx.tx_hash_out,
    created_at: shownCreatedAt(state, tx),
    ...memosOf(state, tx),
  };
}

export function currency(coin: SandboxCoin) {
  return { code: coin.code, name: coin.name, icon: iconUrl(coin.code), notes: coin.notes };
}
