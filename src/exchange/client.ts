import { setMaxListeners } from "node:events";
import ky, { HTTPError, type KyInstance, TimeoutError } from "ky";
import type { z } from "zod";
import type { Clock } from "../lib/clock.ts";
import { BudgetWaitTooLong, type Release, RequestBudget } from "../lib/request-budget.ts";
import { acquireShared, type BudgetLedger } from "../lib/shared-budget.ts";
import {
  ExchangeApiError,
  ExchangeBusyError,
  type ExchangeError,
  ExchangeNetworkError,
  ExchangeSchemaError,
  ExchangeTimeoutError,
} from "../swaps/exchange-errors.ts";
import type {
  CallOptions,
  CreatedSwap,
  EndpointClass,
  ExchangeCoin,
  ExchangePort,
  ExchangeQuote,
  ListedSwap,
  ListRequest,
  Page,
  QuoteRequest,
  SwapDetail,
} from "../swaps/exchange-port.ts";
import type { SwapOrder } from "../swaps/swap.ts";
import type { DialectAdapter, SearchParams, WireRequest } from "./dialect.ts";
import { specDialect } from "./dialects/spec.ts";
import { limitInWords, parseRetryAfter, readJson, upstreamMessage } from "./error-answers.ts";
import { wholeAnswerFetch } from "./whole-answer.ts";
import { errorBodySchema } from "./wire.ts";

export interface ExchangeClientOptions {
  /** Base URL ending in /api/v2. */
  baseUrl: string;
  apiKey: string;
  /** How the exchange speaks (default: the spec's dialect). */
  dialect?: DialectAdapter;
  limits: { publicPerMin: number; createPerMin: number; readPerMin: number };
  /**
   * Per attempt, from the budget's grant to the body's last byte (ky applies its timeout to each
   * try separately; the fetch it races reads the whole body: whole-answer.ts). POST
   * /transactions is tried once, so for it this is the total deadline.
   */
  timeoutMs: number;
  /** How often a GET is retried on 5xx, 429 or a timeout. */
  getRetries?: number;
  /** Longest Retry-After honoured by an automatic retry; a longer one fails the call at once. */
  maxRetryAfterMs?: number;
  /** Budget window; tests shorten it. */
  windowMs?: number;
  /** Where the budgets of several instances are counted together (PostgreSQL); none: this one. */
  ledger?: BudgetLedger;
  /** The HTTP transport (default: the global fetch); benchmarks bring their own. */
  fetch?: typeof globalThis.fetch;
  /** Where the budgets read the time and wait (default: the real clock); tests move it. */
  clock?: Clock;
  onRequest?: (event: RequestEvent) => void;
}

export interface RequestEvent {
  endpoint: string;
  endpointClass: EndpointClass;
  status: number | "timeout" | "network";
  durationMs: number;
}

interface Context extends Record<string, unknown> {
  endpoint: string;
  endpointClass: EndpointClass;
  maxWaitMs?: number;
  background?: boolean;
  /** Ends a wait for budget, and a read in flight. */
  signal?: AbortSignal;
  release?: Release;
  startedAt?: number;
}

/**
 * The exchange API v2, one typed function per endpoint. Every call waits for budget of its endpoint
 * class first, every answer is checked against its schema, and every failure is an ExchangeError.
 */
export class ExchangeClient implements ExchangePort {
  readonly dialect: DialectAdapter;
  readonly budgets: Record<EndpointClass, RequestBudget>;
  /** Consecutive 429s per class, for the backoff when no Retry-After comes. */
  private readonly rateLimited: Record<EndpointClass, number> = { public: 0, create: 0, read: 0 };
  private readonly http: KyInstance;
  /** Aborted `graceMs` after stop(): every read in flight or waiting for budget ends. */
  private readonly stopping = new AbortController();
  private stopTimer: NodeJS.Timeout | undefined;

  get reverseQuotes(): boolean | "fixed" {
    return this.dialect.reverseQuotes;
  }

