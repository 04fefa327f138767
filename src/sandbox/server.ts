import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxCoin } from "./coins.ts";
import type { Endpoint, Faults } from "./faults.ts";
import type { WindowLimiter } from "./limits.ts";
import { quote, type RateType, round8 } from "./pricing.ts";
import type { SandboxTransaction, TransactionStore } from "./store.ts";

export interface Quirks {
  /** Out-of-range amounts answered 422 with the limits in the body (seen at real services). */
  rangeAs422: boolean;
  /** `{message, code}` (the spec), `{error}` or `{errors: {field: message}}`. */
  errorStyle: "message" | "error" | "errors";
  /** 201 instead of 200 for a created transaction. */
  created201: boolean;
  /** Every number in a response written as a JSON string. */
  numbersAsStrings: boolean;
}

export interface SandboxStats {
  /** Responses served, per endpoint ("other" for unknown routes) and HTTP status. */
  responses: Record<string, Record<number, number>>;
  served429: number;
}

export interface SandboxState {
  coins: SandboxCoin[];
  byCode: Map<string, SandboxCoin>;
  store: TransactionStore;
  faults: Faults;
  limits: { public: WindowLimiter; create: WindowLimiter; read: WindowLimiter } | false;
  apiKey: string;
  pageSizeCap: { currencies: number; transactions: number };
  quirks: Quirks;
  stats: SandboxStats;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const STATUSES_WITH_HASH_IN = new Set(["confirmation", "exchanging", "success", "refunded"]);

/** The HTTP side of the sandbox: the spec's five endpoints under /api/v2. */
export function createHandler(state: SandboxState) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(state, req, res).catch((error: unknown) => {
      if (!res.headersSent) send(state, res, "other", 500, errorBody(state, 500, String(error)));
    });
  };
}

function route(method: string, path: string): { endpoint: Endpoint; id?: string } | undefined {
  if (method === "GET" && path === "/api/v2/currencies") return { endpoint: "currencies" };
  if (method === "GET" && path === "/api/v2/rate") return { endpoint: "rate" };
  if (method === "POST" && path === "/api/v2/transactions") return { endpoint: "create" };
  if (method === "GET" && path === "/api/v2/transactions") return { endpoint: "list" };
  const match = /^\/api\/v2\/transactions\/([^/]+)$/.exec(path);
  if (method === "GET" && match?.[1]) return { endpoint: "get", id: decodeURIComponent(match[1]) };
  return undefined;
}

async function handle(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://sandbox.local");
  const found = route(req.method ?? "GET", url.pathname.replace(/\/+$/, ""));
  if (state.faults.down) {
    return send(
      state,
      res,
      found?.endpoint ?? "other",
      503,
      errorBody(state, 503, "service unavailable"),
    );
  }
  if (!found) return send(state, res, "other", 404, errorBody(state, 404, "not found"));
  const { endpoint } = found;
  const isPrivate = endpoint === "create" || endpoint === "list" || endpoint === "get";
  if (isPrivate && req.headers["x-api-key"] !== state.apiKey) {
    return send(state, res, endpoint, 401, errorBody(state, 401, "invalid or missing API key"));
  }
  if (state.limits) {
    const limiter =
      endpoint === "create"
        ? state.limits.create
        : isPrivate
          ? state.limits.read
          : state.limits.public;
    const key = isPrivate ? state.apiKey : (req.socket.remoteAddress ?? "?");
    const retryAfter = limiter.take(key);
    if (retryAfter !== undefined) {
      res.setHeader("Retry-After", String(retryAfter));
      return send(state, res, endpoint, 429, errorBody(state, 429, "rate limit exceeded"));
    }
  }
  const delay = state.faults.delayFor(endpoint);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  const fault = state.faults.take(endpoint);
  if (fault?.kind === "status") {
    return send(state, res, endpoint, fault.status, errorBody(state, fault.status, fault.message));
  }
  if (fault?.kind === "malformed") {
    const body =
      fault.body === "garbage"
        ? "<html>502 Bad Gateway</html>"
        : JSON.stringify({ data: "nope", count: -1, toAmount: "x" });
    return sendRaw(state, res, endpoint, 200, body);
  }
  try {
    switch (endpoint) {
      case "currencies":
        return send(state, res, endpoint, 200, currencies(state, url.searchParams));
      case "rate":
        return send(state, res, endpoint, 200, rate(state, url.searchParams));
      case "create":
        return await create(state, req, res);
      case "list":
        return send(state, res, endpoint, 200, list(state, url.searchParams));
      case "get": {
        const tx = state.store.get(found.id ?? "");
        if (!tx) throw new HttpFailure(404, `transaction ${found.id} not found`);
        return send(state, res, endpoint, 200, detail(tx));
      }
    }
  } catch (error) {
    if (error instanceof HttpFailure) {
      return send(state, res, endpoint, error.status, {
        ...errorBody(state, error.status, error.message, error.field),
        ...error.extra,
      });
    }
    throw error;
  }
}

