import { randomBytes } from "node:crypto";
import * as cn from "./changenow-bodies.ts";
import type { SandboxCoin } from "./coins.ts";
import type { Answer, Created } from "./endpoints.ts";
import * as endpoints from "./endpoints.ts";
import { HttpError } from "./http.ts";
import * as p from "./params.ts";
import {
  outOfRange,
  quote,
  reverseQuote,
  type SandboxMarket,
  type SandboxQuote,
} from "./pricing.ts";
import type { SandboxState } from "./state.ts";

/**
 * ChangeNOW's v2 endpoints over the sandbox's one store and pricing (docs/exchange-changenow.md):
 * `exchange/currencies`, `exchange/range`, `exchange/estimated-amount`, `POST exchange`,
 * `exchange/by-id` and the partner list `exchanges`. Requests are read in ChangeNOW's words and
 * the create is the shared one's, so every fault and control works as in the other dialects.
 */

const ok = (body: unknown): Answer => ({ status: 200, body });

/** How long a fixed rate's `rateId` is honoured by a create. */
const RATE_ID_MS = 10 * 60_000;
/** The rate ids handed out per sandbox: id → when it stops being honoured. */
const rateIds = new WeakMap<SandboxState, Map<string, number>>();

function issuedRateIds(state: SandboxState): Map<string, number> {
  let ids = rateIds.get(state);
  if (!ids) {
    ids = new Map();
    rateIds.set(state, ids);
  }
  return ids;
}

type Flow = "standard" | "fixed-rate";

function flowOf(value: string | null): Flow {
  if (value === null || value === "" || value === "standard") return "standard";
  if (value === "fixed-rate") return "fixed-rate";
  throw new HttpError(400, "flow must be one of: standard, fixed-rate", "flow");
}

const rateTypeOf = (flow: Flow) => (flow === "fixed-rate" ? "fixed" : "float");

/** The pair of a query; an unknown coin or a pair not offered is ChangeNOW's `pair_is_inactive`. */
function pairOf(state: SandboxState, params: URLSearchParams) {
  const inactive = () => new HttpError(400, "Pair is inactive", "toCurrency", pairInactive);
  const from = p.coinParam(state.byCode, params.get("fromCurrency"), "fromCurrency", inactive);
  const to = p.coinParam(state.byCode, params.get("toCurrency"), "toCurrency", inactive);
  if (from.code === to.code || state.faults.unavailablePairs.has(`${from.code}/${to.code}`)) {
    throw inactive();
  }
  return {
    from,
    to,
    networkFrom: p.network(from, params.get("fromNetwork"), "fromNetwork"),
    networkTo: p.network(to, params.get("toNetwork"), "toNetwork"),
  };
}

const pairInactive = { error: "pair_is_inactive" };

/** `GET exchange/currencies`: every coin on every network, one array (no paging). */
export function currencies(state: SandboxState): Answer {
  return ok(cn.currencies(state, state.coins));
}

function limitsOf(
  from: SandboxCoin,
  to: SandboxCoin,
  flow: Flow,
  market: Readonly<SandboxMarket>,
): SandboxQuote {
  return quote(from, to, 1, rateTypeOf(flow), market);
}

/** `GET exchange/range`. */
export function range(state: SandboxState, params: URLSearchParams): Answer {
  const pair = pairOf(state, params);
  const flow = flowOf(params.get("flow"));
  const q = limitsOf(pair.from, pair.to, flow, state.market);
  return ok(
    cn.range(
      {
        from: pair.from.code,
        to: pair.to.code,
        networkFrom: pair.networkFrom,
        networkTo: pair.networkTo,
      },
      flow,
      q.minAmount,
      q.maxAmount,
    ),
  );
}

/**
 * `GET exchange/estimated-amount`: `type=direct` with `fromAmount`, or `type=reverse` with
 * `toAmount` (a fixed-rate flow's only); a fixed rate comes with a `rateId` valid ten minutes. An
 * amount out of the range is a 400 with the range in `payload`, as ChangeNOW answers below the
 * minimum.
 */
