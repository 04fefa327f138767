import type { SandboxCoin } from "./coins.ts";
import { type NetworkInfo, networkInfo } from "./networks.ts";
import { decimalString, type SandboxQuote } from "./pricing.ts";
import type { TxView } from "./spec-bodies.ts";
import type { SandboxState } from "./state.ts";
import type { SandboxTransaction } from "./store.ts";

/**
 * LetsExchange's bodies (docs/exchange-letsexchange.md), shaped after the answers Cake Wallet
 * recorded (`info.json`, `info_revert.json`, `transaction.json`, `info_bad_request.json`): snake
 * case, every amount a string, coin codes in capitals, `is_float` as 1/0, `expired_at` in epoch
 * seconds on a transaction and in milliseconds (a string) on an info.
 */

const icon = (code: string) => `https://sandbox.invalid/letsexchange/coins/${code}.svg`;
const amount = (value: number) => decimalString(value);

function infoOf(state: SandboxState, network: string): NetworkInfo {
  return networkInfo(network, state.byCode, state.memoNetworks);
}

/** A refund under way is `refund` without its hash; a refund done is `refund` with it. */
function statusWord(status: string): string {
  return status === "refunded" || status === "refunding" ? "refund" : status;
}

/** `created_at` as LetsExchange writes it: "2026-07-29 17:04:31" (UTC, no zone). */
function createdAt(tx: Pick<TxView, "createdMs">): string {
  return new Date(tx.createdMs).toISOString().slice(0, 19).replace("T", " ");
}

/** What a hold asks, where LetsExchange puts it: an e-mail to write to, or AML signals. */
function holdFields(tx: Pick<SandboxTransaction, "hold">) {
  const hold = tx.hold;
  if (!hold) return { kyc_url: null, kyc_email: null, aml_error_signals: [] };
  const email = hold.asks !== null && /^\S+@\S+$/.test(hold.asks) ? hold.asks : null;
  const signals =
    hold.asks !== null && email === null
      ? [{ signal: hold.asks, signalId: 1, signalPercent: 0, level: 1 }]
      : [];
  return { kyc_url: hold.link, kyc_email: email, aml_error_signals: signals };
}

/** The transaction object create, the detail and the list all answer (CAKE `transaction.json`). */
export function transaction(state: SandboxState, tx: TxView, withdrawalAmount: number) {
  const from = infoOf(state, tx.network_from);
  const to = infoOf(state, tx.network_to);
  const refunded = tx.status === "refunded";
  return {
    created_at: createdAt(tx),
    status: statusWord(tx.status),
    transaction_id: tx.id,
    coin_from: tx.coin_from.toUpperCase(),
    coin_to: tx.coin_to.toUpperCase(),
    deposit_amount: amount(tx.amount_in),
    withdrawal_amount: amount(withdrawalAmount),
    rate: amount(tx.rate),
    fee: "0",
    deposit: tx.deposit_address,
    deposit_extra_id: tx.deposit_extra_id === null ? null : String(tx.deposit_extra_id),
    withdrawal: tx.withdrawal_address,
    withdrawal_extra_id: tx.withdrawal_extra_id,
    return: tx.refund_address,
    return_extra_id: tx.refund_extra_id,
    final_amount: amount(withdrawalAmount),
    hash_in: tx.tx_hash_in || null,
    hash_out: tx.tx_hash_out || null,
    rating: null,
    real_deposit_amount: amount(tx.amount_in),
    real_withdrawal_amount: amount(withdrawalAmount),
    startedAt: null,
    finishedAt: null,
    type: "cex",
    is_float: tx.rate_type === "fixed" ? 0 : 1,
    coin_from_network: tx.network_from,
    coin_to_network: tx.network_to,
    revert: tx.withdrawal_amount !== undefined ? 1 : 0,
    extra_fee_from: "0",
    extra_fee_to: "0",
    return_amount: refunded ? amount(tx.amount_in) : null,
    return_hash: refunded ? `refund-${tx.id}` : null,
    return_coin: refunded ? tx.coin_from.toUpperCase() : null,
    return_network: refunded ? tx.network_from : null,
    confirmations: tx.tx_hash_in ? 1 : 0,
    expired_at: Math.floor(tx.createdMs / 1000) + 3 * 3600,
    aml_error_signals: holdFields(tx).aml_error_signals,
    error_code: "",
    coin_from_contract_address: null,
    coin_to_contract_address: null,
    execution_time: null,
    is_available: true,
    coin_from_explorer_url: explorerOf(from),
    coin_to_explorer_url: explorerOf(to),
    coin_from_smart_contract_explorer_url: null,
    coin_to_smart_contract_explorer_url: null,
    coin_from_icon: icon(tx.coin_from),
    coin_from_extra_name: from.memo?.name ?? "",
    coin_to_icon: icon(tx.coin_to),
    coin_to_extra_name: to.memo?.name ?? "",
    coin_from_name: state.byCode.get(tx.coin_from)?.name ?? tx.coin_from.toUpperCase(),
    coin_to_name: state.byCode.get(tx.coin_to)?.name ?? tx.coin_to.toUpperCase(),
    coin_from_additional_get_info: "",
    coin_from_additional_send_info: "",
    coin_to_additional_get_info: "",
    coin_to_additional_send_info: "",
    need_confirmations: 1,
    email: "*******",
    kyc_url: holdFields(tx).kyc_url,
    kyc_email: holdFields(tx).kyc_email,
    internal_transafer_refund: false,
    return_network_code: null,
    return_explorer_url: null,
    profit: null,
    bonus: "0.00000000",
  };
}