  constructor(private readonly options: ExchangeClientOptions) {
    // Every request in flight listens to it (an exchange that hangs holds many at once): as many as
    // the budgets let through, not a leak.
    setMaxListeners(0, this.stopping.signal);
    this.dialect = options.dialect ?? specDialect;
    const windowMs = options.windowMs ?? 60_000;
    this.budgets = {
      public: new RequestBudget(options.limits.publicPerMin, windowMs, { clock: options.clock }),
      create: new RequestBudget(options.limits.createPerMin, windowMs, { clock: options.clock }),
      read: new RequestBudget(options.limits.readPerMin, windowMs, {
        userLimit: usersShareOfReads(options.limits.readPerMin),
        clock: options.clock,
      }),
    };
    this.http = ky.create({
      prefixUrl: this.dialect.baseUrl?.(options.baseUrl) ?? options.baseUrl,
      fetch: wholeAnswerFetch(
        options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
        options.timeoutMs,
      ),
      headers: { ...this.dialect.authHeaders(options.apiKey), Accept: "application/json" },
      timeout: options.timeoutMs,
      retry: {
        limit: options.getRetries ?? 2,
        // POST /transactions is never retried: a lost answer may still have created the swap.
        methods: ["get"],
        statusCodes: [408, 429, 500, 502, 503, 504],
        afterStatusCodes: [429, 503],
        maxRetryAfter: options.maxRetryAfterMs ?? 10_000,
        backoffLimit: 4_000,
        jitter: true,
        retryOnTimeout: true,
        // Waiting for our own budget is not an upstream failure: retrying would only wait again.
        // Nor is a wait ended by a stop: retrying it would hold the shutdown for the backoff.
        shouldRetry: ({ error }) =>
          error instanceof ExchangeBusyError || error.name === "AbortError" ? false : undefined,
      },
      hooks: {
        beforeRequest: [
          async (_request, opts) => {
            const ctx = opts.context as Context;
            const budget = this.budgets[ctx.endpointClass];
            const waitStarted = Date.now();
            try {
              ctx.release = await budget.acquire({
                maxWaitMs: ctx.maxWaitMs,
                background: ctx.background,
                signal: ctx.signal,
              });
              if (this.options.ledger)
                ctx.release = await this.shared(ctx, ctx.release, waitStarted);
            } catch (error) {
              if (error instanceof BudgetWaitTooLong) {
                throw new ExchangeBusyError(ctx.endpoint, ctx.endpointClass, error.waitMs);
              }
              throw error;
            }
            ctx.startedAt = Date.now();
          },
        ],
        afterResponse: [
          (_request, opts, response) => {
            const ctx = opts.context as Context;
            this.finish(ctx, response.status);
            const streak = this.rateLimited[ctx.endpointClass];
            if (response.status !== 429) {
              this.rateLimited[ctx.endpointClass] = 0;
              return;
            }
            // Our count and the upstream's disagree (another client on the same key or IP?):
            // hold the whole class back, not only this request; without a Retry-After, back
            // off exponentially.
            this.rateLimited[ctx.endpointClass] = streak + 1;
            const retryAfter = parseRetryAfter(response.headers.get("Retry-After"));
            this.budgets[ctx.endpointClass].pause(
              retryAfter ?? Math.min(500 * 2 ** streak, 30_000),
            );
          },
        ],
        beforeRetry: [
          ({ options: opts, error }) => {
            // The failed attempt got no response (timeout, reset): free its slot before the next.
            const ctx = opts.context as Context;
            if (ctx.release)
              this.finish(ctx, error instanceof TimeoutError ? "timeout" : "network");
          },
        ],
      },
    });
  }

  /** This process's slot and, on top of it, one of the budget all instances share. */
  private async shared(ctx: Context, local: Release, waitStarted: number): Promise<Release> {
    const budget = this.budgets[ctx.endpointClass];
    try {
      const shared = await acquireShared(this.options.ledger!, {
        endpointClass: ctx.endpointClass,
        limit: budget.limit,
        windowMs: budget.windowMs,
        ...(ctx.background || budget.userLimit === budget.limit
          ? {}
          : { userLimit: budget.userLimit }),
        maxWaitMs:
          ctx.maxWaitMs === undefined ? undefined : ctx.maxWaitMs - (Date.now() - waitStarted),
        signal: ctx.signal,
      });
      return () => {
        local();
        shared();
      };
    } catch (error) {
      local();
      throw error;
    }
  }

  listCurrencies(
    params: { page?: number; size?: number; search?: string } = {},
    call?: CallOptions,
  ): Promise<Page<ExchangeCoin>> {
    const { currencies } = this.dialect;
    return this.send(
      "GET /currencies",
      "public",
      currencies.route?.(params) ?? routeOf("currencies", currencies.params?.(params)),
      currencies.schema,
      call,
    );
  }

  async getRate(params: QuoteRequest, call?: CallOptions): Promise<ExchangeQuote> {
    const { limits } = this.dialect.rate;
    if (!limits) return this.estimate(params, call);
    // The limits first (a call of their own in this dialect): an amount they refuse is answered
    // from them alone, without asking for an estimate the exchange would refuse.
    const range = await this.send("GET /rate", "public", limits.route(params), limits.schema, call);
    const amount = Number(params.amount);
    const breach =
      params.receiveAmount !== undefined
        ? undefined
        : amount < range.minimum
          ? "below"
          : range.maximum > 0 && amount > range.maximum
            ? "above"
            : undefined;
    if (breach) {
      return {
        sendAmount: amount,
        receiveAmount: 0,
        rate: 0,
        minimum: range.minimum,
        maximum: range.maximum,
        rateType: params.rateType ?? "float",
        note: limits.outOfRange(breach),
      };
    }
    const quote = await this.estimate(params, call);
    return { ...quote, minimum: range.minimum, maximum: range.maximum };
  }

