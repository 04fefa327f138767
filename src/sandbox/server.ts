import type { IncomingMessage, ServerResponse } from "node:http";
import * as changenow from "./changenow-endpoints.ts";
import { seed } from "./control.ts";
import type { Dialect } from "./dialect.ts";
import * as endpoints from "./endpoints.ts";
import type { Endpoint } from "./faults.ts";
import { errorBodyOf, HttpError, malformedText, readJsonObject, serialize } from "./http.ts";
import * as lets from "./letsexchange-endpoints.ts";
import type { LimitClass } from "./limits.ts";
import type { SandboxState } from "./state.ts";
import type { StatsEndpoint } from "./stats.ts";
import type { SandboxTransaction } from "./store.ts";

const PREFIX = "/api/v2";
/** ChangeNOW's base is `…/v2`. */
const CHANGENOW_PREFIX = "/v2";

interface Route {
  endpoint: Endpoint;
  id?: string;
  /** ChangeNOW's `exchange/range` (counted as `rate`, like the estimate it goes with). */
  range?: true;
  /** Exolix's GET /currencies/{code}/networks (counted as `currencies`). */
  networksOf?: string;
  /** Exolix's GET /currencies/networks: every network, paged (counted as `currencies`). */
  allNetworks?: true;
  /** LetsExchange's `info-revert` and `transaction-revert`: an amount to receive. */
  reverse?: true;
}

/** LetsExchange's paths under /api: each names its version. */
function letsexchangeRouteOf(method: string, path: string): Route | undefined {
  if (method === "GET" && path === "/api/v2/coins") return { endpoint: "currencies" };
  if (method === "POST" && path === "/api/v1/info") return { endpoint: "rate" };
  if (method === "POST" && path === "/api/v1/info-revert")
    return { endpoint: "rate", reverse: true };
  if (method === "POST" && path === "/api/v1/transaction") return { endpoint: "create" };
  if (method === "POST" && path === "/api/v1/transaction-revert") {
    return { endpoint: "create", reverse: true };
  }
  if (method === "GET" && path === "/api/v2/transactions-list") return { endpoint: "list" };
  const match = /^\/api\/v1\/transaction\/([^/]+)$/.exec(path);
  if (method === "GET" && match?.[1]) return { endpoint: "get", id: decodeURIComponent(match[1]) };
  return undefined;
}

/** ChangeNOW's v2 paths; a swap's detail names its id in the query (`exchange/by-id?id=`). */
function changenowRouteOf(method: string, path: string, url: URL): Route | undefined {
  if (!path.startsWith(`${CHANGENOW_PREFIX}/`)) return undefined;
  const rest = path.slice(CHANGENOW_PREFIX.length);
  if (method === "GET" && rest === "/exchange/currencies") return { endpoint: "currencies" };
  if (method === "GET" && rest === "/exchange/range") return { endpoint: "rate", range: true };
  if (method === "GET" && rest === "/exchange/estimated-amount") return { endpoint: "rate" };
  if (method === "POST" && rest === "/exchange") return { endpoint: "create" };
  if (method === "GET" && rest === "/exchanges") return { endpoint: "list" };
  if (method === "GET" && rest === "/exchange/by-id") {
    return { endpoint: "get", id: url.searchParams.get("id") ?? "" };
  }
  return undefined;
}

