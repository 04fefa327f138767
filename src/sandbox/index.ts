import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { buildCatalog } from "./coins.ts";
import { type EndpointOrAny, Faults } from "./faults.ts";
import { WindowLimiter } from "./limits.ts";
import { quote } from "./pricing.ts";
import { createHandler, type Quirks, type SandboxState, type SandboxStats } from "./server.ts";
import { type SandboxTransaction, type Schedule, TransactionStore } from "./store.ts";

export type { Quirks, SandboxStats, SandboxTransaction, Schedule };

export interface SandboxOptions {
  host?: string;
  port?: number;
  apiKey?: string;
  /** The spec's limits by default (60/30/120 per minute); false: unlimited. */
  limits?: { publicPerMin: number; createPerMin: number; readPerMin: number } | false;
  /** Silent caps on `size`: the spec does not publish one, so clients must learn it. */
  pageSizeCap?: { currencies: number; transactions: number };
  /** Automatic status machine; false: statuses change only through control. */
  schedule?: Schedule | false;
  quirks?: Partial<Quirks>;
}

/** Quick enough that a try-out shows a whole swap within a minute. */
export const DEFAULT_SCHEDULE: Schedule = {
  confirmationAfterMs: 15_000,
  exchangingAfterMs: 30_000,
  successAfterMs: 45_000,
};

export interface SeedOptions {
  status?: string;
  /** Creation times spread evenly over this many ms before now (default: one hour). */
  spreadOverMs?: number;
  coinFrom?: string;
  coinTo?: string;
}

export interface SandboxControl {
  setStatus(id: string, status: string): SandboxTransaction;
  seed(n: number, options?: SeedOptions): string[];
  transactions(): SandboxTransaction[];
  transaction(id: string): SandboxTransaction | undefined;
  failNext(
    endpoint: EndpointOrAny,
    options: { status: number; message?: string; times?: number },
  ): void;
  malformedNext(
    endpoint: EndpointOrAny,
    options?: { body?: "garbage" | "shape"; times?: number },
  ): void;
  setDelay(endpoint: EndpointOrAny, ms: number): void;
  setDown(down: boolean): void;
  /** The next POST /transactions creates the transaction but answers after `ms` (or drops). */
  createThenHang(ms: number, options?: { destroy?: boolean }): void;
  setSchedule(schedule: Schedule | false): void;
  setQuirks(quirks: Partial<Quirks>): void;
  clearFaults(): void;
  readonly stats: SandboxStats;
  resetStats(): void;
}

export interface Sandbox {
  url: string;
  apiKey: string;
  control: SandboxControl;
  close(): Promise<void>;
}

/** Starts the embedded exchange: a real HTTP server implementing API v2 on a loopback port. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const coins = buildCatalog();
  const apiKey = options.apiKey ?? `sandbox-${randomBytes(12).toString("hex")}`;
  const limits = options.limits ?? { publicPerMin: 60, createPerMin: 30, readPerMin: 120 };
  const state: SandboxState = {
    coins,
    byCode: new Map(coins.map((c) => [c.code, c])),
    store: new TransactionStore(
      options.schedule === undefined ? DEFAULT_SCHEDULE : options.schedule,
    ),
    faults: new Faults(),
    limits: limits && {
      public: new WindowLimiter(limits.publicPerMin),
      create: new WindowLimiter(limits.createPerMin),
      read: new WindowLimiter(limits.readPerMin),
    },
    apiKey,
    pageSizeCap: options.pageSizeCap ?? { currencies: 100, transactions: 100 },
    quirks: {
      rangeAs422: false,
      errorStyle: "message",
      created201: false,
      numbersAsStrings: false,
      ...options.quirks,
    },
    stats: { responses: {}, served429: 0 },
  };
  const server = createServer(createHandler(state));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== "0.0.0.0" ? options.host : "127.0.0.1";

  const control: SandboxControl = {
    setStatus: (id, status) => state.store.setStatus(id, status),
    seed(n, seed = {}) {
      const from = state.byCode.get(seed.coinFrom ?? "btc") ?? coins[0]!;
      const to = state.byCode.get(seed.coinTo ?? "eth") ?? coins[1]!;
      const spread = seed.spreadOverMs ?? 3_600_000;
      const now = Date.now();
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        // Oldest first, so the store appends instead of inserting.
        const createdMs = now - spread + Math.floor((spread * i) / Math.max(1, n));
        const amount = Number((0.01 + (i % 100) / 1000).toFixed(3));
        const q = quote(from, to, amount, "float");
        const tx: SandboxTransaction = {
          id: state.store.newId(),
          status: seed.status ?? "wait",
          coin_from: from.code,
          coin_to: to.code,
          network_from: from.networks[0]!,
          network_to: to.networks[0]!,
          amount_in: amount,
          amount_out_expected: q.toAmount,
          amount_out: 0,
          rate: q.rate,
          rate_type: "float",
          deposit_address: `seed-deposit-${i}-${randomBytes(8).toString("hex")}`,
          withdrawal_address: `seed-withdrawal-${i}-${randomBytes(8).toString("hex")}`,
          refund_address: null,
          tx_hash_in: "",
          tx_hash_out: "",
          created_at: new Date(createdMs).toISOString(),
          createdMs,
          manual: seed.status !== undefined,
        };
        state.store.add(tx);
        ids.push(tx.id);
      }
      return ids;
    },
    transactions: () => state.store.all(),
    transaction: (id) => state.store.get(id),
    failNext: (endpoint, o) => state.faults.failNext(endpoint, o),
    malformedNext: (endpoint, o) => state.faults.malformedNext(endpoint, o),
    setDelay: (endpoint, ms) => state.faults.setDelay(endpoint, ms),
    setDown: (down) => {
      state.faults.down = down;
    },
    createThenHang: (ms, o = {}) => {
      state.faults.hangNextCreate = { ms, destroy: o.destroy ?? false };
    },
    setSchedule: (schedule) => {
      state.store.schedule = schedule;
    },
    setQuirks: (quirks) => {
      Object.assign(state.quirks, quirks);
    },
    clearFaults: () => state.faults.clear(),
    get stats() {
      return state.stats;
    },
    resetStats: () => {
      state.stats.responses = {};
      state.stats.served429 = 0;
    },
  };

  return {
    url: `http://${host}:${port}/api/v2`,
    apiKey,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
