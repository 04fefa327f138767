import { STATUS_CODES } from "node:http";
import type { SandboxCoin } from "./coins.ts";
import { exolixNetwork, hashLink, type NetworkInfo, networkInfo } from "./networks.ts";
import { shownCreatedAt, type TxView } from "./spec-bodies.ts";
import type { SandboxState } from "./state.ts";
import type { SandboxTransaction } from "./store.ts";

/**
 * Exolix's v2 bodies (docs/exchange-in-the-wild.md §3–§12), shaped after the real captures: camelCase,
 * coin objects, amounts as JSON numbers, upper-case coin codes.
 */

const coinIcon = (code: string) => `https://exolix.com/icons/coins/${code.toUpperCase()}.png`;

function infoOf(state: SandboxState, network: string): NetworkInfo {
  return networkInfo(network, state.byCode, state.memoNetworks);
}

/** `coinFrom` / `coinTo` of a transaction (§9). */
function coinObject(state: SandboxState, code: string, network: string) {
  const info = infoOf(state, network);
  return {
    coinCode: code.toUpperCase(),
    coinName: state.byCode.get(code.toLowerCase())?.name ?? code.toUpperCase(),
    network,
    networkName: info.name,
    networkShortName: info.shortName || null,
    icon: coinIcon(code),
    memoName: info.memo?.name ?? "",
    networkIcon: `https://exolix.com/icons/networks/${network}.png`,
    networkNotes: "",
    contract: null,
  };
}

const memo = (value: string | number | null) => (value === null ? null : String(value));

/** The Transaction object (§9) that create, the detail and the list all answer. */
export function transaction(state: SandboxState, tx: TxView, amountTo: number) {
  const infoFrom = infoOf(state, tx.network_from);
  const infoTo = infoOf(state, tx.network_to);
  const link = (info: NetworkInfo, hash: string) =>
    state.quirks.nullHashLinks ? null : hashLink(info, hash);
  return {
    id: tx.id,
    amount: tx.amount_in,
    amountTo,
    coinFrom: coinObject(state, tx.coin_from, tx.network_from),
    coinTo: coinObject(state, tx.coin_to, tx.network_to),
    comment: null,
    createdAt: shownCreatedAt(state, tx),
    depositAddress: tx.deposit_address,
    depositExtraId: memo(tx.deposit_extra_id),
    withdrawalAddress: tx.withdrawal_address,
    withdrawalExtraId: tx.withdrawal_extra_id,
    refundAddress: tx.refund_address,
    refundExtraId: tx.refund_extra_id,
    hashIn: { hash: tx.tx_hash_in || null, link: link(infoFrom, tx.tx_hash_in) },
    hashOut: { hash: tx.tx_hash_out || null, link: link(infoTo, tx.tx_hash_out) },
    rate: tx.rate,
    rateType: tx.rate_type,
    affiliateToken: null,
    status: tx.status,
    source: "api",
    email: null,
    clickId: null,
  };
}

export function created(state: SandboxState, tx: TxView) {
  return transaction(state, tx, tx.amount_out_expected);
}

export function detail(state: SandboxState, tx: SandboxTransaction) {
  return transaction(state, tx, tx.amount_out);
}

/** One currency of GET /currencies (§3), with its networks when asked `withNetworks=true`. */
export function currency(state: SandboxState, coin: SandboxCoin, withNetworks: boolean) {
  const base = {
    code: coin.code.toUpperCase(),
    name: coin.name,
    icon: coinIcon(coin.code),
    notes: coin.notes,
  };
  return withNetworks ? { ...base, networks: networks(state, coin) } : base;
}

/** A coin's networks, default first (§4). */
export function networks(state: SandboxState, coin: SandboxCoin) {
  return coin.networks.map((n) => exolixNetwork(coin, infoOf(state, n)));
}

/** Every network of the catalog once, in catalog order (`isDefault`: the first coin's view). */
export function allNetworks(state: SandboxState) {
  const seen = new Map<string, ReturnType<typeof exolixNetwork>>();
  for (const coin of state.coins) {
    for (const n of coin.networks) {
      if (!seen.has(n)) seen.set(n, exolixNetwork(coin, infoOf(state, n)));
    }
  }
  return [...seen.values()];
}

/**
 * Error bodies as Exolix answers them: never a `code`. Validation is `{status: 400, errors}`
 * (PR-1080), auth and unsupported pairs `{error}`, a missing transaction `{message}`, and the rest
 * the NestJS default `{statusCode, message, error}`.
 */
export function error(status: number, message: string, field?: string): Record<string, unknown> {
  if (status === 400) return { status, errors: { [field ?? "request"]: message } };
  if (status === 401 || status === 422) return { error: message };
  if (status === 404) return { message };
  return { statusCode: status, message, error: STATUS_CODES[status] ?? "Error" };
}
