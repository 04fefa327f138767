import { txHashFor } from "./addresses.ts";
import type { Dialect } from "./dialect.ts";
import { finalAmountOut, type SandboxRateType } from "./pricing.ts";
import { randomHex } from "./random.ts";

/** A transaction as the sandbox keeps it: the API's fields plus two of its own. */
export interface SandboxTransaction {
  id: string;
  /** Usually one of the spec's six states, but control may set any string ("sending"). */
  status: string;
  coin_from: string;
  coin_to: string;
  network_from: string;
  network_to: string;
  amount_in: number;
  amount_out_expected: number;
  /** The estimate until `success`, then the final payout; 0 once refunded. */
  amount_out: number;
  rate: number;
  rate_type: SandboxRateType;
  deposit_address: string;
  /** The memo (destination tag) that goes with a shared deposit address; null when none. */
  deposit_extra_id: string | null;
  withdrawal_address: string;
  /** The payout memo (destination tag) asked for as `withdrawalExtraId`; null when none. */
  withdrawal_extra_id: string | null;
  refund_address: string | null;
  /** The refund memo asked for as `refundExtraId`; null when none. */
  refund_extra_id: string | null;
  /** The amount to receive the create named (Exolix's `withdrawalAmount`); absent: it named the amount to send. */
  withdrawal_amount?: number;
  /** The fixed quote a create named by its id (LetsExchange's `rate_id`); absent: none. */
  rate_id?: string;
  /** "" until the deposit is seen (confirmation or later). */
  tx_hash_in: string;
  /** "" until the payout (success). */
  tx_hash_out: string;
  /** ISO 8601 UTC with milliseconds. */
  created_at: string;
  /** created_at in epoch milliseconds, for ordering and date filters. */
  createdMs: number;
  /** Whether the automatic schedule moves it; control's setStatus turns this off. */
  auto: boolean;
  /**
   * Held for verification by control: each dialect shows it its own way (ChangeNOW `verifying`,
   * LetsExchange a `kyc_url`); null or absent: not held.
   */
  hold?: { link: string | null; asks: string | null } | null;
  /** Statuses planned by control, oldest first, each entered once its time has come. */
  timeline?: TimelineStep[];
}

/** One planned move of a transaction: `status` from `atMs` on. */
interface TimelineStep {
  status: string;
  atMs: number;
}

/** What a new transaction needs; the store adds id, status, hashes and timestamps. */
export type NewSandboxTransaction = Pick<
  SandboxTransaction,
  | "coin_from"
  | "coin_to"
  | "network_from"
  | "network_to"
  | "amount_in"
  | "amount_out_expected"
  | "rate"
  | "rate_type"
  | "deposit_address"
  | "deposit_extra_id"
  | "withdrawal_address"
  | "withdrawal_extra_id"
  | "refund_address"
  | "refund_extra_id"
>;

/** When the automatic status machine moves a transaction on, counted from its created_at. */
export interface Schedule {
  confirmationAfterMs: number;
  exchangingAfterMs: number;
  successAfterMs: number;
}

/** One stop of the automatic status machine: `status` from `afterMs` after created_at on. */
interface Stop {
  status: string;
  afterMs: number;
}

/**
 * The states a deposit-to-payout swap goes through when nothing goes wrong: the spec's four, or
 * Exolix's six (`confirmed` halfway to `exchanging`, `sending` halfway to `success`).
 */
function happyPath(schedule: Schedule, dialect: Dialect): Stop[] {
  const { confirmationAfterMs: c, exchangingAfterMs: e, successAfterMs: s } = schedule;
  const stops: Stop[] = [
    { status: "wait", afterMs: 0 },
    { status: "confirmation", afterMs: c },
    { status: "exchanging", afterMs: e },
    { status: "success", afterMs: s },
  ];
  if (dialect !== "spec") {
    stops.splice(2, 0, { status: "confirmed", afterMs: (c + e) / 2 });
    stops.splice(4, 0, { status: "sending", afterMs: (e + s) / 2 });
  }
  // ChangeNOW's `sending` (the payout broadcast) between exchanging and finished.
  if (dialect === "changenow") stops.splice(3, 0, { status: "sending", afterMs: (e + s) / 2 });
  return stops;
}

/** States in which no deposit has been seen yet. */
const BEFORE_DEPOSIT = new Set(["wait", "overdue"]);