  private estimate(params: QuoteRequest, call?: CallOptions): Promise<ExchangeQuote> {
    const { rate } = this.dialect;
    const route = rate.route?.(params) ?? routeOf("rate", rate.params?.(params));
    return this.send("GET /rate", "public", route, rate.schema, call).catch((error: unknown) => {
      // An out-of-range amount answered as a refusal with the limits in the body is a quote
      // the user can act on, not a failure.
      if (error instanceof ExchangeApiError) {
        const quote = rate.fromRefusal(
          {
            status: error.status,
            body: errorBodySchema.parse(error.body),
            message: error.upstreamMessage,
          },
          params,
        );
        if (quote) return quote;
        const inWords = refusalInWords(error, params);
        if (inWords) return inWords;
      }
      throw error;
    });
  }

  async createTransaction(order: SwapOrder, call?: CallOptions): Promise<CreatedSwap> {
    // The amount goes out as the exact digits the user typed, as a JSON number, not via a double.
    const json = this.dialect.create.body(order);
    // Not retried, so the attempt's timeout (body included) is the POST's total deadline: no
    // answer comes after the reconciler has decided about it. Nor aborted by stop(): its outcome
    // matters, and the deadline bounds it.
    return this.request(
      "POST /transactions",
      "create",
      this.dialect.create.schema,
      call,
      (context) =>
        this.http.post(this.dialect.create.path?.(order) ?? "transactions", {
          body: json,
          headers: { "Content-Type": "application/json" },
          context,
        }),
    );
  }

  listTransactions(params: ListRequest = {}, call?: CallOptions): Promise<Page<ListedSwap>> {
    const { list } = this.dialect;
    return this.send(
      "GET /transactions",
      "read",
      list.route?.(params) ?? routeOf("transactions", list.params?.(params)),
      list.schema,
      call,
    );
  }

  getTransaction(id: string, call?: CallOptions): Promise<SwapDetail> {
    const { detail } = this.dialect;
    return this.send(
      "GET /transactions/{id}",
      "read",
      detail.route?.(id) ?? routeOf(`transactions/${encodeURIComponent(id)}`, {}),
      detail.schema,
      call,
    );
  }

  /** One read (a GET, or a POST that creates nothing: LetsExchange's `info`), retried as a GET. */
  private send<T>(
    endpoint: string,
    endpointClass: EndpointClass,
    route: WireRequest<T>,
    schema: z.ZodType<T>,
    call?: CallOptions,
  ): Promise<T> {
    const searchParams = Object.fromEntries(
      Object.entries(route.searchParams ?? {}).filter(
        (e): e is [string, string | number | boolean] => e[1] !== undefined,
      ),
    );
    // A read ends when its caller's signal aborts or the client stops: it never holds a stop.
    const ends = call?.signal ? [call.signal, this.stopping.signal] : [this.stopping.signal];
    const signal = ends.length > 1 ? AbortSignal.any(ends) : this.stopping.signal;
    return this.request(
      endpoint,
      endpointClass,
      route.schema ?? schema,
      { ...call, signal },
      (context) =>
        untilAborted(
          route.method === "post"
            ? this.http.post(route.path, {
                body: route.body ?? "{}",
                headers: { "Content-Type": "application/json" },
                searchParams,
                context,
                signal,
                // A quote asked by POST is a read: retried like a GET.
                retry: { methods: ["post"] },
              })
            : this.http.get(route.path, { searchParams, context, signal }),
          ends,
        ),
    );
  }

  /**
   * The process is stopping: `graceMs` from now every read in flight or waiting for budget ends
   * (with an AbortError), and so does every one asked for after that. Until then reads go on, so
   * that an update in flight finishes (a Confirm's read-back after its create, say); a read whose
   * answer stalls holds the stop no longer than the grace. A create in flight runs to its deadline.
   */
  stop(graceMs = STOP_GRACE_MS): void {
    if (this.stopTimer || this.stopping.signal.aborted) return;
    if (graceMs <= 0) {
      this.stopping.abort();
      return;
    }
    this.stopTimer = setTimeout(() => this.stopping.abort(), graceMs);
    this.stopTimer.unref();
  }