/** LetsExchange gives an explorer's prefix, the hash appended (`https://etherscan.io/tx/`). */
function explorerOf(info: NetworkInfo): string {
  return info.explorer ?? `https://sandbox.invalid/explorer/${info.network.toLowerCase()}/tx/`;
}

export function created(state: SandboxState, tx: TxView) {
  return transaction(state, tx, tx.amount_out_expected);
}

export function detail(state: SandboxState, tx: SandboxTransaction) {
  return transaction(state, tx, tx.amount_out);
}

/** One coin of `GET /api/v2/coins`, its networks with their memo rule (`has_extra`, `extra_name`). */
export function coin(state: SandboxState, c: SandboxCoin) {
  return {
    code: c.code.toUpperCase(),
    name: c.name,
    icon: icon(c.code),
    is_active: 1,
    networks: c.networks.map((n) => {
      const info = infoOf(state, n);
      return {
        code: n,
        name: info.name,
        has_extra: info.memo !== undefined,
        extra_name: info.memo?.name ?? "",
        contract_address: null,
        is_active: 1,
      };
    }),
  };
}

/**
 * `POST /api/v1/info` (forward: `amount` is what is received) and `info-revert` (`amount` is what
 * must be sent; `min_amount`/`max_amount` in the coin received, `deposit_*` in the coin sent).
 * `max_amount` "0" means no maximum; a fixed quote carries its `rate_id`.
 */
export function info(
  q: SandboxQuote,
  reverse: boolean,
  rateId: string,
  nowMs: number,
  usdPerSent: number,
) {
  const minOut = q.minAmount * q.rate;
  const maxOut = q.maxAmount * q.rate;
  const expires = String(nowMs + 60_000);
  return {
    deposit_min_amount: amount(q.minAmount),
    deposit_max_amount: amount(q.maxAmount),
    min_amount: amount(reverse ? Math.ceil(minOut * 1e8) / 1e8 : q.minAmount),
    max_amount: amount(reverse ? Math.floor(maxOut * 1e8) / 1e8 : q.maxAmount),
    amount: amount(reverse ? q.fromAmount : q.toAmount),
    fee: "0",
    rate: String(q.rate),
    profit: "0",
    withdrawal_fee: "0",
    extra_fee_amount: "0",
    rate_id: rateId,
    rate_id_expired_at: rateId ? expires : 0,
    applied_promo_code_id: null,
    networks_from: [],
    networks_to: [],
    deposit_amount_usdt: amount(Math.round(q.fromAmount * usdPerSent * 1e8) / 1e8),
    expired_at: expires,
    base_amount: amount(reverse ? q.fromAmount : q.toAmount),
  };
}

/**
 * Error bodies as LetsExchange answers them: validation (400) and an unsupported pair (422) as
 * `{success: false, error: {validation: {field: [message]}}}` (CAKE `info_bad_request.json`),
 * the rest as Laravel's `{message}`.
 */
export function error(status: number, message: string, field?: string): Record<string, unknown> {
  if (status === 400 || status === 422) {
    return { success: false, error: { validation: { [field ?? "request"]: [message] } } };
  }
  return { message };
}