/**
 * The sandbox's transactions, kept sorted by creation time so that date filters are binary
 * searches. The schedule is applied lazily, when a transaction is read: tens of thousands of
 * transactions cost nothing while nobody looks, and no timer keeps the process alive.
 */
export class TransactionStore {
  /** Oldest first; equal timestamps keep insertion order. */
  private items: SandboxTransaction[] = [];
  private readonly byId = new Map<string, SandboxTransaction>();
  /** Left out of every list page (a lagging list), while the detail still answers. */
  private readonly unlisted = new Set<string>();
  /** Detail reads asked for, per id (known or not): tests count what the bot looked up. */
  readonly detailReads = new Map<string, number>();

  constructor(
    public schedule: Schedule | false,
    private readonly dialect: Dialect = "spec",
    /** Starts every id: unique per sandbox, so that two sandboxes never issue the same id. */
    private readonly idPrefix = "",
  ) {}

  get size(): number {
    return this.items.length;
  }

  /** Builds a transaction (not stored yet) in `status`, with what that status implies filled. */
  build(
    input: NewSandboxTransaction,
    createdMs: number,
    status = "wait",
    auto = true,
  ): SandboxTransaction {
    const tx: SandboxTransaction = {
      id: this.newId(),
      status: "wait",
      ...input,
      amount_out: input.amount_out_expected,
      tx_hash_in: "",
      tx_hash_out: "",
      created_at: new Date(createdMs).toISOString(),
      createdMs,
      auto,
    };
    if (status !== "wait") this.enter(tx, status);
    return tx;
  }

  add(tx: SandboxTransaction): void {
    this.addMany([tx]);
  }

  /** Adds many at once: one merge instead of one insertion each, so seeding 10,000 is instant. */
  addMany(txs: SandboxTransaction[]): void {
    const incoming = [...txs].sort((a, b) => a.createdMs - b.createdMs);
    for (const tx of incoming) this.byId.set(tx.id, tx);
    const last = this.items.at(-1);
    if (!last || (incoming[0] && incoming[0].createdMs >= last.createdMs)) {
      for (const tx of incoming) this.items.push(tx);
      return;
    }
    const merged: SandboxTransaction[] = [];
    let i = 0;
    let j = 0;
    while (i < this.items.length || j < incoming.length) {
      const a = this.items[i];
      const b = incoming[j];
      if (a && (!b || a.createdMs <= b.createdMs)) {
        merged.push(a);
        i++;
      } else if (b) {
        merged.push(b);
        j++;
      }
    }
    this.items = merged;
  }

  get(id: string, now = Date.now()): SandboxTransaction | undefined {
    const tx = this.byId.get(id);
    if (tx) this.advance(tx, now);
    return tx;
  }

  /**
   * Newest first (or oldest first, `asc`) within [fromMs, toMs]: one page and the total that
   * matches. `where` filters on the current state (the schedule applied first).
   */
  page(
    range: {
      fromMs: number;
      toMs: number;
      offset: number;
      size: number;
      order?: "asc" | "desc";
      where?: (tx: SandboxTransaction) => boolean;
    },
    now = Date.now(),
  ): { data: SandboxTransaction[]; count: number } {
    const lo = this.lowerBound(range.fromMs);
    const hi = this.upperBound(range.toMs);
    const asc = range.order === "asc";
    const data: SandboxTransaction[] = [];
    if (this.unlisted.size === 0 && !range.where) {
      const count = Math.max(0, hi - lo);
      for (let k = range.offset; k < count && data.length < range.size; k++) {
        const tx = this.items[asc ? lo + k : hi - 1 - k]!;
        this.advance(tx, now);
        data.push(tx);
      }
      return { data, count };
    }
    // Unlisted and filtered-out ones are skipped as if absent: offsets and the count see the rest.
    let skip = range.offset;
    let count = 0;
    for (let k = 0; k < hi - lo; k++) {
      const tx = this.items[asc ? lo + k : hi - 1 - k]!;
      if (this.unlisted.has(tx.id)) continue;
      if (range.where) {
        this.advance(tx, now);
        if (!range.where(tx)) continue;
      }
      count++;
      if (skip > 0) {
        skip--;
        continue;
      }
      if (data.length < range.size) {
        this.advance(tx, now);
        data.push(tx);
      }
    }
    return { data, count };
  }