function intParam(params: URLSearchParams, name: string, fallback: number, min: number): number {
  const raw = params.get(name);
  if (raw === null || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new HttpFailure(400, `${name} must be an integer ≥ ${min}`, name);
  }
  return Number(raw);
}

function currencies(state: SandboxState, params: URLSearchParams) {
  const page = intParam(params, "page", 1, 1);
  const size = Math.min(intParam(params, "size", 50, 1), state.pageSizeCap.currencies);
  const search = (params.get("search") ?? "").trim().toLowerCase();
  const matching = search
    ? state.coins.filter((c) => c.code.includes(search) || c.name.toLowerCase().includes(search))
    : state.coins;
  const data = matching.slice((page - 1) * size, page * size).map((c) => ({
    code: c.code,
    name: c.name,
    icon: `https://sandbox.invalid/icons/${c.code}.png`,
    notes: c.notes,
  }));
  return { data, count: matching.length };
}

function coinParam(state: SandboxState, value: unknown, name: string): SandboxCoin {
  if (typeof value !== "string" || value.trim() === "")
    throw new HttpFailure(400, `${name} is required`, name);
  const coin = state.byCode.get(value.trim().toLowerCase());
  if (!coin) throw new HttpFailure(400, `${name} '${value}' is not a supported currency`, name);
  return coin;
}

function networkParam(coin: SandboxCoin, value: unknown, name: string): string {
  if (value === undefined || value === null || value === "") return coin.networks[0]!;
  const network = String(value).toUpperCase();
  if (!coin.networks.includes(network)) {
    throw new HttpFailure(
      400,
      `${name} '${value}' is not supported for ${coin.code}; use one of ${coin.networks.join(", ")}`,
      name,
    );
  }
  return network;
}

function amountParam(value: unknown): number {
  const amount =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim())
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(amount) || amount <= 0)
    throw new HttpFailure(400, "amount must be a positive number", "amount");
  return amount;
}

function rateTypeParam(value: unknown): RateType {
  if (value === undefined || value === null || value === "") return "float";
  if (value === "float" || value === "fixed") return value;
  throw new HttpFailure(400, "rateType must be float or fixed", "rateType");
}

function pair(state: SandboxState, input: Record<string, unknown>) {
  const from = coinParam(state, input.coinFrom, "coinFrom");
  const to = coinParam(state, input.coinTo, "coinTo");
  if (from.code === to.code)
    throw new HttpFailure(400, "coinFrom and coinTo must differ", "coinTo");
  return {
    from,
    to,
    networkFrom: networkParam(from, input.networkFrom, "networkFrom"),
    networkTo: networkParam(to, input.networkTo, "networkTo"),
    rateType: rateTypeParam(input.rateType),
  };
}

