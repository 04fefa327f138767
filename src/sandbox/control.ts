import { depositAddressFor, depositFor } from "./addresses.ts";
import type { SandboxCoin } from "./coins.ts";
import type {
  CreateAlteration,
  DownMode,
  FaultTarget,
  MalformedBody,
  MalformedFaultOptions,
  StallFaultOptions,
  StatusFaultOptions,
} from "./faults.ts";
import { type Limits, RateLimiter } from "./limits.ts";
import {
  checkedMarket,
  quote,
  round8,
  type SandboxMarket,
  type SandboxRateType,
} from "./pricing.ts";
import type { Quirks, SandboxState } from "./state.ts";
import type { SandboxStats } from "./stats.ts";
import type { SandboxTransaction, Schedule } from "./store.ts";

/** A planned status change: `status` from `at` on. */
export interface TimelineEntry {
  status: string;
  at: Date | string | number;
}

export interface SeedOptions {
  /** Status of every seeded transaction; default "wait". */
  status?: string;
  /** All created at this instant (or, with spreadOverMs, the newest one is). */
  createdAt?: Date | string | number;
  /** Creation times spread evenly over this many ms, ending at createdAt or now. Default: one
   * hour when createdAt is not given, else 0. */
  spreadOverMs?: number;
  /** Default "btc". */
  coinFrom?: string;
  /** Default "eth". */
  coinTo?: string;
  networkFrom?: string;
  networkTo?: string;
  /** Default: varied amounts between about $50 and $5,000 worth of coinFrom. */
  amount?: number;
  /** Default "float". */
  rateType?: SandboxRateType;
  /** Default: a fresh realistic address per transaction. */
  withdrawalAddress?: string;
  refundAddress?: string | null;
  /**
   * Whether the automatic schedule moves them (measured from their created_at, so old ones jump
   * straight to success on the first read). Default false: seeded transactions stay where they
   * are put until setStatus.
   */
  auto?: boolean;
}

/** The sandbox's programmatic side, for tests and benchmarks. Nothing here goes through HTTP. */
export interface SandboxControl {
  /**
   * Puts a transaction in any status (unknown ones like "sending" too), filling tx_hash_in from
   * confirmation on, tx_hash_out and the final amount_out on success; refunded zeroes amount_out.
   * The automatic schedule no longer moves it. Throws for an unknown id.
   */
  setStatus(id: string, status: string): SandboxTransaction;
  /**
   * Plans a transaction's statuses ahead: each entry's status is entered once its time has come,
   * with what it implies filled as setStatus does. The schedule no longer moves it; a later
   * setStatus drops the rest of the plan. Throws for an unknown id or time.
   */
  setTimeline(id: string, entries: readonly TimelineEntry[]): SandboxTransaction;
  /**
   * The exchange holds a transaction to verify it (ChangeNOW's `verifying`, a LetsExchange
   * `kyc_url`): `link` where the user answers it (default: a made-up KYC page of the sandbox),
   * `asks` what it asks (default null). The schedule no longer moves it. Throws for an unknown id.
   */
  hold(id: string, hold?: { link?: string | null; asks?: string | null }): SandboxTransaction;
  /** Ends a hold: the transaction goes on in `status` (default "exchanging"), as setStatus. */
  release(id: string, status?: string): SandboxTransaction;
  /**
   * Creates n transactions directly (10,000 in a few tens of ms); returns their ids, oldest first.
   * They are listed under the one API key like the bot's own, so this is also how a test plays
   * another client on the same key (a website sharing it) without spending the key's budgets.
   */
  seed(n: number, options?: SeedOptions): string[];
  /** Copies of all transactions, newest first, with the schedule applied. */
  transactions(): SandboxTransaction[];
  transaction(id: string): SandboxTransaction | undefined;
  clearTransactions(): void;
  /**
   * Test-only: the exchange forgets a transaction (a purged order): its detail answers 404 and
   * no list shows it. Throws for an unknown id.
   */
  forget(id: string): void;
  /**
   * Test-only: lists leave the transaction out (a lagging list) while its detail still answers;
   * `false` lists it again. Throws for an unknown id.
   */
  leaveOutOfList(id: string, leftOut?: boolean): void;
  /** GET /transactions/{id} requests for this id that reached the answer (404s included). */
  detailReadsOf(id: string): number;

