import { depositFor, isAddressFor } from "./addresses.ts";
import * as changenow from "./changenow-bodies.ts";
import type { SandboxCoin } from "./coins.ts";
import * as exolix from "./exolix-bodies.ts";
import { HttpError } from "./http.ts";
import * as lets from "./letsexchange-bodies.ts";
import { memoRuleOf } from "./memos.ts";
import * as p from "./params.ts";
import {
  decimalString,
  outOfRange,
  payoutLimits,
  quote,
  reverseQuote,
  round8,
  type SandboxQuote,
} from "./pricing.ts";
import * as spec from "./spec-bodies.ts";
import type { SandboxState } from "./state.ts";
import type { SandboxTransaction } from "./store.ts";

/** What an endpoint answers when all went well. */
export interface Answer {
  status: number;
  body: unknown;
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const upper = (c: SandboxCoin) => c.code.toUpperCase();
const isExolix = (state: SandboxState) => state.dialect === "exolix";
/** Every dialect but the spec's: amounts as numbers or strings, reverse creates. */
const isWild = (state: SandboxState) => state.dialect !== "spec";
/**
 * Exolix and LetsExchange: 422 for a pair not offered, Exolix's words for an amount out of bounds
 * (ChangeNOW's create keeps the spec's answers to both, as it did before LetsExchange came).
 */
const refusesLikeExolix = (state: SandboxState) =>
  state.dialect === "exolix" || state.dialect === "letsexchange";

/** Exolix's words for a pair it does not offer (an unknown coin included), answered with 422. */
const PAIR_NOT_AVAILABLE = "Such exchange pair is not available";
/** Exolix's words for an amount out of bounds (CAKE-FIX `rate_below_min.json`). */
const BELOW_MIN = "Amount to exchange is below the possible min amount to exchange";
const ABOVE_MAX = "Amount to exchange is higher than the possible max amount to exchange";

/** GET /currencies: paged, searchable by code or name; `size` silently capped. */
export function currencies(state: SandboxState, params: URLSearchParams): Answer {
  const page = p.positiveInt(params, "page", 1);
  const size = pageSize(state, params, 50, state.pageSizeCap.currencies);
  const search = (params.get("search") ?? "").trim().toLowerCase();
  const withNetworks = params.get("withNetworks") === "true";
  const matching = search
    ? state.coins.filter((c) => c.code.includes(search) || c.name.toLowerCase().includes(search))
    : state.coins;
  const data = matching
    .slice((page - 1) * size, page * size)
    .map((c) => (isExolix(state) ? exolix.currency(state, c, withNetworks) : spec.currency(c)));
  return ok({ data, count: matching.length });
}

/** Exolix's GET /currencies/{code}/networks: a bare array; an unknown code is a 404. */
export function currencyNetworks(state: SandboxState, code: string): Answer {
  const coin = state.byCode.get(code.trim().toLowerCase());
  if (!coin) throw new HttpError(404, `Currency ${code} not found`, "code");
  return ok(exolix.networks(state, coin));
}

/** Exolix's GET /currencies/networks: every network once, `{data, count}`, searchable by code or name. */
export function allNetworks(state: SandboxState, params: URLSearchParams): Answer {
  const page = p.positiveInt(params, "page", 1);
  const size = pageSize(state, params, 50, state.pageSizeCap.currencies);
  const search = (params.get("search") ?? "").trim().toLowerCase();
  const all = exolix.allNetworks(state);
  const matching = search
    ? all.filter(
        (n) => n.network.toLowerCase().includes(search) || n.name.toLowerCase().includes(search),
      )
    : all;
  return ok({ data: matching.slice((page - 1) * size, page * size), count: matching.length });
}

export function pair(state: SandboxState, input: Record<string, unknown>) {
  const unavailable = refusesLikeExolix(state)
    ? () => new HttpError(422, PAIR_NOT_AVAILABLE, "coinTo")
    : undefined;
  const from = p.coinParam(state.byCode, input.coinFrom, "coinFrom", unavailable);
  const to = p.coinParam(state.byCode, input.coinTo, "coinTo", unavailable);
  if (from.code === to.code) {
    if (unavailable) throw unavailable();
    throw new HttpError(400, "coinFrom and coinTo must be different currencies", "coinTo");
  }
  if (state.faults.unavailablePairs.has(`${from.code}/${to.code}`)) {
    if (unavailable) throw unavailable();
    throw new HttpError(400, `the pair ${upper(from)}/${upper(to)} is not available`, "coinTo");
  }
  return {
    from,
    to,
    networkFrom: p.network(from, input.networkFrom, "networkFrom"),
    networkTo: p.network(to, input.networkTo, "networkTo"),
    rateType: p.rateTypeParam(input.rateType, isExolix(state) ? "fixed" : "float"),
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

/**
 * GET /rate. Out of range: 200 with a message saying which limit (the spec), or the 422 quirk (the
 * limits in the body), or the 400 quirk (the limit in words only).
 */
export function rate(state: SandboxState, params: URLSearchParams): Answer {
  const input: Record<string, unknown> = Object.fromEntries(params.entries());
  if (isExolix(state)) return exolixRate(state, input, params);
  const { from, to, rateType } = pair(state, input);
  const q = quote(from, to, p.queryAmount(params.get("amount")), rateType, state.market);
  const breach = outOfRange(q);
  if (!breach) return ok({ ...q, message: null });
  const message = rangeMessage(q, from, breach);
  if (state.quirks.rangeAs422) throw rangeAs422(q, message, breach);
  if (state.quirks.rangeAs400) throw new HttpError(400, message, "amount");
  return ok({ ...q, message: `${message[0]!.toUpperCase()}${message.slice(1)}` });
}

/**
 * Exolix's GET /rate (§5): `amount` (forward) or `withdrawalAmount` (reverse, which wins when both
 * come). In bounds: 200 with `message: null`. A forward amount out of bounds is a 422 with the
 * rate-shaped body of the real capture; a reverse one below the minimum a 200 with a `message`.
 */
function exolixRate(
  state: SandboxState,
  input: Record<string, unknown>,
  params: URLSearchParams,
): Answer {
  // EDGE and TEMPLE spell the networks coinFromNetwork/coinToNetwork on /rate.
  input.networkFrom ??= input.coinFromNetwork;
  input.networkTo ??= input.coinToNetwork;
  const { from, to, rateType } = pair(state, input);
  const reverse = params.get("withdrawalAmount");
  if (reverse !== null) state.stats.reverseQuote();
  const q =
    reverse !== null && reverse.trim() !== ""
      ? reverseQuote(from, to, p.queryAmount(reverse, "withdrawalAmount"), rateType, state.market)
      : quote(from, to, p.queryAmount(params.get("amount")), rateType, state.market);
  const breach = outOfRange(q);
  const limits = payoutLimits(q);
  const body = {
    fromAmount: q.fromAmount,
    toAmount: q.toAmount,
    rate: q.rate,
    message: null as string | null,
    minAmount: q.minAmount,
    withdrawMin: limits.withdrawMin,
    maxAmount: q.maxAmount,
    priceImpact: "0",
    ...(reverse !== null ? { withdrawMax: limits.withdrawMax } : {}),
  };
  if (breach === "above") {
    const { fromAmount, toAmount, maxAmount } = body;
    return { status: 422, body: { fromAmount, toAmount, message: ABOVE_MAX, maxAmount } };
  }
  if (breach === "below" && reverse !== null) return ok({ ...body, message: BELOW_MIN });
  if (breach === "below") {
    const { fromAmount, minAmount, maxAmount } = body;
    return {
      status: 422,
      body: { fromAmount, toAmount: 0, message: BELOW_MIN, minAmount, maxAmount },
    };
  }
  return ok(body);
}

/** "USDT (TRC20)" tells which format was expected; "ETH (ETH)" would say nothing. */
function onNetwork(coin: SandboxCoin, net: string): string {
  return net === upper(coin) || coin.networks.length === 1
    ? upper(coin)
    : `${upper(coin)} (${net})`;
}

/** A memo sent for `network`: refused where the network takes none, or breaking its rule. */
function checkedMemo(
  state: SandboxState,
  value: unknown,
  name: string,
  coin: SandboxCoin,
  network: string,
): string | null {
  const memo = p.memo(value, name);
  if (memo === undefined) return null;
  if (!state.memoNetworks.has(network)) {
    throw new HttpError(400, `${name} is not used on ${onNetwork(coin, network)}`, name);
  }
  const problem = memoRuleOf(network).problem(memo);
  if (problem) throw new HttpError(400, `${name} ${problem}`, name);
  return memo;
}

/** What POST /transactions answers, and the transaction it really created. */
export interface Created extends Answer {
  tx: SandboxTransaction;
}

/** Fields outside the spec's created shape that a create fault may make the answer show. */
const SHOWN_WHEN_ALTERED = ["refund_address", "network_from", "network_to"] as const;

/**
 * A create refused while `refuseCreates` is on: the dialect's own answer for a pair it does not
 * take, a 4xx that says no swap was made (spec: 400 naming the pair; exolix and letsexchange: 422
 * "Such exchange pair is not available"; changenow: 400 `pair_is_inactive`).
 */
function createRefused(state: SandboxState, from: SandboxCoin, to: SandboxCoin): HttpError {
  if (state.dialect === "changenow") {
    return new HttpError(400, "Pair is inactive", "toCurrency", { error: "pair_is_inactive" });
  }
  if (refusesLikeExolix(state)) return new HttpError(422, PAIR_NOT_AVAILABLE, "coinTo");
  return new HttpError(
    400,
    `the pair ${upper(from)}/${upper(to)} is not available for new swaps`,
    "coinTo",
  );
}

/** POST /transactions: validates everything a real service would, then creates in `wait`. */
export function create(state: SandboxState, body: Record<string, unknown>, now: number): Created {
  const asked = pair(state, body);
  const { from, to, rateType } = asked;
  if (state.faults.refuseCreates) throw createRefused(state, from, to);
  // The default-network fault: an exchange that ignores a network code it does not know.
  const silent = state.faults.defaultNetworksNextCreate;
  state.faults.defaultNetworksNextCreate = false;
  const networkFrom = silent ? from.networks[0]! : asked.networkFrom;
  const networkTo = silent ? to.networks[0]! : asked.networkTo;
  const q = quoteOfCreate(state, body, from, to, rateType);
  const withdrawal = p.requiredString(body.withdrawalAddress, "withdrawalAddress");
  if (!isAddressFor(networkTo, withdrawal)) {
    throw new HttpError(
      400,
      `withdrawalAddress is not a valid ${onNetwork(to, networkTo)} address`,
      "withdrawalAddress",
    );
  }
  const withdrawalMemo = checkedMemo(
    state,
    body.withdrawalExtraId,
    "withdrawalExtraId",
    to,
    networkTo,
  );
  const refund = p.optionalString(body.refundAddress, "refundAddress");
  if (refund !== undefined && !isAddressFor(networkFrom, refund)) {
    throw new HttpError(
      400,
      `refundAddress is not a valid ${onNetwork(from, networkFrom)} address`,
      "refundAddress",
    );
  }
  const refundMemo = checkedMemo(state, body.refundExtraId, "refundExtraId", from, networkFrom);
  if (refundMemo !== null && refund === undefined) {
    throw new HttpError(400, "refundExtraId needs a refundAddress", "refundExtraId");
  }
  if (isExolix(state) && body.slippage !== undefined && refund === undefined) {
    throw new HttpError(400, "refundAddress is required with slippage", "refundAddress");
  }
  const breach = outOfRange(q);
  if (breach) {
    if (refusesLikeExolix(state)) {
      throw new HttpError(400, breach === "below" ? BELOW_MIN : ABOVE_MAX, "amount");
    }
    const message = rangeMessage(q, from, breach);
    throw state.quirks.rangeAs422
      ? rangeAs422(q, message, breach)
      : new HttpError(400, message, "amount");
  }
  const fixed = rateType === "fixed";
  const worse = fixed ? state.faults.worseFixedNextCreate : state.faults.worseFloatNextCreate;
  if (worse !== undefined) {
    if (fixed) state.faults.worseFixedNextCreate = undefined;
    else state.faults.worseFloatNextCreate = undefined;
    q.toAmount = round8(q.toAmount * (1 - worse));
    q.rate = q.rate * (1 - worse);
  }
  const dropPayoutMemo = state.faults.dropPayoutMemoNextCreate;
  state.faults.dropPayoutMemoNextCreate = false;
  const deposit = depositFor(from, networkFrom);
  const tx = state.store.build(
    {
      coin_from: from.code,
      coin_to: to.code,
      network_from: networkFrom,
      network_to: networkTo,
      amount_in: q.fromAmount,
      amount_out_expected: q.toAmount,
      rate: q.rate,
      rate_type: rateType,
      deposit_address: deposit.address,
      deposit_extra_id: deposit.memo,
      withdrawal_address: withdrawal,
      withdrawal_extra_id: dropPayoutMemo ? null : withdrawalMemo,
      refund_address: refund ?? null,
      refund_extra_id: refundMemo,
    },
    now,
  );
  if (isWild(state) && body.withdrawalAmount !== undefined && body.withdrawalAmount !== null) {
    tx.withdrawal_amount = q.toAmount;
  }
  const { persist = false, deposit_extra_id, ...alteration } = state.faults.alterNextCreate ?? {};
  state.faults.alterNextCreate = undefined;
  if (persist) {
    Object.assign(tx, alteration);
    if (deposit_extra_id !== undefined) {
      tx.deposit_extra_id = deposit_extra_id === null ? null : String(deposit_extra_id);
    }
  }
  state.store.add(tx);
  const view: spec.TxView = {
    ...tx,
    ...alteration,
    deposit_extra_id: deposit_extra_id === undefined ? tx.deposit_extra_id : deposit_extra_id,
  };
  if (isExolix(state)) return { status: 201, body: exolix.created(state, view), tx };
  if (state.dialect === "changenow") return { status: 200, body: changenow.created(view), tx };
  if (state.dialect === "letsexchange") return { status: 200, body: lets.created(state, view), tx };
  const also = SHOWN_WHEN_ALTERED.filter((key) => key in alteration);
  return {
    status: state.quirks.created201 ? 201 : 200,
    body: spec.created(state, view, also),
    tx,
  };
}

/**
 * The quote a create is made at: the amount to send (`amount`, a JSON number in the spec, a number
 * or numeric string at Exolix) or, at Exolix, the amount to receive (`withdrawalAmount`: at a
 * fixed rate exactly that is paid out).
 */
function quoteOfCreate(
  state: SandboxState,
  body: Record<string, unknown>,
  from: SandboxCoin,
  to: SandboxCoin,
  rateType: "float" | "fixed",
): SandboxQuote {
  if (!isWild(state)) return quote(from, to, p.bodyAmount(body.amount), rateType, state.market);
  if (body.withdrawalAmount !== undefined && body.withdrawalAmount !== null) {
    const wanted = p.looseAmount(body.withdrawalAmount, "withdrawalAmount");
    return reverseQuote(from, to, wanted, rateType, state.market);
  }
  return quote(from, to, p.looseAmount(body.amount, "amount"), rateType, state.market);
}

/** The page size asked for, clamped to the cap (or refused, with the quirk). */
function pageSize(state: SandboxState, params: URLSearchParams, fallback: number, cap: number) {
  const size = p.positiveInt(params, "size", fallback);
  if (size > cap && state.quirks.sizeOverCapAs400) {
    throw new HttpError(400, `size must not be greater than ${cap}`, "size");
  }
  return Math.min(size, cap);
}

/**
 * GET /transactions: newest first, inclusive date filters, `count` = all that match. Exolix also
 * takes `order` (asc | desc), `statuses` (comma-separated) and `search` (by id), and lists whole
 * transactions.
 */
export function list(state: SandboxState, params: URLSearchParams): Answer {
  const page = p.positiveInt(params, "page", 1);
  const size = pageSize(state, params, 20, state.pageSizeCap.transactions);
  const fromMs = p.isoDate(params, "dateFrom") ?? Number.NEGATIVE_INFINITY;
  const toMs = p.isoDate(params, "dateTo", true) ?? Number.POSITIVE_INFINITY;
  const offset = (page - 1) * size;
  if (!isExolix(state)) {
    const { data, count } = state.store.page({ fromMs, toMs, offset, size });
    return ok({ data: data.map((tx) => spec.listItem(state, tx)), count });
  }
  const order = (params.get("order") ?? "desc").trim().toLowerCase();
  if (order !== "asc" && order !== "desc") {
    throw new HttpError(400, "order must be one of the following values: asc, desc", "order");
  }
  const statuses = (params.get("statuses") ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const search = (params.get("search") ?? "").trim().toLowerCase();
  const where =
    statuses.length > 0 || search
      ? (tx: SandboxTransaction) =>
          (statuses.length === 0 || statuses.includes(tx.status)) &&
          (!search || tx.id.toLowerCase().includes(search))
      : undefined;
  const { data, count } = state.store.page({
    fromMs,
    toMs,
    offset,
    size,
    order,
    ...(where ? { where } : {}),
  });
  return ok({ data: data.map((tx) => exolix.detail(state, tx)), count });
}

/** GET /transactions/{id}. */
export function detail(state: SandboxState, id: string): Answer {
  state.store.detailReads.set(id, (state.store.detailReads.get(id) ?? 0) + 1);
  const tx = state.store.get(id);
  if (!tx && isExolix(state)) throw new HttpError(404, "Transaction not found", "id");
  if (!tx) throw new HttpError(404, `transaction '${id}' not found`, "id");
  return ok(isExolix(state) ? exolix.detail(state, tx) : spec.detail(state, tx));
}