function routeOf(method: string, path: string, dialect: Dialect, url: URL): Route | undefined {
  if (dialect === "changenow") return changenowRouteOf(method, path, url);
  if (dialect === "letsexchange") return letsexchangeRouteOf(method, path);
  if (!path.startsWith(`${PREFIX}/`)) return undefined;
  const rest = path.slice(PREFIX.length);
  if (method === "GET" && rest === "/currencies") return { endpoint: "currencies" };
  if (dialect === "exolix" && method === "GET" && rest === "/currencies/networks") {
    return { endpoint: "currencies", allNetworks: true };
  }
  const networks = /^\/currencies\/([^/]+)\/networks$/.exec(rest);
  if (dialect === "exolix" && method === "GET" && networks?.[1]) {
    return { endpoint: "currencies", networksOf: decodeURIComponent(networks[1]) };
  }
  if (method === "GET" && rest === "/rate") return { endpoint: "rate" };
  if (method === "POST" && rest === "/transactions") return { endpoint: "create" };
  if (method === "GET" && rest === "/transactions") return { endpoint: "list" };
  const match = /^\/transactions\/([^/]+)$/.exec(rest);
  if (method === "GET" && match?.[1]) {
    try {
      return { endpoint: "get", id: decodeURIComponent(match[1]) };
    } catch {
      return undefined; // Bad percent-encoding names no transaction.
    }
  }
  return undefined;
}

const LIMIT_CLASS: Record<Endpoint, LimitClass> = {
  currencies: "public",
  rate: "public",
  create: "create",
  list: "read",
  get: "read",
};

/** How each dialect takes the API key, and which endpoints need it. */
const AUTH: Record<
  Dialect,
  {
    header: string;
    keyOf(req: IncomingMessage): string | undefined;
    needsKey(e: Endpoint): boolean;
  }
> = {
  spec: {
    header: "X-API-Key",
    keyOf: (req) => single(req.headers["x-api-key"]),
    needsKey: (endpoint) => LIMIT_CLASS[endpoint] !== "public",
  },
  // The raw key in Authorization (DOCS; no "Bearer ": that was v1), or `api-key` (PCASH, EIGEN).
  // A transaction's detail is read without a key (CAKE, RUBIC); creating and listing need one.
  exolix: {
    header: "Authorization",
    keyOf: (req) => single(req.headers.authorization) ?? single(req.headers["api-key"]),
    needsKey: (endpoint) => endpoint === "create" || endpoint === "list",
  },
  // `x-changenow-api-key` on every call but the coin list (EDGE reads it without one).
  changenow: {
    header: "x-changenow-api-key",
    keyOf: (req) => single(req.headers["x-changenow-api-key"]),
    needsKey: (endpoint) => endpoint !== "currencies",
  },
  // `Authorization: Bearer <key>` on every call (EDGE); CAKE's stored token may carry no
  // "Bearer ", so the bare key is taken too.
  letsexchange: {
    header: "Authorization",
    keyOf: (req) => single(req.headers.authorization)?.replace(/^bearer\s+/i, ""),
    needsKey: () => true,
  },
};

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function safeLog(state: SandboxState, line: string): void {
  try {
    state.logger?.(line);
  } catch {
    // A broken logger must not turn a served answer into a dropped connection.
  }
}

/** One request's answer, written once; the place where stats and the log line are kept. */
class Reply {
  private readonly started = performance.now();

  constructor(
    private readonly state: SandboxState,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    public endpoint: StatsEndpoint,
  ) {}

  json(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.raw(
      status,
      serialize(body, this.state.quirks),
      "application/json; charset=utf-8",
      headers,
    );
  }

  error(status: number, message: string, field?: string, extra: Record<string, unknown> = {}) {
    const body = { ...errorBodyOf(this.state, status, message, field), ...extra };
    this.json(status, body);
  }

  raw(status: number, text: string, contentType: string, headers: Record<string, string> = {}) {
    if (this.res.headersSent || this.res.destroyed) {
      this.drop();
      return;
    }
    this.state.stats.record(this.endpoint, status);
    this.res.writeHead(status, { "Content-Type": contentType, ...headers });
    this.res.end(text);
    this.log(String(status));
  }

  /** Sends the head and half the body now, the rest after `ms` (if the client is still there). */
  async stalled(status: number, body: unknown, ms: number): Promise<void> {
    const text = serialize(body, this.state.quirks);
    const half = Math.floor(text.length / 2);
    this.state.stats.record(this.endpoint, status);
    this.state.stats.stall();
    this.res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
    this.res.write(text.slice(0, half));
    this.log(`${status} stalled`);
    if (!(await this.state.sleeps.sleep(ms)) || this.res.destroyed) return this.drop();
    this.res.end(text.slice(half));
  }