  /** The next `times` responses of `target` answer this status (before auth and limits). */
  failNext(target: FaultTarget, options: StatusFaultOptions): void;
  /** The next `times` responses of `target` are a 200 with a broken body. */
  malformedNext(target: FaultTarget, options?: MalformedFaultOptions): void;
  /**
   * The next `times` answers of `target` send their status line, headers and half their body at
   * once, and the rest only after `ms`: an upstream whose answer stops half-way.
   */
  stallNext(target: FaultTarget, options: StallFaultOptions): void;
  /** Every answer of `target` waits `ms` first; 0 removes the delay. */
  setDelay(target: FaultTarget, ms: number): void;
  /** Down: every request answers 503 until set up again (true is takeDown("unavailable")). */
  setDown(down: boolean): void;
  /**
   * Takes the whole exchange down until bringUp(): every request on every endpoint (unknown paths
   * too) is either held without any answer, the connection left open (`hang`, the default: a dead
   * upstream behind a live load balancer, which only a client's own deadline ends), or answered
   * 503 at once (`unavailable`). close() still ends promptly, dropping the held requests.
   */
  takeDown(mode?: DownMode): void;
  /** Back up: answers again; requests held by a `hang` are dropped (their connections closed). */
  bringUp(): void;
  /** How the exchange is down now, or false when it is up. */
  downMode(): DownMode | false;
  /** Requests held without an answer right now (a `hang` down mode), for tests to wait on. */
  heldRequests(): number;
  /**
   * While on (the default argument), every create is refused as a definite refusal in the
   * dialect's own words for a pair it does not take (spec: 400 naming the pair; exolix and
   * letsexchange: 422 "Such exchange pair is not available"; changenow: 400 `pair_is_inactive`):
   * no transaction is created. Quotes still answer. `refuseCreates(false)` accepts them again.
   */
  refuseCreates(refuse?: boolean): void;
  /** Whether creates are being refused (see refuseCreates). */
  refusingCreates(): boolean;
  /**
   * The next successful POST /transactions really creates the transaction, then answers only
   * after `ms`, or, with destroy, destroys the socket after `ms` without answering.
   */
  createThenHang(
    ms: number,
    options?: {
      destroy?: boolean;
      garble?: MalformedBody;
      status?: number;
      stallBody?: boolean;
      othersAfter?: number;
    },
  ): void;
  /**
   * Every read of this transaction's detail answers `status` (500 by default) until called again
   * with false: one transaction the exchange cannot show, among others it can.
   */
  failDetail(id: string, status?: number | false): void;
  /**
   * The next POST /transactions answers (and, with `persist`, creates) these values instead. The
   * names are the spec's in either dialect; under `exolix` they land on its fields (`amount_in` on
   * `amount`, `coin_from` on `coinFrom.coinCode`, `deposit_extra_id: null` as `depositExtraId:
   * null`, ...).
   */
  alterNextCreate(alteration: CreateAlteration): void;
  /**
   * The next POST /transactions creates the swap without the payout memo it was sent (an exchange
   * that ignores `withdrawalExtraId`): neither its answer nor its detail carries one.
   */
  dropPayoutMemoNextCreate(): void;
  /** Whether the exchange offers swapping `from` into `to` (that direction); all are by default. */
  setPairAvailable(from: string, to: string, available: boolean): void;
  /**
   * The next POST /transactions opens the swap on the coins' default networks whatever it asked
   * for, and its answer names no network (the detail tells the truth).
   */
  useDefaultNetworksNextCreate(): void;
  /**
   * The next fixed-rate POST /transactions really creates the swap with its payout (and rate)
   * lower by `fraction` (0.02: 2 %) than the fixed quote for the same amount.
   */
  worsenNextFixedCreate(fraction: number): void;
  /**
   * The next floating-rate POST /transactions really creates the swap with its estimated payout
   * (and rate) lower by `fraction` (0.9: a tenth of the quote) than the quote for the same amount.
   */
  worsenNextFloatCreate(fraction: number): void;
  /** Queued faults not yet served, per target. */
  pendingFaults(): Partial<Record<FaultTarget, number>>;
  /** Removes every queued fault, delay, hang, the down mode and refused creates. */
  clearFaults(): void;

