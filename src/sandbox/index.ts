import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { buildCatalog } from "./coins.ts";
import { createControl, type SandboxControl } from "./control.ts";
import { DIALECTS, type Dialect } from "./dialect.ts";
import { Faults } from "./faults.ts";
import { type Limits, RateLimiter, SPEC_LIMITS } from "./limits.ts";
import { memoNetworksOf } from "./memos.ts";
import { checkedMarket, NEUTRAL_MARKET, type SandboxMarket } from "./pricing.ts";
import { createRequestHandler } from "./server.ts";
import { type PageSizeCap, type Quirks, type SandboxState, SPEC_QUIRKS } from "./state.ts";
import { StatsCounter } from "./stats.ts";
import { type Schedule, TransactionStore } from "./store.ts";
import { Hangs, Sleeps } from "./timers.ts";

export type { SandboxCoin } from "./coins.ts";
export type { SandboxControl, SeedOptions, TimelineEntry } from "./control.ts";
export type { Dialect } from "./dialect.ts";
export type {
  DownMode,
  Endpoint,
  FaultTarget,
  MalformedBody,
  MalformedFaultOptions,
  StallFaultOptions,
  StatusFaultOptions,
} from "./faults.ts";
export type { Limits } from "./limits.ts";
export type { SandboxMarket, SandboxRateType } from "./pricing.ts";
export type { PageSizeCap, Quirks } from "./state.ts";
export type { SandboxStats } from "./stats.ts";
export type { SandboxTransaction, Schedule } from "./store.ts";
export { DIALECTS, NEUTRAL_MARKET, SPEC_LIMITS, SPEC_QUIRKS };

/**
 * Each dialect's market when none is given, so that sandboxes started side by side with only
 * `{ dialect }` quote one pair at different amounts and take different amounts (BTC → ETH at a
 * floating rate, of the spec's: exolix 0.4 % more, letsexchange 0.2 % more, changenow 0.3 % less;
 * the smallest minimum at changenow, the largest at letsexchange, the highest maximum at exolix).
 * The spec dialect's is the catalog's exactly.
 */
export const DEFAULT_MARKETS: Readonly<Record<Dialect, Readonly<SandboxMarket>>> = {
  spec: NEUTRAL_MARKET,
  exolix: { rateFactor: 1.004, minFactor: 1, maxFactor: 1.5 },
  changenow: { rateFactor: 0.997, minFactor: 0.7, maxFactor: 1.1 },
  letsexchange: { rateFactor: 1.002, minFactor: 1.3, maxFactor: 1.2 },
};

/** The first letter of each dialect's ids (then the sandbox's number in this process). */
const ID_LETTER: Readonly<Record<Dialect, string>> = {
  spec: "s",
  exolix: "x",
  changenow: "c",
  letsexchange: "l",
};

/** Sandboxes started in this process, for ids no other sandbox of the process issues. */
let started = 0;

export interface SandboxOptions {
  /**
   * How it speaks: `spec` (docs/exchange-api-v2.md, the default), `exolix`
   * (docs/exchange-in-the-wild.md), `changenow` or `letsexchange`.
   */
  dialect?: Dialect;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default "sandbox-" + 24 random hex digits. */
  apiKey?: string;
  /** Default the spec's 60/30/120 per minute; false: unlimited. */
  limits?: Limits | false;
  /** Silent caps on `size`; the spec publishes none, so clients must learn them. */
  pageSizeCap?: PageSizeCap;
  /** The automatic status machine; false: statuses change only through control. */
  schedule?: Schedule | false;
  /** Real-world deviations from the spec; all off by default. */
  quirks?: Partial<Quirks>;
  /**
   * Moves this sandbox's rates and limits (see SandboxMarket); the factors given replace the
   * dialect's default ones (DEFAULT_MARKETS). NEUTRAL_MARKET: the catalog's prices exactly.
   */
  market?: Partial<SandboxMarket>;
  /**
   * Starts every transaction id this sandbox issues (then 12 random hex digits). Default: the
   * dialect's letter and the sandbox's number in this process ("x2…"), so that no two sandboxes of
   * one process ever issue the same id.
   */
  idPrefix?: string;
  /** Receives one line per request (and the stack of any unexpected error). */
  logger?: (line: string) => void;
}

export interface Sandbox {
  /** Base URL ending in /api/v2 (ChangeNOW's dialect: /v2), e.g. http://127.0.0.1:45678/api/v2. */
  url: string;
  apiKey: string;
  dialect: Dialect;
  control: SandboxControl;
  /** Stops listening, drops open connections (held ones too) and cancels pending delays. */
  close(): Promise<void>;
}