  private async request<S extends z.ZodType>(
    endpoint: string,
    endpointClass: EndpointClass,
    schema: S,
    call: CallOptions | undefined,
    send: (context: Context) => Promise<Response>,
  ): Promise<z.output<S>> {
    const context: Context = {
      endpoint,
      endpointClass,
      maxWaitMs: call?.maxWaitMs,
      background: call?.background,
      signal: call?.signal,
    };
    let response: Response;
    try {
      response = await send(context);
    } catch (error) {
      throw await this.toExchangeError(error, context);
    }
    // Read whole already, within the attempt's timeout (whole-answer.ts).
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ExchangeSchemaError(endpoint, "", "body is not JSON");
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ExchangeSchemaError(
        endpoint,
        issue?.path.join(".") ?? "",
        issue?.message ?? "invalid",
      );
    }
    return parsed.data;
  }

  private finish(context: Context, status: RequestEvent["status"]): void {
    context.release?.();
    context.release = undefined;
    const startedAt = context.startedAt ?? Date.now();
    this.options.onRequest?.({
      endpoint: context.endpoint,
      endpointClass: context.endpointClass,
      status,
      durationMs: Date.now() - startedAt,
    });
  }

  private async toExchangeError(error: unknown, context: Context): Promise<ExchangeError | Error> {
    const { endpoint } = context;
    if (error instanceof ExchangeBusyError) return error;
    if (error instanceof HTTPError) {
      const response = error.response;
      const body = errorBodySchema.parse(await readJson(response));
      return new ExchangeApiError(
        endpoint,
        response.status,
        upstreamMessage(body, response.status),
        typeof body.code === "number" ? body.code : undefined,
        body,
        parseRetryAfter(response.headers.get("Retry-After")),
      );
    }
    if (error instanceof TimeoutError) {
      if (context.release) this.finish(context, "timeout");
      return new ExchangeTimeoutError(endpoint, this.options.timeoutMs);
    }
    if (error instanceof Error && error.name === "AbortError") {
      // Stopped or called off: nothing to count, only the slot to give back.
      context.release?.();
      context.release = undefined;
      return error;
    }
    if (context.release) this.finish(context, "network");
    return new ExchangeNetworkError(endpoint, error);
  }
}

/** The spec's endpoint at `path`, with the dialect's query parameters. */
function routeOf<T>(path: string, searchParams: SearchParams | undefined): WireRequest<T> {
  if (!searchParams)
    throw new TypeError(`the dialect writes neither params nor a route for ${path}`);
  return { method: "get", path, searchParams };
}

/**
 * How long reads may still run after stop(): well inside the time an update in flight is given to
 * finish on a stop (6 s), and the process's 10 s.
 */
const STOP_GRACE_MS = 3_000;

/**
 * A refusal of an amount that names the pair's limit only in its words (a 400 `{message, code}`,
 * the spec's error shape): a quote without a rate that states the limit, as a refusal with the
 * limits in its body is. Else undefined: the refusal is an error.
 */
function refusalInWords(error: ExchangeApiError, request: QuoteRequest): ExchangeQuote | undefined {
  if (![400, 422].includes(error.status)) return undefined;
  const minimum = limitInWords(error.upstreamMessage, "min");
  const maximum = limitInWords(error.upstreamMessage, "max");
  if (minimum === undefined && maximum === undefined) return undefined;
  return {
    sendAmount: Number(request.receiveAmount === undefined ? request.amount : 0),
    receiveAmount: 0,
    rate: 0,
    minimum: minimum ?? 0,
    maximum: maximum ?? 0,
    rateType: request.rateType ?? "float",
    note: error.upstreamMessage,
  };
}

/**
 * `request`, or an AbortError as soon as one of `signals` aborts, whether or not fetch notices:
 * each is listened to itself, not through the signal combined from them (see whole-answer.ts).
 */
function untilAborted<T>(request: Promise<T>, signals: readonly AbortSignal[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      request.catch(() => undefined);
      // The reason the caller gave its signal (the bot stopping), else a plain AbortError.
      const reason = signals.find((signal) => signal.aborted)?.reason;
      reject(reason ?? new DOMException("the request was aborted", "AbortError"));
    };
    const done = () => {
      for (const signal of signals) signal.removeEventListener("abort", onAbort);
    };
    if (signals.some((signal) => signal.aborted)) return onAbort();
    for (const signal of signals) signal.addEventListener("abort", onAbort, { once: true });
    request.then(
      (value) => {
        done();
        resolve(value);
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}

/**
 * What user requests may take of the read budget: at most half, so that the status tracker keeps
 * the other half however often users ask for their swaps (and one request, at a limit of 1).
 */
export function usersShareOfReads(readPerMin: number): number {
  return Math.max(1, Math.floor(readPerMin / 2));
}