  /** Ends the exchange without an answer, as a dead upstream or a cut connection would. */
  drop(): void {
    this.state.stats.drop();
    this.req.socket.destroy();
    this.log("dropped");
  }

  private log(outcome: string): void {
    if (!this.state.logger) return;
    const ms = (performance.now() - this.started).toFixed(1);
    safeLog(this.state, `sandbox ${this.req.method} ${this.req.url} ${outcome} ${ms}ms`);
  }
}

/** The HTTP side: the spec's five endpoints under /api/v2, with faults, auth and rate limits. */
export function createRequestHandler(state: SandboxState) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const reply = new Reply(state, req, res, "other");
    handle(state, req, reply).catch((error: unknown) => {
      // The sandbox never crashes on a request: whatever went wrong becomes a 500.
      safeLog(state, `sandbox error: ${error instanceof Error ? error.stack : String(error)}`);
      reply.error(500, "internal error");
    });
  };
}

async function handle(state: SandboxState, req: IncomingMessage, reply: Reply): Promise<void> {
  const url = new URL(req.url ?? "/", "http://sandbox.invalid");
  let route: Route | undefined;
  try {
    route = routeOf(req.method ?? "GET", url.pathname.replace(/\/+$/, ""), state.dialect, url);
  } catch {
    route = undefined; // Bad percent-encoding names nothing.
  }
  if (route) reply.endpoint = route.endpoint;

  // Down: every endpoint, known or not, before anything else.
  if (state.faults.down === "hang") {
    await state.hangs.hold(req.socket);
    return reply.drop();
  }
  if (state.faults.down === "unavailable") {
    return reply.error(503, "service unavailable");
  }
  if (!route) return reply.error(404, `no such endpoint: ${req.method} ${url.pathname}`);
  const { endpoint } = route;

  // Injected faults come first, like a failing proxy in front of the service.
  const delay = state.faults.delayFor(endpoint);
  if (delay > 0 && !(await state.sleeps.sleep(delay))) return reply.drop();
  const fault = state.faults.take(endpoint);
  if (fault?.kind === "status") {
    const headers: Record<string, string> =
      fault.retryAfter !== undefined ? { "Retry-After": String(fault.retryAfter) } : {};
    const body = errorBodyOf(state, fault.status, fault.message);
    return reply.json(fault.status, body, headers);
  }
  if (fault?.kind === "malformed") {
    const type = fault.body === "garbage" ? "text/html" : "application/json; charset=utf-8";
    return reply.raw(200, malformedText(fault.body, endpoint, state.dialect), type);
  }

  const limitClass = LIMIT_CLASS[endpoint];
  const auth = AUTH[state.dialect];
  const key = auth.keyOf(req);
  if (auth.needsKey(endpoint)) {
    if (key === undefined || key === "") {
      return reply.error(401, `API key missing: send it in the ${auth.header} header`, auth.header);
    }
    if (key !== state.apiKey) return reply.error(401, "invalid API key", auth.header);
  }
  if (state.limiter) {
    // Public endpoints are counted per client IP, the others per API key (or per IP without one).
    const keyed = limitClass !== "public" && key === state.apiKey;
    const who = keyed ? state.apiKey : (req.socket.remoteAddress ?? "unknown");
    const retryAfter = state.limiter.take(limitClass, who);
    if (retryAfter !== undefined) {
      const limit = state.limiter.limitOf(limitClass);
      reply.json(
        429,
        errorBodyOf(
          state,
          429,
          `rate limit exceeded: ${limit} requests per minute; retry in ${retryAfter} s`,
        ),
        { "Retry-After": String(retryAfter) },
      );
      return;
    }
  }

  try {
    const answer = await answerFor(state, route, url, req);
    if (fault?.kind === "stall") return reply.stalled(answer.status, answer.body, fault.ms);
    if ("tx" in answer && state.faults.hangNextCreate && answer.status < 300) {
      const hang = state.faults.hangNextCreate;
      state.faults.hangNextCreate = undefined;
      if (hang.othersAfter) landOthersAfter(state, answer.tx, hang.othersAfter);
      if (hang.stallBody) return reply.stalled(answer.status, answer.body, hang.ms);
      const waited = await state.sleeps.sleep(hang.ms);
      if (!waited || hang.destroy) return reply.drop();
      if (hang.garble) {
        return reply.raw(
          200,
          malformedText(hang.garble, "create", state.dialect),
          "application/json",
        );
      }
      if (hang.status) {
        return reply.error(hang.status, `sandbox: injected ${hang.status} after creating`);
      }
    }
    reply.json(answer.status, answer.body);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    reply.error(error.status, error.message, error.field, error.extra);
  }
}