  setSchedule(schedule: Schedule | false): void;
  setQuirks(quirks: Partial<Quirks>): void;
  /** New limits (false: unlimited); the windows start empty. */
  setLimits(limits: Limits | false): void;
  /** Empties the rate-limit windows, keeping the limits. */
  resetLimits(): void;

  /** A snapshot of the responses served since start or resetStats(). */
  readonly stats: SandboxStats;
  resetStats(): void;

  /** The catalog with what the API does not show: networks (default first) and USD prices. */
  coins(): SandboxCoin[];
  /**
   * The networks whose deposits and payouts take a memo, sorted: the list the spec dialect keeps
   * to itself (Exolix's says `memoNeeded`), for a client's own list to be checked against.
   */
  memoNetworks(): string[];
  /** Moves a coin's USD price: every quote and limit involving it moves with it. */
  setPrice(code: string, usd: number): void;
  /** This sandbox's market (see SandboxOptions.market): a copy. */
  market(): SandboxMarket;
  /**
   * Moves this sandbox's rates and limits from now on: the factors given replace the current ones
   * (the others stay). Throws a RangeError for a factor that is not a positive number.
   */
  setMarket(market: Partial<SandboxMarket>): void;
}

function coinOrThrow(state: SandboxState, code: string): SandboxCoin {
  const coin = state.byCode.get(code.toLowerCase());
  if (!coin) throw new Error(`sandbox: unknown coin ${code}`);
  return coin;
}

function networkOrThrow(coin: SandboxCoin, network: string | undefined): string {
  if (network === undefined) return coin.networks[0]!;
  const code = network.toUpperCase();
  if (!coin.networks.includes(code)) throw new Error(`sandbox: ${coin.code} has no ${network}`);
  return code;
}

export function seed(state: SandboxState, n: number, o: SeedOptions): string[] {
  const from = coinOrThrow(state, o.coinFrom ?? "btc");
  const to = coinOrThrow(state, o.coinTo ?? "eth");
  const networkFrom = networkOrThrow(from, o.networkFrom);
  const networkTo = networkOrThrow(to, o.networkTo);
  const rateType = o.rateType ?? "float";
  const { rate } = quote(from, to, 1, rateType, state.market);
  const end = o.createdAt === undefined ? Date.now() : new Date(o.createdAt).getTime();
  if (Number.isNaN(end)) throw new Error(`sandbox: bad createdAt ${String(o.createdAt)}`);
  const spread = o.spreadOverMs ?? (o.createdAt === undefined ? 3_600_000 : 0);
  const txs: SandboxTransaction[] = [];
  for (let i = 0; i < n; i++) {
    const deposit = depositFor(from, networkFrom);
    const createdMs = n > 1 ? end - spread + Math.floor((spread * i) / (n - 1)) : end;
    // 50..5,000 USD worth, four significant digits, so amounts look typed by people.
    const amount = o.amount ?? Number(((50 * (1 + ((i * 37) % 100))) / from.usd).toPrecision(4));
    const tx = state.store.build(
      {
        coin_from: from.code,
        coin_to: to.code,
        network_from: networkFrom,
        network_to: networkTo,
        amount_in: amount,
        amount_out_expected: round8(amount * rate),
        rate,
        rate_type: rateType,
        deposit_address: deposit.address,
        deposit_extra_id: deposit.memo,
        withdrawal_address: o.withdrawalAddress ?? depositAddressFor(networkTo),
        withdrawal_extra_id: null,
        refund_address: o.refundAddress ?? null,
        refund_extra_id: null,
      },
      createdMs,
      o.status ?? "wait",
      o.auto ?? false,
    );
    txs.push(tx);
  }
  state.store.addMany(txs);
  return txs.map((tx) => tx.id);
}