export function estimate(state: SandboxState, params: URLSearchParams, now: number): Answer {
  const pair = pairOf(state, params);
  const flow = flowOf(params.get("flow"));
  const type = params.get("type") ?? "direct";
  if (type !== "direct" && type !== "reverse") {
    throw new HttpError(400, "type must be one of: direct, reverse", "type");
  }
  let q: SandboxQuote;
  if (type === "reverse") {
    if (flow !== "fixed-rate") {
      throw new HttpError(400, "reverse type is available for the fixed-rate flow only", "type");
    }
    if (!params.get("toAmount")) {
      throw new HttpError(400, "toAmount is required if type is reverse", "toAmount");
    }
    const wanted = p.queryAmount(params.get("toAmount"), "toAmount");
    state.stats.reverseQuote();
    q = reverseQuote(pair.from, pair.to, wanted, rateTypeOf(flow), state.market);
  } else {
    q = quote(
      pair.from,
      pair.to,
      p.queryAmount(params.get("fromAmount"), "fromAmount"),
      rateTypeOf(flow),
      state.market,
    );
  }
  const breach = outOfRange(q);
  if (breach) {
    throw new HttpError(
      400,
      breach === "below" ? "Out of min amount" : "Out of max amount",
      "fromAmount",
      {
        error: breach === "below" ? "deposit_too_small" : "out_of_range",
        payload: { range: { minAmount: q.minAmount, maxAmount: q.maxAmount } },
      },
    );
  }
  const fixed = flow === "fixed-rate";
  let rateId: string | null = null;
  let validUntil: string | null = null;
  if (fixed && params.get("useRateId") === "true") {
    rateId = randomBytes(16).toString("hex");
    issuedRateIds(state).set(rateId, now + RATE_ID_MS);
    validUntil = new Date(now + RATE_ID_MS).toISOString();
  }
  return ok({
    fromCurrency: pair.from.code,
    fromNetwork: cn.networkOf(pair.networkFrom),
    toCurrency: pair.to.code,
    toNetwork: cn.networkOf(pair.networkTo),
    flow,
    type,
    rateId,
    validUntil,
    transactionSpeedForecast: "10-60",
    warningMessage: null,
    depositFee: 0,
    withdrawalFee: 0,
    userId: null,
    fromAmount: q.fromAmount,
    toAmount: q.toAmount,
  });
}

/**
 * `POST exchange`: read in ChangeNOW's words, created by the shared create (the same checks,
 * faults and controls). A fixed-rate flow needs a `rateId` the estimate handed out, not expired.
 */
export function create(state: SandboxState, body: Record<string, unknown>, now: number): Created {
  const flow = flowOf(typeof body.flow === "string" ? body.flow : null);
  const type = body.type ?? "direct";
  if (type !== "direct" && type !== "reverse") {
    throw new HttpError(400, "type must be one of: direct, reverse", "type");
  }
  if (flow === "fixed-rate") {
    const rateId = typeof body.rateId === "string" ? body.rateId : "";
    const until = issuedRateIds(state).get(rateId);
    if (!rateId) throw new HttpError(400, "rateId is required for the fixed-rate flow", "rateId");
    if (until === undefined || until < now) {
      throw new HttpError(400, "rateId is not valid or has expired", "rateId", {
        error: "not_valid_rate_id",
      });
    }
  }
  if (type === "reverse" && flow !== "fixed-rate") {
    throw new HttpError(400, "reverse type is available for the fixed-rate flow only", "type");
  }
  const reverse = type === "reverse";
  return endpoints.create(
    state,
    {
      coinFrom: body.fromCurrency,
      coinTo: body.toCurrency,
      networkFrom: body.fromNetwork,
      networkTo: body.toNetwork,
      ...(reverse ? { withdrawalAmount: body.toAmount } : { amount: body.fromAmount }),
      withdrawalAddress: body.address,
      withdrawalExtraId: body.extraId,
      refundAddress: body.refundAddress,
      refundExtraId: body.refundExtraId,
      rateType: rateTypeOf(flow),
    },
    now,
  );
}

/**
 * `GET exchanges`: the partner's list, `limit`/`offset` (capped like the other lists), `dateFrom`/
 * `dateTo` inclusive on `createdAt`, `sortDirection` (default DESC), `statuses` (comma-separated).
 * `count` is everything that matches.
 */
export function list(state: SandboxState, params: URLSearchParams): Answer {
  const limit = Math.min(p.positiveInt(params, "limit", 10), state.pageSizeCap.transactions);
  const offsetRaw = params.get("offset");
  const offset = offsetRaw === null || offsetRaw === "" ? 0 : Number(offsetRaw);
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new HttpError(400, "offset must be a non-negative integer", "offset");
  }
  const direction = (params.get("sortDirection") ?? "DESC").toUpperCase();
  if (direction !== "ASC" && direction !== "DESC") {
    throw new HttpError(400, "sortDirection must be one of: ASC, DESC", "sortDirection");
  }
  const statuses = (params.get("statuses") ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const { data, count } = state.store.page({
    fromMs: p.isoDate(params, "dateFrom") ?? Number.NEGATIVE_INFINITY,
    toMs: p.isoDate(params, "dateTo", true) ?? Number.POSITIVE_INFINITY,
    offset,
    size: limit,
    order: direction === "ASC" ? "asc" : "desc",
    ...(statuses.length > 0 ? { where: (tx) => statuses.includes(cn.statusOf(tx)) } : {}),
  });
  return ok({ count, exchanges: data.map((tx) => cn.listItem(tx)) });
}

/** `GET exchange/by-id?id=`: 404 for an id it does not know. */
export function detail(state: SandboxState, id: string): Answer {
  state.store.detailReads.set(id, (state.store.detailReads.get(id) ?? 0) + 1);
  const tx = state.store.get(id);
  if (!tx) throw new HttpError(404, "Exchange not found", "id");
  return ok(cn.detail(tx));
}
