import { randomUUID } from "node:crypto";
import { type Answer, type Created, create, pair } from "./endpoints.ts";
import { HttpError } from "./http.ts";
import * as lets from "./letsexchange-bodies.ts";
import * as p from "./params.ts";
import { quote, reverseQuote } from "./pricing.ts";
import type { SandboxState } from "./state.ts";

/**
 * LetsExchange's endpoints (docs/exchange-letsexchange.md), answered by the same store, prices and
 * checks as the other dialects: a request's fields are read under the spec's names, and an error
 * names the field as LetsExchange calls it.
 */

/** The spec's field names (as the shared checks name them) → LetsExchange's. */
const CREATE_FIELDS: Readonly<Record<string, string>> = {
  coinFrom: "coin_from",
  coinTo: "coin_to",
  networkFrom: "network_from",
  networkTo: "network_to",
  amount: "deposit_amount",
  withdrawalAmount: "withdrawal_amount",
  withdrawalAddress: "withdrawal",
  withdrawalExtraId: "withdrawal_extra_id",
  refundAddress: "return",
  refundExtraId: "return_extra_id",
  rateType: "float",
};

const INFO_FIELDS: Readonly<Record<string, string>> = {
  coinFrom: "from",
  coinTo: "to",
  networkFrom: "network_from",
  networkTo: "network_to",
  amount: "amount",
  withdrawalAmount: "amount",
  rateType: "float",
};

/** Runs `fn`, its errors renamed to LetsExchange's fields, in its words and its message. */
function named<T>(fields: Readonly<Record<string, string>>, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const field = error.field !== undefined ? (fields[error.field] ?? error.field) : undefined;
    const message = error.message.replace(/\b[a-z]+[A-Z]\w*\b/g, (word) => fields[word] ?? word);
    throw new HttpError(error.status, message, field, error.extra);
  }
}

/** `float: true|false` (bool, "true"/"false" or 1/0): the rate type; absent: floating. */
function rateTypeOf(value: unknown): "float" | "fixed" {
  if (value === undefined || value === null) return "float";
  if (value === false || value === 0 || value === "false" || value === "0") return "fixed";
  if (value === true || value === 1 || value === "true" || value === "1") return "float";
  throw new HttpError(400, "The float field must be true or false.", "rateType");
}

/** The fixed rates this sandbox quoted, by `rate_id`: a create naming one must name a real one. */
const issuedRates = new WeakMap<SandboxState, Map<string, string>>();

function ratesOf(state: SandboxState): Map<string, string> {
  const rates = issuedRates.get(state) ?? new Map<string, string>();
  issuedRates.set(state, rates);
  return rates;
}

/** `POST /api/v1/info` and `/api/v1/info-revert`: always a 200 with the limits, in or out of them. */
export function info(
  state: SandboxState,
  body: Record<string, unknown>,
  reverse: boolean,
  nowMs: number,
): Answer {
  return named(INFO_FIELDS, () => {
    const rateType = rateTypeOf(body.float);
    const { from, to } = pair(state, {
      coinFrom: body.from,
      coinTo: body.to,
      networkFrom: body.network_from,
      networkTo: body.network_to,
      rateType,
    });
    if (reverse) state.stats.reverseQuote();
    const asked = p.looseAmount(body.amount, reverse ? "withdrawalAmount" : "amount");
    const q = reverse
      ? reverseQuote(from, to, asked, rateType, state.market)
      : quote(from, to, asked, rateType, state.market);
    let rateId = "";
    if (rateType === "fixed") {
      rateId = randomUUID();
      ratesOf(state).set(rateId, `${from.code}/${to.code}`);
    }
    return { status: 200, body: lets.info(q, reverse, rateId, nowMs, from.usd) };
  });
}

/**
 * `POST /api/v1/transaction` (`deposit_amount`) and `/api/v1/transaction-revert`
 * (`withdrawal_amount`): created in `wait`, answered with the whole transaction (200). A `rate_id`
 * must be one this sandbox quoted for the pair.
 */
export function createTransaction(
  state: SandboxState,
  body: Record<string, unknown>,
  reverse: boolean,
  now: number,
): Created {
  return named(CREATE_FIELDS, () => {
    const rateType = rateTypeOf(body.float);
    if (reverse && (body.withdrawal_amount === undefined || body.withdrawal_amount === null)) {
      throw new HttpError(400, "The withdrawal amount field is required.", "withdrawalAmount");
    }
    const rateId = p.optionalString(body.rate_id, "rate_id");
    if (rateId !== undefined && rateType === "fixed") {
      const issued = ratesOf(state).get(rateId);
      const asked = `${String(body.coin_from ?? "").toLowerCase()}/${String(body.coin_to ?? "").toLowerCase()}`;
      if (issued !== asked) throw new HttpError(400, "The selected rate id is invalid.", "rate_id");
    }
    const created = create(
      state,
      {
        coinFrom: body.coin_from,
        coinTo: body.coin_to,
        networkFrom: body.network_from,
        networkTo: body.network_to,
        ...(reverse
          ? { withdrawalAmount: body.withdrawal_amount }
          : { amount: body.deposit_amount }),
        withdrawalAddress: body.withdrawal,
        withdrawalExtraId: body.withdrawal_extra_id,
        refundAddress: body.return,
        refundExtraId: body.return_extra_id,
        rateType,
      },
      now,
    );
    if (rateId !== undefined && rateType === "fixed") created.tx.rate_id = rateId;
    return created;
  });
}

/** Epoch seconds of a query parameter; absent: none. */
function seconds(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name)?.trim();
  if (raw === undefined || raw === "") return undefined;
  if (!/^\d{1,12}$/.test(raw)) throw new HttpError(400, `The ${name} must be a timestamp.`, name);
  return Number(raw);
}

/**
 * `GET /api/v2/transactions-list?limit&page&start_date&end_date` (EDGE-REPORTS): Laravel's page,
 * newest first, dates in epoch seconds and inclusive, `limit` silently capped.
 */
export function transactionsList(state: SandboxState, params: URLSearchParams): Answer {
  const page = p.positiveInt(params, "page", 1);
  const limit = Math.min(p.positiveInt(params, "limit", 20), state.pageSizeCap.transactions);
  const start = seconds(params, "start_date");
  const end = seconds(params, "end_date");
  const { data, count } = state.store.page({
    fromMs: start === undefined ? Number.NEGATIVE_INFINITY : start * 1000,
    toMs: end === undefined ? Number.POSITIVE_INFINITY : end * 1000 + 999,
    offset: (page - 1) * limit,
    size: limit,
  });
  return {
    status: 200,
    body: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(count / limit)),
      per_page: limit,
      total: count,
      data: data.map((tx) => lets.detail(state, tx)),
    },
  };
}

/** `GET /api/v2/coins`: every coin at once, unpaged. */
export function coinList(state: SandboxState): Answer {
  return { status: 200, body: state.coins.map((c) => lets.coin(state, c)) };
}

/** `GET /api/v1/transaction/{id}`. */
export function transaction(state: SandboxState, id: string): Answer {
  state.store.detailReads.set(id, (state.store.detailReads.get(id) ?? 0) + 1);
  const tx = state.store.get(id);
  if (!tx) throw new HttpError(404, "Transaction not found.", "id");
  return { status: 200, body: lets.detail(state, tx) };
}
