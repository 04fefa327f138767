import type { EndpointClass } from "./exchange-port.ts";

export type { EndpointClass } from "./exchange-port.ts";

/**
 * What the shared client reads of an error body, whichever dialect wrote it (every field may be
 * missing): the words, and the quote fields some exchanges put beside an out-of-range answer.
 */
export interface ErrorBody {
  message?: string | null | undefined;
  error?: string | { message: string } | null | undefined;
  errors?: Record<string, unknown> | unknown[] | null | undefined;
  code?: unknown;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  fromAmount?: number | undefined;
  toAmount?: number | undefined;
  rate?: number | undefined;
}

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
  /** Amount limits when the upstream said the amount was out of range (some send them on 422). */
  readonly limits: { min: number; max: number } | undefined;
  constructor(
    endpoint: string,
    readonly status: number,
    /** The upstream's own words, from `message`, `error` or `errors`. */
    readonly upstreamMessage: string,
    readonly code: number | undefined,
    /** The error body as read (lenient: any field may be missing). */
    readonly body: ErrorBody,
    readonly retryAfterMs: number | undefined,
  ) {
    super(`${endpoint}: HTTP ${status}: ${upstreamMessage}`, endpoint);
    this.limits =
      body.minAmount !== undefined && body.maxAmount !== undefined
        ? { min: body.minAmount, max: body.maxAmount }
        : undefined;
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