/** Other clients of the key create `n` transactions of the same pair just after `created`. */
function landOthersAfter(state: SandboxState, created: SandboxTransaction, n: number): void {
  // A millisecond apart, from the next one on: all of them newer than the held transaction.
  seed(state, n, {
    coinFrom: created.coin_from,
    coinTo: created.coin_to,
    createdAt: Date.now() + n,
    spreadOverMs: n - 1,
  });
}

async function answerFor(
  state: SandboxState,
  route: Route,
  url: URL,
  req: IncomingMessage,
): Promise<endpoints.Answer | endpoints.Created> {
  if (state.dialect === "changenow") return changenowAnswerFor(state, route, url, req);
  if (state.dialect === "letsexchange") return letsexchangeAnswer(state, route, url, req);
  switch (route.endpoint) {
    case "currencies":
      if (route.networksOf !== undefined)
        return endpoints.currencyNetworks(state, route.networksOf);
      if (route.allNetworks) return endpoints.allNetworks(state, url.searchParams);
      return endpoints.currencies(state, url.searchParams);
    case "rate":
      return endpoints.rate(state, url.searchParams);
    case "create":
      return endpoints.create(state, await readJsonObject(req), Date.now());
    case "list":
      return endpoints.list(state, url.searchParams);
    case "get": {
      const failing = state.faults.failingDetails.get(route.id ?? "");
      if (failing)
        throw new HttpError(failing, `sandbox: injected ${failing} for this transaction`);
      return endpoints.detail(state, route.id ?? "");
    }
  }
}

async function changenowAnswerFor(
  state: SandboxState,
  route: Route,
  url: URL,
  req: IncomingMessage,
): Promise<endpoints.Answer | endpoints.Created> {
  switch (route.endpoint) {
    case "currencies":
      return changenow.currencies(state);
    case "rate":
      return route.range
        ? changenow.range(state, url.searchParams)
        : changenow.estimate(state, url.searchParams, Date.now());
    case "create":
      return changenow.create(state, await readJsonObject(req), Date.now());
    case "list":
      return changenow.list(state, url.searchParams);
    case "get": {
      const failing = state.faults.failingDetails.get(route.id ?? "");
      if (failing)
        throw new HttpError(failing, `sandbox: injected ${failing} for this transaction`);
      return changenow.detail(state, route.id ?? "");
    }
  }
}

async function letsexchangeAnswer(
  state: SandboxState,
  route: Route,
  url: URL,
  req: IncomingMessage,
): Promise<endpoints.Answer | endpoints.Created> {
  const reverse = route.reverse === true;
  switch (route.endpoint) {
    case "currencies":
      return lets.coinList(state);
    case "rate":
      return lets.info(state, await readJsonObject(req), reverse, Date.now());
    case "create":
      return lets.createTransaction(state, await readJsonObject(req), reverse, Date.now());
    case "list":
      return lets.transactionsList(state, url.searchParams);
    case "get": {
      const failing = state.faults.failingDetails.get(route.id ?? "");
      if (failing)
        throw new HttpError(failing, `sandbox: injected ${failing} for this transaction`);
      return lets.transaction(state, route.id ?? "");
    }
  }
}
