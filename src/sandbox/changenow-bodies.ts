import type { SandboxCoin } from "./coins.ts";
import type { TxView } from "./spec-bodies.ts";
import type { SandboxState } from "./state.ts";
import type { SandboxTransaction } from "./store.ts";

/**
 * ChangeNOW's v2 bodies (docs/exchange-changenow.md), shaped after the answers Cake Wallet recorded
 * (`test/exchange/fixtures/changenow/*.json` in cake-tech/cake_wallet): camelCase, lower-case tickers
 * and networks, amounts as JSON numbers, `null` for what is not known yet.
 */

/** The catalog's network codes, as ChangeNOW spells networks: lower case ("erc20", "xrp"). */
export const networkOf = (network: string) => network.toLowerCase();

/**
 * The sandbox's words (the spec's, plus any set by control) as ChangeNOW's: a held transaction is
 * `verifying` whatever it was underneath.
 */
const STATUS: Readonly<Record<string, string>> = {
  wait: "waiting",
  confirmation: "confirming",
  confirmed: "confirming",
  success: "finished",
  overdue: "expired",
  refund: "refunded",
  refunding: "refunded",
};

export function statusOf(tx: Pick<SandboxTransaction, "status" | "hold">): string {
  if (tx.hold) return "verifying";
  return STATUS[tx.status] ?? tx.status;
}

/** One entry of `GET exchange/currencies` per coin and network (as `?active=true` lists them). */
export function currencies(state: SandboxState, coins: readonly SandboxCoin[]) {
  return coins.flatMap((coin) =>
    coin.networks.map((network) => {
      const memo = state.memoNetworks.has(network);
      return {
        ticker: coin.code,
        name: coin.name,
        image: `https://content-api.changenow.io/uploads/${coin.code}.svg`,
        hasExternalId: memo,
        isExtraIdSupported: memo,
        isFiat: false,
        featured: false,
        isStable: false,
        supportsFixedRate: true,
        network: networkOf(network),
        tokenContract: null,
        buy: true,
        sell: true,
        legacyTicker: coin.networks.length > 1 ? `${coin.code}${networkOf(network)}` : coin.code,
      };
    }),
  );
}

/** `GET exchange/range` (range.json). */
export function range(
  pair: { from: string; to: string; networkFrom: string; networkTo: string },
  flow: string,
  minAmount: number,
  maxAmount: number | null,
) {
  return {
    fromCurrency: pair.from,
    fromNetwork: networkOf(pair.networkFrom),
    toCurrency: pair.to,
    toNetwork: networkOf(pair.networkTo),
    flow,
    maxAmount,
    minAmount,
  };
}

/** `POST exchange`'s answer (create_exchange.json): no status, no time. */
export function created(tx: TxView) {
  return {
    fromAmount: tx.amount_in,
    toAmount: tx.amount_out_expected,
    flow: tx.rate_type === "fixed" ? "fixed-rate" : "standard",
    type: tx.withdrawal_amount !== undefined ? "reverse" : "direct",
    payinAddress: tx.deposit_address,
    payoutAddress: tx.withdrawal_address,
    payinExtraId: tx.deposit_extra_id === null ? null : String(tx.deposit_extra_id),
    payoutExtraId: tx.withdrawal_extra_id,
    fromCurrency: tx.coin_from,
    toCurrency: tx.coin_to,
    refundAddress: tx.refund_address,
    refundExtraId: tx.refund_extra_id,
    id: tx.id,
    directedAmount: tx.withdrawal_amount ?? tx.amount_in,
    fromNetwork: networkOf(tx.network_from),
    toNetwork: networkOf(tx.network_to),
  };
}

const known = (amount: number, status: string) =>
  status === "waiting" || status === "new" || status === "expired" ? null : amount;

/** `GET exchange/by-id?id=` (by_id.json). */
export function detail(tx: SandboxTransaction) {
  const status = statusOf(tx);
  const finished = status === "finished";
  return {
    id: tx.id,
    status,
    actionsAvailable: status === "verifying",
    fromCurrency: tx.coin_from,
    fromNetwork: networkOf(tx.network_from),
    toCurrency: tx.coin_to,
    toNetwork: networkOf(tx.network_to),
    expectedAmountFrom: tx.amount_in,
    expectedAmountTo: tx.amount_out_expected,
    amountFrom: known(tx.amount_in, status),
    amountTo: finished ? tx.amount_out : null,
    payinAddress: tx.deposit_address,
    payoutAddress: tx.withdrawal_address,
    payinExtraId: tx.deposit_extra_id,
    payoutExtraId: tx.withdrawal_extra_id,
    refundAddress: tx.refund_address,
    refundExtraId: tx.refund_extra_id,
    createdAt: tx.created_at,
    updatedAt: tx.created_at,
    validUntil: null,
    depositReceivedAt: tx.tx_hash_in ? tx.created_at : null,
    payinHash: tx.tx_hash_in || null,
    payoutHash: tx.tx_hash_out || null,
    fromLegacyTicker: tx.coin_from,
    toLegacyTicker: tx.coin_to,
    refundHash: null,
    refundAmount: status === "refunded" ? tx.amount_in : null,
    userId: null,
    originalExchangeInfo: null,
    relatedExchangesInfo: [],
    repeatedExchangesInfo: [],
  };
}

/** One item of the partner list `GET exchanges` (`requestId`, nested `payin`/`payout`/`refund`). */
export function listItem(tx: SandboxTransaction) {
  const status = statusOf(tx);
  return {
    createdAt: tx.created_at,
    updatedAt: tx.created_at,
    requestId: tx.id,
    status,
    validUntil: null,
    flow: tx.rate_type === "fixed" ? "fixed-rate" : "standard",
    payin: {
      currency: tx.coin_from,
      network: networkOf(tx.network_from),
      address: tx.deposit_address,
      extraId: tx.deposit_extra_id,
      amount: known(tx.amount_in, status),
      expectedAmount: tx.amount_in,
      hash: tx.tx_hash_in || null,
    },
    payout: {
      currency: tx.coin_to,
      network: networkOf(tx.network_to),
      address: tx.withdrawal_address,
      extraId: tx.withdrawal_extra_id,
      amount: status === "finished" ? tx.amount_out : null,
      expectedAmount: tx.amount_out_expected,
      hash: tx.tx_hash_out || null,
    },
    refund: {
      currency: tx.coin_from,
      network: networkOf(tx.network_from),
      address: tx.refund_address,
      extraId: tx.refund_extra_id,
      amount: null,
      hash: null,
    },
    partnerInfo: { commission: null },
  };
}

/** ChangeNOW's error codes by HTTP status (its `error` field; the words go in `message`). */
const CODES: Readonly<Record<number, string>> = {
  400: "bad_params",
  401: "unauthorized",
  404: "not_found",
  429: "too_many_requests",
};

/** `{error, message}`, as ChangeNOW answers every failure. */
export function error(status: number, message: string): Record<string, unknown> {
  return { error: CODES[status] ?? (status >= 500 ? "internal_error" : "bad_request"), message };
}
