import { depositFor, isAddressFor } from "./addresses.ts";
import type { SandboxCoin } from "./coins.ts";
import { HttpError } from "./http.ts";
import * as p from "./params.ts";
import { decimalString, outOfRange, quote, round8, type SandboxQuote } from "./pricing.ts";
import type { SandboxState } from "./state.ts";
import type { SandboxTransaction } from "./store.ts";

/** What an endpoint answers when all went well. */
export interface Answer {
  status: number;
  body: unknown;
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const upper = (c: SandboxCoin) => c.code.toUpperCase();

export function iconUrl(code: string): string {
  return `https://sandbox.invalid/icons/${code}.png`;
}

/** GET /currencies: paged, searchable by code or name; `size` silently capped. */
export function currencies(state: SandboxState, params: URLSearchParams): Answer {
  const page = p.positiveInt(params, "page", 1);
  const size = pageSize(state, params, 50, state.pageSizeCap.currencies);
  const search = (params.get("search") ?? "").trim().toLowerCase();
  const matching = search
    ? state.coins.filter((c) => c.code.includes(search) || c.name.toLowerCase().includes(search))
    : state.coins;
  const data = matching.slice((page - 1) * size, page * size).map((c) => ({
    code: c.code,
    name: c.name,
    icon: iconUrl(c.code),
    notes: c.notes,
  }));
  return ok({ data, count: matching.length });
}

function pair(state: SandboxState, input: Record<string, unknown>) {
  const from = p.coin(state.byCode, input.coinFrom, "coinFrom");
  const to = p.coin(state.byCode, input.coinTo, "coinTo");
  if (from.code === to.code) {
    throw new HttpError(400, "coinFrom and coinTo must be different currencies", "coinTo");
  }
  return {
    from,
    to,
    networkFrom: p.network(from, input.networkFrom, "networkFrom"),
    networkTo: p.network(to, input.networkTo, "networkTo"),
    rateType: p.rateType(input.rateType),
  };
}

function rangeMessage(q: SandboxQuote, from: SandboxCoin, breach: "below" | "above"): string {
  return breach === "below"
    ? `amount ${decimalString(q.fromAmount)} is below the minimum of ${decimalString(q.minAmount)} ${upper(from)}`
    : `amount ${decimalString(q.fromAmount)} is above the maximum of ${decimalString(q.maxAmount)} ${upper(from)}`;
}

/**
 * The 422 quirk: the limits and the quote travel in the error body; above the maximum, only the
 * maximum does (Exolix's `GetRateResponseWithAmountTooHigh`).
 */
function rangeAs422(q: SandboxQuote, message: string, breach: "below" | "above"): HttpError {
  return new HttpError(422, message, "amount", {
    ...(breach === "below" ? { minAmount: q.minAmount } : {}),
    maxAmount: q.maxAmount,
    fromAmount: q.fromAmount,
    toAmount: q.toAmount,
    rate: q.rate,
  });
}

/** GET /rate. Out of range: 200 with a message saying which limit (the spec), or the 422 quirk. */
export function rate(state: SandboxState, params: URLSearchParams): Answer {
  const input = Object.fromEntries(params.entries());
  const { from, to, rateType } = pair(state, input);
  const q = quote(from, to, p.queryAmount(params.get("amount")), rateType);
  const breach = outOfRange(q);
  if (!breach) return ok({ ...q, message: null });
  const message = rangeMessage(q, from, breach);
  if (state.quirks.rangeAs422) throw rangeAs422(q, message, breach);
  return ok({ ...q, message: `${message[0]!.toUpperCase()}${message.slice(1)}` });
}

/** POST /transactions: validates everything a real service would, then creates in `wait`. */
export function create(state: SandboxState, body: Record<string, unknown>, now: number): Answer {
  const asked = pair(state, body);
  const { from, to, rateType } = asked;
  // The default-network fault: an exchange that ignores a network code it does not know.
  const silent = state.faults.defaultNetworksNextCreate;
  state.faults.defaultNetworksNextCreate = false;
  const networkFrom = silent ? from.networks[0]! : asked.networkFrom;
  const networkTo = silent ? to.networks[0]! : asked.networkTo;
  const amount = p.bodyAmount(body.amount);
  const withdrawal = p.requiredString(body.withdrawalAddress, "withdrawalAddress");
  // "USDT (TRC20)" tells which format was expected; "ETH (ETH)" would say nothing.
  const onNetwork = (coin: SandboxCoin, net: string) =>
    net === upper(coin) || coin.networks.length === 1 ? upper(coin) : `${upper(coin)} (${net})`;
  if (!isAddressFor(networkTo, withdrawal)) {
    throw new HttpError(
      400,
      `withdrawalAddress is not a valid ${onNetwork(to, networkTo)} address`,
      "withdrawalAddress",
    );
  }
  const refund = p.optionalString(body.refundAddress, "refundAddress");
  if (refund !== undefined && !isAddressFor(networkFrom, refund)) {
    throw new HttpError(
      400,
      `refundAddress is not a valid ${onNetwork(from, networkFrom)} address`,
      "refundAddress",
    );
  }
  const q = quote(from, to, amount, rateType);
  const breach = outOfRange(q);
  if (breach) {
    const message = rangeMessage(q, from, breach);
    throw state.quirks.rangeAs422
      ? rangeAs422(q, message, breach)
      : new HttpError(400, message, "amount");
  }
  const worse = rateType === "fixed" ? state.faults.worseFixedNextCreate : undefined;
  if (worse !== undefined) {
    state.faults.worseFixedNextCreate = undefined;
    q.toAmount = round8(q.toAmount * (1 - worse));
    q.rate = q.rate * (1 - worse);
  }
  const deposit = depositFor(from, networkFrom);
  const tx = state.store.build(
    {
      coin_from: from.code,
      coin_to: to.code,
      network_from: networkFrom,
      network_to: networkTo,
      amount_in: amount,
      amount_out_expected: q.toAmount,
      rate: q.rate,
      rate_type: rateType,
      deposit_address: deposit.address,
      deposit_extra_id: deposit.memo,
      withdrawal_address: withdrawal,
      refund_address: refund ?? null,
    },
    now,
  );
  const { persist = false, deposit_extra_id, ...alteration } = state.faults.alterNextCreate ?? {};
  state.faults.alterNextCreate = undefined;
  if (persist) {
    Object.assign(tx, alteration);
    if (deposit_extra_id !== undefined) {
      tx.deposit_extra_id = deposit_extra_id === null ? null : String(deposit_extra_id);
    }
  }
  state.store.add(tx);
  return {
    status: state.quirks.created201 ? 201 : 200,
    body: {
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
      ...memoOf(state, deposit_extra_id === undefined ? tx.deposit_extra_id : deposit_extra_id),
      ...alteration,
    },
  };
}

/** The memo field, spelled as the `memoField` quirk says; absent when there is none. */
function memoOf(
  state: SandboxState,
  memo: string | number | null,
): Record<string, string | number> {
  return memo === null ? {} : { [state.quirks.memoField]: memo };
}

/** `created_at` as answered: exact, or rounded to the second under the `createdAtSeconds` quirk. */
function shownCreatedAt(state: SandboxState, tx: SandboxTransaction): string {
  if (!state.quirks.createdAtSeconds) return tx.created_at;
  return new Date(Math.round(tx.createdMs / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

/** The page size asked for, clamped to the cap (or refused, with the quirk). */
function pageSize(state: SandboxState, params: URLSearchParams, fallback: number, cap: number) {
  const size = p.positiveInt(params, "size", fallback);
  if (size > cap && state.quirks.sizeOverCapAs400) {
    throw new HttpError(400, `size must not be greater than ${cap}`, "size");
  }
  return Math.min(size, cap);
}

/** GET /transactions: newest first, inclusive date filters, `count` = all that match. */
export function list(state: SandboxState, params: URLSearchParams): Answer {
  const page = p.positiveInt(params, "page", 1);
  const size = pageSize(state, params, 20, state.pageSizeCap.transactions);
  const fromMs = p.isoDate(params, "dateFrom") ?? Number.NEGATIVE_INFINITY;
  const toMs = p.isoDate(params, "dateTo", true) ?? Number.POSITIVE_INFINITY;
  const { data, count } = state.store.page({ fromMs, toMs, offset: (page - 1) * size, size });
  return ok({
    data: data.map((tx) => ({
      id: tx.id,
      status: tx.status,
      coin_from: tx.coin_from,
      coin_to: tx.coin_to,
      amount_in: tx.amount_in,
      amount_out: tx.amount_out,
      created_at: shownCreatedAt(state, tx),
    })),
    count,
  });
}

function detailOf(state: SandboxState, tx: SandboxTransaction) {
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
    ...memoOf(state, tx.deposit_extra_id),
  };
}

/** GET /transactions/{id}. */
export function detail(state: SandboxState, id: string): Answer {
  state.store.detailReads.set(id, (state.store.detailReads.get(id) ?? 0) + 1);
  const tx = state.store.get(id);
  if (!tx) throw new HttpError(404, `transaction '${id}' not found`, "id");
  return ok(detailOf(state, tx));
}