function rangeFailure(
  state: SandboxState,
  q: ReturnType<typeof quote>,
  from: SandboxCoin,
): HttpFailure {
  const below = q.fromAmount < q.minAmount;
  const message = below
    ? `amount is below the minimum of ${q.minAmount} ${from.code}`
    : `amount is above the maximum of ${q.maxAmount} ${from.code}`;
  return new HttpFailure(state.quirks.rangeAs422 ? 422 : 400, message, "amount", {
    minAmount: q.minAmount,
    maxAmount: q.maxAmount,
    fromAmount: q.fromAmount,
    toAmount: q.toAmount,
    rate: q.rate,
  });
}

function rate(state: SandboxState, params: URLSearchParams) {
  const input = Object.fromEntries(params.entries());
  const p = pair(state, input);
  const amount = amountParam(input.amount);
  const q = quote(p.from, p.to, amount, p.rateType);
  const outOfRange = amount < q.minAmount || amount > q.maxAmount;
  if (outOfRange && state.quirks.rangeAs422) throw rangeFailure(state, q, p.from);
  return {
    ...q,
    message: outOfRange
      ? amount < q.minAmount
        ? `Amount is below the minimum of ${q.minAmount} ${p.from.code}`
        : `Amount is above the maximum of ${q.maxAmount} ${p.from.code}`
      : null,
  };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    if (value && typeof value === "object" && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Falls through to the 400 below.
  }
  throw new HttpFailure(400, "body must be a JSON object");
}

function depositAddress(coin: SandboxCoin): string {
  const hex = (n: number) => randomBytes(n).toString("hex");
  if (coin.address.source.includes("0x")) return `0x${hex(20)}`;
  if (coin.code === "btc")
    return `bc1q${randomBytes(19)
      .toString("hex")
      .replace(/[^02-9ac-hj-np-z]/g, "q")
      .slice(0, 38)}`;
  if (coin.code === "trx" || coin.networks[0] === "TRC20")
    return `T${randomBytes(24)
      .toString("base64url")
      .replace(/[^1-9A-HJ-NP-Za-km-z]/g, "x")
      .slice(0, 33)}`;
  return `${coin.code}${randomBytes(20)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "k")}`;
}

async function create(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const body = await readJson(req);
  const p = pair(state, body);
  const amount = amountParam(body.amount);
  const withdrawal = body.withdrawalAddress;
  if (typeof withdrawal !== "string" || withdrawal.trim() === "") {
    throw new HttpFailure(400, "withdrawalAddress is required", "withdrawalAddress");
  }
  if (!p.to.address.test(withdrawal) && !/^[A-Za-z0-9:_-]{20,120}$/.test(withdrawal)) {
    throw new HttpFailure(
      400,
      `withdrawalAddress is not a valid ${p.to.code} address`,
      "withdrawalAddress",
    );
  }
  const refund = body.refundAddress;
  if (
    refund !== undefined &&
    refund !== null &&
    (typeof refund !== "string" || !/^[A-Za-z0-9:_-]{14,120}$/.test(refund))
  ) {
    throw new HttpFailure(
      400,
      `refundAddress is not a valid ${p.from.code} address`,
      "refundAddress",
    );
  }
  const q = quote(p.from, p.to, amount, p.rateType);
  if (amount < q.minAmount || amount > q.maxAmount) throw rangeFailure(state, q, p.from);
  const now = new Date();
  const tx: SandboxTransaction = {
    id: state.store.newId(),
    status: "wait",
    coin_from: p.from.code,
    coin_to: p.to.code,
    network_from: p.networkFrom,
    network_to: p.networkTo,
    amount_in: amount,
    amount_out_expected: q.toAmount,
    amount_out: 0,
    rate: q.rate,
    rate_type: p.rateType,
    deposit_address: depositAddress(p.from),
    withdrawal_address: withdrawal,
    refund_address: typeof refund === "string" ? refund : null,
    tx_hash_in: "",
    tx_hash_out: "",
    created_at: now.toISOString(),
    createdMs: now.getTime(),
    manual: false,
  };
  state.store.add(tx);
  const answer = {
    id: tx.id,
    status: tx.status,
    coin_from: tx.coin_from,
    coin_to: tx.coin_to,
    amount_in: tx.amount_in,
    amount_out_expected: tx.amount_out_expected,
    deposit_address: tx.deposit_address,
    withdrawal_address: tx.withdrawal_address,
    rate_type: tx.rate_type,
    created_at: tx.created_at,
  };
  const hang = state.faults.hangNextCreate;
  if (hang) {
    state.faults.hangNextCreate = undefined;
    await new Promise((resolve) => setTimeout(resolve, hang.ms));
    if (hang.destroy) {
      count(state, "create", 0);
      req.socket.destroy();
      return;
    }
  }
  send(state, res, "create", state.quirks.created201 ? 201 : 200, answer);
}

function dateParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === "") return undefined;
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw new HttpFailure(400, `${name} must be an ISO 8601 date`, name);
  return ms;
}

function list(state: SandboxState, params: URLSearchParams) {
  const page = intParam(params, "page", 1, 1);
  const size = Math.min(intParam(params, "size", 20, 1), state.pageSizeCap.transactions);
  const from = dateParam(params, "dateFrom") ?? Number.NEGATIVE_INFINITY;
  const to = dateParam(params, "dateTo") ?? Number.POSITIVE_INFINITY;
  const { data, count } = state.store.page(from, to, (page - 1) * size, size);
  return {
    data: data.map((tx) => ({
      id: tx.id,
      status: tx.status,
      coin_from: tx.coin_from,
      coin_to: tx.coin_to,
      amount_in: tx.amount_in,
      amount_out: tx.status === "success" ? tx.amount_out : tx.amount_out_expected,
      created_at: tx.created_at,
    })),
    count,
  };
}

function detail(tx: SandboxTransaction) {
  return {
    id: tx.id,
    status: tx.status,
    coin_from: tx.coin_from,
    coin_to: tx.coin_to,
    network_from: tx.network_from,
    network_to: tx.network_to,
    amount_in: tx.amount_in,
    amount_out: tx.status === "success" ? tx.amount_out : tx.amount_out_expected,
    rate: tx.rate,
    rate_type: tx.rate_type,
    deposit_address: tx.deposit_address,
    withdrawal_address: tx.withdrawal_address,
    refund_address: tx.refund_address,
    tx_hash_in: STATUSES_WITH_HASH_IN.has(tx.status) || tx.tx_hash_in ? tx.tx_hash_in : "",
    tx_hash_out: tx.tx_hash_out,
    created_at: tx.created_at,
  };
}

function errorBody(
  state: SandboxState,
  status: number,
  message: string,
  field?: string,
): Record<string, unknown> {
  switch (state.quirks.errorStyle) {
    case "error":
      return { error: message };
    case "errors":
      return { errors: { [field ?? "request"]: message } };
    default:
      return { message, code: status };
  }
}

function count(state: SandboxState, endpoint: string, status: number): void {
  const byStatus = state.stats.responses[endpoint] ?? {};
  byStatus[status] = (byStatus[status] ?? 0) + 1;
  state.stats.responses[endpoint] = byStatus;
  if (status === 429) state.stats.served429++;
}

function send(
  state: SandboxState,
  res: ServerResponse,
  endpoint: string,
  status: number,
  body: unknown,
): void {
  const text = JSON.stringify(body, state.quirks.numbersAsStrings ? numbersToStrings : undefined);
  sendRaw(state, res, endpoint, status, text);
}

function sendRaw(
  state: SandboxState,
  res: ServerResponse,
  endpoint: string,
  status: number,
  text: string,
): void {
  count(state, endpoint, status);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(text);
}

function numbersToStrings(_key: string, value: unknown): unknown {
  return typeof value === "number" ? String(round8(value)) : value;
}