/** Quick enough that a try-out shows a whole swap within a minute. */
const DEFAULT_SCHEDULE: Schedule = {
  confirmationAfterMs: 15_000,
  exchangingAfterMs: 30_000,
  successAfterMs: 45_000,
};

/** The caps a client meets unless told otherwise. */
const DEFAULT_PAGE_SIZE_CAP: PageSizeCap = { currencies: 100, transactions: 100 };

/** Starts the embedded exchange: a real HTTP server implementing API v2. */
/** Where each dialect's API lives below the host. */
const ROOTS: Readonly<Record<Dialect, string>> = {
  spec: "/api/v2",
  exolix: "/api/v2",
  changenow: "/v2",
  letsexchange: "/api",
};

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const coins = buildCatalog();
  const limits = options.limits ?? SPEC_LIMITS;
  const dialect = options.dialect ?? "spec";
  const market = checkedMarket({ ...DEFAULT_MARKETS[dialect], ...options.market });
  started++;
  const idPrefix = options.idPrefix ?? `${ID_LETTER[dialect]}${started.toString(36)}`;
  const state: SandboxState = {
    dialect,
    coins,
    byCode: new Map(coins.map((c) => [c.code, c])),
    memoNetworks: memoNetworksOf(coins),
    store: new TransactionStore(options.schedule ?? DEFAULT_SCHEDULE, dialect, idPrefix),
    faults: new Faults(),
    limiter: limits ? new RateLimiter(limits) : undefined,
    apiKey: options.apiKey ?? `sandbox-${randomBytes(12).toString("hex")}`,
    pageSizeCap: { ...(options.pageSizeCap ?? DEFAULT_PAGE_SIZE_CAP) },
    quirks: { ...SPEC_QUIRKS, ...options.quirks },
    stats: new StatsCounter(),
    sleeps: new Sleeps(),
    hangs: new Hangs(),
    market,
    logger: options.logger,
  };
  const server = createServer(createRequestHandler(state));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  // A wildcard bind is reachable on loopback; a URL needs a concrete host.
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const hostPart = urlHost.includes(":") ? `[${urlHost}]` : urlHost;

  let closing: Promise<void> | undefined;
  return {
    // ChangeNOW's root is /v2; LetsExchange's paths name their version (/api/v1/info,
    // /api/v2/coins): its root is /api.
    url: `http://${hostPart}:${port}${ROOTS[dialect]}`,
    apiKey: state.apiKey,
    dialect,
    control: createControl(state),
    close() {
      closing ??= new Promise<void>((resolve) => {
        state.sleeps.cancelAll();
        server.close(() => resolve());
        server.closeAllConnections();
        state.hangs.releaseAll();
      });
      return closing;
    },
  };
}

/**
 * The exchange name each dialect's sandbox goes by in the bot's settings (`EXCHANGES=…`,
 * `EXCHANGE_<NAME>_*`): the known names for the dialects of real exchanges, `swapspec` for the spec's.
 */
export const SANDBOX_EXCHANGE_NAMES: Readonly<Record<Dialect, string>> = {
  spec: "swapspec",
  exolix: "exolix",
  changenow: "changenow",
  letsexchange: "letsexchange",
};

/** A sandbox with the exchange name it goes by. */
export interface NamedSandbox {
  name: string;
  sandbox: Sandbox;
}

/**
 * One sandbox per dialect, in DIALECTS' order, each named as SANDBOX_EXCHANGE_NAMES says and at
 * its dialect's default market unless `options.market` moves them all: offers side by side.
 * A `port` other than 0 is the first of four consecutive ports; an `apiKey` is every sandbox's.
 * If one fails to start, those already started are closed.
 */
export async function startSandboxSet(
  options: Omit<SandboxOptions, "dialect" | "idPrefix"> = {},
): Promise<NamedSandbox[]> {
  const set: NamedSandbox[] = [];
  try {
    for (const [i, dialect] of DIALECTS.entries()) {
      const port = options.port ? options.port + i : 0;
      const sandbox = await startSandbox({ ...options, dialect, port });
      set.push({ name: SANDBOX_EXCHANGE_NAMES[dialect], sandbox });
    }
  } catch (error) {
    await Promise.all(set.map((s) => s.sandbox.close()));
    throw error;
  }
  return set;
}
