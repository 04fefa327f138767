import type { EndpointClass } from "./exchange-port.ts";

/** Base of everything the exchange port throws; `kind` tells callers what happened. */
export abstract class ExchangeError extends Error {
  abstract readonly kind: "api" | "timeout" | "network" | "schema" | "busy";
  constructor(
    message: string,
    readonly endpoint: string,
  ) {
    super(message);
  }
}

/** The upstream answered with an HTTP error status. */
export class ExchangeApiError extends ExchangeError {
  readonly kind = "api";
  override name = "ExchangeApiError";
  constructor(
    endpoint: string,
    readonly status: number,
    /** The upstream's own words, from `message`, `error` or `errors`. */
    readonly upstreamMessage: string,
    readonly code: number | undefined,
    /** The error body as it came (JSON; `{}` when unreadable): the dialect reads it. */
    readonly body: unknown,
    readonly retryAfterMs: number | undefined,
  ) {
    super(`${endpoint}: HTTP ${status}: ${upstreamMessage}`, endpoint);
  }
}

export class ExchangeTimeoutError extends ExchangeError {
  readonly kind = "timeout";
  override name = "ExchangeTimeoutError";
  constructor(endpoint: string, timeoutMs: number) {
    super(`${endpoint}: no answer within ${timeoutMs} ms`, endpoint);
  }
}

export class ExchangeNetworkError extends ExchangeError {
  readonly kind = "network";
  override name = "ExchangeNetworkError";
  constructor(endpoint: string, cause: unknown) {
    super(`${endpoint}: network failure: ${describeCause(cause)}`, endpoint);
  }
}

/** A 2xx answer whose body is not what the spec promises; `path` names the first bad field. */
export class ExchangeSchemaError extends ExchangeError {
  readonly kind = "schema";
  override name = "ExchangeSchemaError";
  constructor(
    endpoint: string,
    readonly path: string,
    detail: string,
  ) {
    super(`${endpoint}: unexpected response at ${path || "(root)"}: ${detail}`, endpoint);
  }
}

/** Our own budget for this endpoint class is spent for longer than the caller wants to wait. */
export class ExchangeBusyError extends ExchangeError {
  readonly kind = "busy";
  override name = "ExchangeBusyError";
  constructor(
    endpoint: string,
    readonly endpointClass: EndpointClass,
    readonly retryAfterMs: number,
  ) {
    super(`${endpoint}: ${endpointClass} budget spent, next slot in ${retryAfterMs} ms`, endpoint);
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as Error & { cause?: unknown }).cause;
    const code = inner && typeof inner === "object" && "code" in inner ? String(inner.code) : "";
    return code ? `${cause.message} (${code})` : cause.message;
  }
  return String(cause);
}