export function createControl(state: SandboxState): SandboxControl {
  const control: SandboxControl = {
    setStatus: (id, status) => ({ ...state.store.setStatus(id, status) }),
    setTimeline: (id, entries) => {
      const steps = entries.map(({ status, at }) => {
        const atMs = new Date(at).getTime();
        if (Number.isNaN(atMs)) throw new Error(`sandbox: bad time ${String(at)}`);
        return { status, atMs };
      });
      return { ...state.store.setTimeline(id, steps) };
    },
    hold: (id, hold = {}) => ({
      ...state.store.hold(id, {
        link: hold.link === undefined ? `https://sandbox.invalid/kyc/${id}` : hold.link,
        asks: hold.asks ?? null,
      }),
    }),
    release: (id, status = "exchanging") => ({ ...state.store.release(id, status) }),
    seed: (n, options = {}) => seed(state, n, options),
    transactions: () => state.store.all().map((tx) => ({ ...tx })),
    transaction: (id) => {
      const tx = state.store.get(id);
      return tx && { ...tx };
    },
    clearTransactions: () => state.store.clear(),
    forget: (id) => state.store.forget(id),
    leaveOutOfList: (id, leftOut = true) => state.store.setUnlisted(id, leftOut),
    detailReadsOf: (id) => state.store.detailReads.get(id) ?? 0,

    failNext: (target, options) => state.faults.failNext(target, options),
    malformedNext: (target, options) => state.faults.malformedNext(target, options),
    stallNext: (target, options) => state.faults.stallNext(target, options),
    setDelay: (target, ms) => state.faults.setDelay(target, ms),
    setDown: (down) => {
      if (down) control.takeDown("unavailable");
      else control.bringUp();
    },
    takeDown: (mode = "hang") => {
      state.faults.down = mode;
    },
    bringUp: () => {
      state.faults.down = false;
      state.hangs.releaseAll();
    },
    downMode: () => state.faults.down,
    heldRequests: () => state.hangs.size,
    refuseCreates: (refuse = true) => {
      state.faults.refuseCreates = refuse;
    },
    refusingCreates: () => state.faults.refuseCreates,
    createThenHang: (ms, options = {}) => {
      state.faults.hangNextCreate = {
        ms,
        destroy: options.destroy ?? false,
        garble: options.garble,
        status: options.status,
        stallBody: options.stallBody,
        othersAfter: options.othersAfter,
      };
    },
    failDetail: (id, status = 500) => {
      if (status === false) state.faults.failingDetails.delete(id);
      else state.faults.failingDetails.set(id, status);
    },
    alterNextCreate: (alteration) => {
      state.faults.alterNextCreate = { ...alteration };
    },
    dropPayoutMemoNextCreate: () => {
      state.faults.dropPayoutMemoNextCreate = true;
    },
    setPairAvailable: (from, to, available) => {
      const key = `${coinOrThrow(state, from).code}/${coinOrThrow(state, to).code}`;
      if (available) state.faults.unavailablePairs.delete(key);
      else state.faults.unavailablePairs.add(key);
    },
    useDefaultNetworksNextCreate: () => {
      state.faults.defaultNetworksNextCreate = true;
    },
    worsenNextFixedCreate: (fraction) => {
      if (!(fraction > 0 && fraction < 1)) throw new RangeError("sandbox: a fraction in (0, 1)");
      state.faults.worseFixedNextCreate = fraction;
    },
    worsenNextFloatCreate: (fraction) => {
      if (!(fraction > 0 && fraction < 1)) throw new RangeError("sandbox: a fraction in (0, 1)");
      state.faults.worseFloatNextCreate = fraction;
    },
    pendingFaults: () => state.faults.pending(),
    clearFaults: () => {
      state.faults.clear();
      state.hangs.releaseAll();
    },

    setSchedule: (schedule) => {
      state.store.schedule = schedule;
    },
    setQuirks: (quirks) => {
      Object.assign(state.quirks, quirks);
    },
    setLimits: (next) => {
      state.limiter = next ? new RateLimiter(next) : undefined;
    },
    resetLimits: () => {
      if (state.limiter) state.limiter = new RateLimiter(state.limiter.limits);
    },

    get stats() {
      return state.stats.snapshot();
    },
    resetStats: () => state.stats.reset(),

    coins: () => state.coins.map((c) => ({ ...c })),
    memoNetworks: () => [...state.memoNetworks].sort(),
    setPrice: (code, usd) => {
      if (!(usd > 0)) throw new RangeError("sandbox: a price must be positive");
      coinOrThrow(state, code).usd = usd;
    },
    market: () => ({ ...state.market }),
    setMarket: (market) => {
      state.market = checkedMarket({ ...state.market, ...market });
    },
  };
  return control;
}