  /** Forgets a transaction: its detail answers 404 and no list shows it. Throws for an unknown id. */
  forget(id: string): void {
    if (!this.byId.delete(id)) throw new Error(`sandbox: no transaction ${id}`);
    this.items = this.items.filter((tx) => tx.id !== id);
    this.unlisted.delete(id);
  }

  /** Leaves a transaction out of the list (or, `false`, back in); its detail still answers. */
  setUnlisted(id: string, unlisted = true): void {
    if (!this.byId.has(id)) throw new Error(`sandbox: no transaction ${id}`);
    if (unlisted) this.unlisted.add(id);
    else this.unlisted.delete(id);
  }

  /** Every transaction, newest first, with the schedule applied. */
  all(now = Date.now()): SandboxTransaction[] {
    const out: SandboxTransaction[] = [];
    for (let i = this.items.length - 1; i >= 0; i--) {
      const tx = this.items[i]!;
      this.advance(tx, now);
      out.push(tx);
    }
    return out;
  }

  /** Puts a transaction in any status; from then on only control moves it. */
  setStatus(id: string, status: string): SandboxTransaction {
    const tx = this.byId.get(id);
    if (!tx) throw new Error(`sandbox: no transaction ${id}`);
    tx.auto = false;
    tx.timeline = undefined;
    this.enter(tx, status);
    return tx;
  }

  /**
   * Holds a transaction for verification (each dialect shows `hold` its own way); the schedule and
   * any plan stop, its status stays as it was underneath.
   */
  hold(id: string, hold: { link: string | null; asks: string | null }): SandboxTransaction {
    const tx = this.byId.get(id);
    if (!tx) throw new Error(`sandbox: no transaction ${id}`);
    tx.auto = false;
    tx.timeline = undefined;
    tx.hold = { ...hold };
    return tx;
  }

  /** Ends a hold: the transaction goes on in `status` (as setStatus). */
  release(id: string, status: string): SandboxTransaction {
    const tx = this.setStatus(id, status);
    tx.hold = null;
    return tx;
  }

  /**
   * Plans a transaction's future: each step's status is entered once its time has come (lazily,
   * like the schedule), so a day of swaps needs no timers. Replaces the schedule for it.
   */
  setTimeline(id: string, steps: readonly TimelineStep[]): SandboxTransaction {
    const tx = this.byId.get(id);
    if (!tx) throw new Error(`sandbox: no transaction ${id}`);
    tx.auto = false;
    tx.timeline = [...steps].sort((a, b) => a.atMs - b.atMs);
    return tx;
  }

  clear(): void {
    this.items = [];
    this.byId.clear();
    this.unlisted.clear();
  }

  private newId(): string {
    let id: string;
    do id = `${this.idPrefix}${randomHex(6)}`;
    while (this.byId.has(id));
    return id;
  }

  /** First index whose createdMs ≥ ms. */
  private lowerBound(ms: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.items[mid]!.createdMs < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose createdMs > ms. */
  private upperBound(ms: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.items[mid]!.createdMs <= ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private advance(tx: SandboxTransaction, now: number): void {
    while (tx.timeline?.[0] && tx.timeline[0].atMs <= now) {
      this.enter(tx, tx.timeline.shift()!.status);
    }
    if (!this.schedule || !tx.auto) return;
    const path = happyPath(this.schedule, this.dialect);
    const current = path.findIndex((stop) => stop.status === tx.status);
    if (current < 0 || current === path.length - 1) return;
    const elapsed = now - tx.createdMs;
    let reached = current;
    while (reached + 1 < path.length && elapsed >= path[reached + 1]!.afterMs) reached++;
    if (reached > current) this.enter(tx, path[reached]!.status);
  }

  /** Moves a transaction to a status, filling in what the real service knows at that point. */
  private enter(tx: SandboxTransaction, status: string): void {
    tx.status = status;
    if (!BEFORE_DEPOSIT.has(status) && !tx.tx_hash_in) tx.tx_hash_in = txHashFor(tx.network_from);
    if (status === "success") {
      if (!tx.tx_hash_out) tx.tx_hash_out = txHashFor(tx.network_to);
      tx.amount_out = finalAmountOut(tx.amount_out_expected, tx.rate_type, tx.id);
    } else if (status === "refunded") {
      // The deposit went back to the refund address; nothing was paid out.
      tx.amount_out = 0;
      tx.tx_hash_out = "";
    }
  }
}
